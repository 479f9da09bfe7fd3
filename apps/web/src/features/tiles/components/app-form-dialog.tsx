import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Trash2 } from 'lucide-react';
import { LoadingDialog } from '@/components/loading-dialog';
import { ErrorAlert } from '@/components/message-box';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogFrame, FormFooter } from '@/components/ui/dialog';
import type { DialogProps } from '@/lib/dialogs';
import { useAppForm } from '../hooks/use-app-form';
import { useStartDraft } from '../hooks/use-start-draft';
import { useDraft, type AppDraft } from '../lib/app-draft';
import {
  IconFields,
  LockedField,
  TargetField,
  TitleFields,
  TypeFields,
  UrlOrFileField,
  WantedPermsField,
} from './app-form-fields';

/** spec 2.5 create-app and edit-app: every field of spec 3.1, checked live by spec 5's rules. */
export default function AppFormDialog({ id, close }: DialogProps) {
  const { t } = useTranslation();
  const { ready, missing } = useStartDraft(id);
  const draft = useDraft();
  const title = t(id === 'create-app' ? 'dialogs.createApp' : 'dialogs.editApp');

  if (missing) {
    return (
      <DialogFrame
        title={title}
        description={t('tiles.form.missing')}
        footer={
          <DialogClose asChild>
            <Button variant="outline">{t('common.close')}</Button>
          </DialogClose>
        }
      />
    );
  }
  if (!ready || !draft) {
    return <LoadingDialog title={title} />;
  }
  return <AppForm title={title} draft={draft} close={close} />;
}

function AppForm({ title, draft, close }: { title: string; draft: AppDraft; close: () => void }) {
  const { t } = useTranslation();
  const formId = useId();
  const form = useAppForm(draft, formId, close);
  const { save, submitted, issues, suggestion, generalError, mayDelete, isNew } = form;

  if (suggestion) {
    return (
      <DialogFrame
        title={t('tiles.embed.title')}
        description={t(suggestion.reason === 'frame-ancestors' ? 'tiles.embed.csp' : 'tiles.embed.xfo')}
        footer={
          <>
            <Button variant="outline" onClick={close}>
              {t('tiles.embed.keep')}
            </Button>
            <Button loading={save.isPending} onClick={() => void form.switchToNewTab()}>
              {t('tiles.embed.useNewTab')}
            </Button>
          </>
        }
      />
    );
  }

  return (
    <DialogFrame title={title} className="max-w-2xl">
      <form id={formId} noValidate onSubmit={(event) => void form.submit(event)} className="grid gap-5">
        {generalError && <ErrorAlert message={generalError} />}
        {submitted && issues.length > 0 && (
          <ErrorAlert className="sr-only" message={t('tiles.form.fixErrors', { count: issues.length })} />
        )}

        <TitleFields field={form.field} />
        <IconFields field={form.field} pickFile={form.pickFile} />
        <TargetField field={form.field} />
        <UrlOrFileField field={form.field} pickFile={form.pickFile} />
        <TypeFields field={form.field} />
        <WantedPermsField field={form.field} />
        <LockedField field={form.field} />
      </form>
      <FormFooter
        formId={formId}
        pending={save.isPending}
        submit={t('common.save')}
        before={
          !isNew &&
          mayDelete && (
            <Button
              variant="ghost"
              className="text-destructive desktop:me-auto"
              onClick={() => void form.deleteTile()}
            >
              <Trash2 aria-hidden="true" />
              {t('common.delete')}
            </Button>
          )
        }
      />
    </DialogFrame>
  );
}
