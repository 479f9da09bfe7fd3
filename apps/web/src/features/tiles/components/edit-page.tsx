import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Check, Plus, RotateCcw, Undo2 } from 'lucide-react';
import { ErrorAlert } from '@/components/message-box';
import { Button } from '@/components/ui/button';
import { useDialogs } from '@/lib/dialogs';
import { errorMessage } from '@/lib/error-message';
import { cn } from '@/lib/utils';
import { useEditActions } from '../hooks/use-edit-actions';
import { useEditLayout } from '../hooks/use-edit-layout';
import { useInputKind } from '../hooks/use-input-kind';
import { discardChanges } from '../lib/edit-store';
import { Board } from './edit-board';
import { GroupsPreview } from './groups-preview';
import { LeaveDialog } from './leave-dialog';

/** spec 4.5: the main page in edit mode; /edit toggles with root. */
export function EditPage() {
  const { t } = useTranslation();
  const { open } = useDialogs();
  const headingId = useId();
  const { self, tabs, tab, previewGroups, layout, data, editing, dirty, editLayoutType } = useEditLayout();
  const {
    blocker,
    save,
    resetPersonal,
    saveError,
    errorRef,
    exitEditMode,
    publish,
    resetLayout,
    editTile,
    switchTab,
  } = useEditActions({ editing, dirty, editLayoutType });
  const inputKind = useInputKind();
  // one tab is no choice: then there is no tab list (issue 19 item 3)
  const withTabs = tabs.length > 1;

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <h1 id={headingId} className="me-auto text-xl font-semibold">
          {t('tiles.edit.heading')}
        </h1>
        <Button variant="outline" size="sm" onClick={() => void open('create-app')}>
          <Plus aria-hidden="true" />
          {t('dialogs.createApp')}
        </Button>
        <Button variant="secondary" size="sm" onClick={() => void exitEditMode()}>
          <Check aria-hidden="true" />
          {t('tiles.edit.exit')}
        </Button>
      </div>

      {withTabs && (
        // the tabs wrap onto a second line on a phone instead of scrolling out of sight
        <div role="tablist" aria-labelledby={headingId} className="flex flex-wrap gap-x-1 border-b">
          {tabs.map((id) => (
            <button
              key={id}
              id={`edit-tab-${id}`}
              type="button"
              role="tab"
              aria-selected={tab === id}
              aria-controls="edit-tabpanel"
              onClick={() => switchTab(id)}
              className={cn(
                '-mb-px shrink-0 border-b-2 px-3 py-2 text-sm font-medium coarse:min-h-11 outline-none focus-visible:ring-[3px] focus-visible:ring-ring',
                tab === id
                  ? 'border-primary text-foreground'
                  : 'border-transparent text-muted-foreground hover:text-foreground',
              )}
            >
              {t(`tiles.tabs.${id}`)}
            </button>
          ))}
        </div>
      )}

      <div
        id="edit-tabpanel"
        role={withTabs ? 'tabpanel' : undefined}
        aria-labelledby={withTabs ? `edit-tab-${tab}` : undefined}
        className="grid gap-4"
      >
        {saveError && (
          <ErrorAlert ref={errorRef} tabIndex={-1} title={t('tiles.edit.saveFailed')} message={saveError} />
        )}
        {tab === 'groups' ? (
          <GroupsPreview
            groups={previewGroups}
            tiles={layout.data?.layout}
            loading={layout.isFetching}
            error={layout.error}
          />
        ) : layout.isError ? (
          <ErrorAlert message={errorMessage(t, layout.error)}>
            <Button variant="outline" onClick={() => void layout.refetch()}>
              {t('common.retry')}
            </Button>
          </ErrorAlert>
        ) : !editing ? (
          <p role="status" className="text-muted-foreground">
            {t('home.loading')}
          </p>
        ) : (
          <>
            <p className="text-sm text-muted-foreground">
              {t(`tiles.edit.intro.${editLayoutType}`)}
              {tab === 'personal' &&
                data?.layoutType === 'logged-in' &&
                ` ${t('tiles.edit.fromSchool')}`}{' '}
              {t(`tileHelp.editHint.${inputKind}`)}
            </p>
            <div className="flex flex-wrap items-center gap-2">
              <Button loading={save.isPending} disabled={!dirty} onClick={() => void publish()}>
                <Check aria-hidden="true" />
                {t(editLayoutType === 'personal' ? 'common.save' : 'tiles.edit.publish')}
              </Button>
              <Button variant="outline" disabled={!dirty} onClick={discardChanges}>
                <Undo2 aria-hidden="true" className="rtl:-scale-x-100" />
                {t('tiles.edit.discard')}
              </Button>
              {tab === 'personal' && data?.layoutType === 'personal' && (
                <Button variant="ghost" loading={resetPersonal.isPending} onClick={() => void resetLayout()}>
                  <RotateCcw aria-hidden="true" />
                  {t('tiles.edit.reset')}
                </Button>
              )}
              <span role="status" className="text-sm text-muted-foreground">
                {dirty ? t('tiles.edit.unsaved') : ''}
              </span>
            </div>
            <Board state={editing} self={self} onEdit={editTile} />
          </>
        )}
      </div>

      {blocker.status === 'blocked' && (
        <LeaveDialog onStay={() => blocker.reset()} onLeave={() => blocker.proceed()} />
      )}
    </div>
  );
}
