import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, useBlocker, useNavigate, useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  closestCenter,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  arrayMove,
  rectSortingStrategy,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { Check, LogOut, Plus, RotateCcw, SlidersHorizontal, Undo2, Users } from 'lucide-react';
import {
  DIALOG_PARAM,
  bubbleTitle,
  filterUnused,
  mayEditBubble,
  type Bubble,
  type LayoutType,
} from '@aula/contracts';
import { ErrorAlert } from '@/components/message-box';
import { Button } from '@/components/ui/button';
import { Dialog, DialogFrame } from '@/components/ui/dialog';
import { useConfirm, useConfirmDelete } from '@/lib/confirm';
import { navigateSearch, useDialogs } from '@/lib/dialogs';
import { errorMessage } from '@/lib/error-message';
import { currentLocale } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { usePerms } from '@/lib/perms';
import { useSelf } from '@/lib/session';
import { cn } from '@/lib/utils';
import { layoutQueryOptions } from '../api/get-layout';
import { useResetPersonalLayout, useSaveLayout } from '../api/save-layout';
import { parseGroupIds, type EditTab } from '../lib/edit-search';
import {
  addToLayout,
  discardChanges,
  getEditState,
  isDirty,
  markSaved,
  moveInLayout,
  removeFromLayout,
  setEditLists,
  startEditing,
  stopEditing,
  useEditState,
  useUnusedFilter,
  type EditState,
} from '../lib/edit-store';
import { PermissionBadge, SortableLayoutTile, SortableUnusedTile } from './edit-tile';
import { TileFace } from './tile-face';
import { UnusedFilterControls } from './unused-filter';

const routeApi = getRouteApi('/shell/edit');

const gridClass =
  'grid min-h-32 grid-cols-3 gap-x-2 gap-y-4 rounded-xl desktop:grid-cols-[repeat(auto-fill,minmax(8.5rem,1fr))] desktop:gap-x-4 desktop:gap-y-6';

type Container = 'layout' | 'unused';

function containerOf(state: EditState, id: UniqueIdentifier): Container | null {
  if (id === 'layout' || state.layout.includes(id as number)) return 'layout';
  if (id === 'unused' || state.unused.includes(id as number)) return 'unused';
  return null;
}

/** Waits until the dialogs a confirmation opened have closed (closing goes back in history). */
function afterDialogsClosed(router: ReturnType<typeof useRouter>): Promise<void> {
  return new Promise((resolve) => {
    const open = () => Boolean((router.state.location.search as Record<string, unknown>)[DIALOG_PARAM]);
    if (!open()) return resolve();
    const timer = setTimeout(done, 500);
    const unsubscribe = router.subscribe('onResolved', () => !open() && done());
    function done() {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    }
  });
}

function DropArea({
  id,
  className,
  children,
  label,
}: {
  id: Container;
  className?: string;
  children: React.ReactNode;
  label: string;
}) {
  const { setNodeRef, isOver } = useDroppable({ id });
  return (
    <ul ref={setNodeRef} aria-label={label} className={cn(className, isOver && 'ring-2 ring-primary/40')}>
      {children}
    </ul>
  );
}

/** spec 4.5: the main page in edit mode; /edit toggles with root. */
export function EditPage() {
  const { t } = useTranslation();
  const self = useSelf();
  const { permissions } = usePerms();
  const search = routeApi.useSearch();
  const navigate = useNavigate();
  const router = useRouter();
  const queryClient = useQueryClient();
  const { open } = useDialogs();
  const confirm = useConfirm();
  const confirmDelete = useConfirmDelete();
  const save = useSaveLayout();
  const resetPersonal = useResetPersonalLayout();
  const headingId = useId();
  const errorRef = useRef<HTMLDivElement>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const leaving = useRef(false);

  const tabs: EditTab[] = [
    'personal',
    ...(permissions?.editSchoolLayouts ? (['logged-out', 'logged-in'] as const) : []),
    ...(permissions?.previewGroups ? (['groups'] as const) : []),
  ];
  const tab: EditTab = search.tab && tabs.includes(search.tab) ? search.tab : 'personal';
  const previewGroups = parseGroupIds(search.groups);
  const layoutType: LayoutType | undefined =
    tab === 'groups' ? 'logged-in' : tab === 'personal' ? undefined : tab;
  const request =
    tab === 'groups'
      ? { userId: self?.id ?? null, layoutType, groups: previewGroups }
      : { userId: self?.id ?? null, layoutType, unused: true };
  const layout = useQuery({
    ...layoutQueryOptions(request, queryClient),
    enabled: tab !== 'groups' || previewGroups.length > 0,
    refetchOnWindowFocus: false,
  });

  // A fresh server answer starts a new working copy, unless the user has changes on this very layout.
  const data = layout.data;
  const key = `${tab}|${search.groups ?? ''}|${data?.version ?? ''}`;
  useEffect(() => {
    if (!data || tab === 'groups') return;
    const current = getEditState();
    if (current && current.key.startsWith(`${tab}|`) && isDirty(current)) return;
    const pinned =
      data.layoutType === 'personal' || tab === 'personal'
        ? new Set(data.layout.filter((b) => b.locked).map((b) => b.id))
        : new Set<number>();
    startEditing({ key, layout: data.layout, unused: data.unused, pinned });
  }, [data, key, tab]);
  useEffect(() => stopEditing, []);

  const state = useEditState();
  const editing = state && state.key === key ? state : null;
  const dirty = isDirty(editing);
  const editLayoutType: LayoutType = tab === 'personal' ? 'personal' : (layoutType ?? 'personal');

  // spec 4.5: leaving with unsaved changes asks first (links, Back, another tab of the editor, closing the page).
  const blocker = useBlocker({
    shouldBlockFn: ({ current, next }) => {
      if (leaving.current || !isDirty(getEditState())) return false;
      const nextSearch = next.search as { tab?: string; groups?: string };
      const currentSearch = current.search as { tab?: string; groups?: string };
      return (
        next.pathname !== current.pathname ||
        nextSearch.tab !== currentSearch.tab ||
        nextSearch.groups !== currentSearch.groups
      );
    },
    enableBeforeUnload: () => !leaving.current && isDirty(getEditState()),
    withResolver: true,
  });

  const leaveTo = async (to: '/') => {
    await afterDialogsClosed(router);
    leaving.current = true;
    await navigate({ to });
  };

  const exitEditMode = async () => {
    if (dirty) {
      const yes = await confirm('exit-edit-mode-confirmation', {
        title: t('tiles.edit.exitTitle'),
        description: t('tiles.edit.exitBody'),
        confirmLabel: t('tiles.edit.exitConfirm'),
        variant: 'default',
      });
      if (!yes) return;
    }
    await leaveTo('/');
  };

  const publish = async () => {
    if (!editing) return;
    if (editLayoutType !== 'personal') {
      const yes = await confirm('publish-confirmation', {
        title: t('tiles.edit.publishTitle'),
        description: t(
          editLayoutType === 'logged-out' ? 'tiles.edit.publishLoggedOut' : 'tiles.edit.publishLoggedIn',
        ),
        confirmLabel: t('tiles.edit.publish'),
        variant: 'default',
      });
      if (!yes) return;
      await afterDialogsClosed(router);
    }
    setSaveError(null);
    try {
      await save.mutateAsync({ layoutType: editLayoutType, ids: editing.layout });
      markSaved();
      notify({
        type: 'success',
        title: t(editLayoutType === 'personal' ? 'tiles.edit.saved' : 'tiles.edit.published'),
      });
      // spec 4.5: saving the layout ends edit mode
      await leaveTo('/');
    } catch (error) {
      // spec 8: a failed layout save sets the main content error; the arrangement stays as it is.
      setSaveError(errorMessage(t, error));
      requestAnimationFrame(() => errorRef.current?.focus());
    }
  };

  const resetLayout = async () => {
    const yes = await confirmDelete({
      title: t('tiles.edit.resetTitle'),
      description: t('tiles.edit.resetBody'),
      confirmLabel: t('tiles.edit.resetConfirm'),
    });
    if (!yes) return;
    try {
      stopEditing();
      await resetPersonal.mutateAsync();
      notify({ type: 'success', title: t('tiles.edit.resetDone') });
    } catch (error) {
      setSaveError(errorMessage(t, error));
    }
  };

  const editTile = (id: number) =>
    void navigateSearch(router, {
      search: (prev) => ({ ...prev, app: id, [DIALOG_PARAM]: 'edit-app' }),
      state: () => ({ openedDialog: 'edit-app' }),
    });

  const switchTab = (next: EditTab) =>
    void navigateSearch(router, {
      to: '/edit',
      search: (prev) => ({ ...prev, tab: next }),
      replace: true,
    });

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
        <Button variant="ghost" size="sm" onClick={() => void exitEditMode()}>
          <LogOut aria-hidden="true" className="rtl:-scale-x-100" />
          {t('tiles.edit.exit')}
        </Button>
      </div>

      <div role="tablist" aria-labelledby={headingId} className="flex gap-1 overflow-x-auto border-b">
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
              '-mb-px shrink-0 border-b-2 px-3 py-2 text-sm font-medium outline-none focus-visible:ring-[3px] focus-visible:ring-ring',
              tab === id
                ? 'border-primary text-foreground'
                : 'border-transparent text-muted-foreground hover:text-foreground',
            )}
          >
            {t(`tiles.tabs.${id}`)}
          </button>
        ))}
      </div>

      <div id="edit-tabpanel" role="tabpanel" aria-labelledby={`edit-tab-${tab}`} className="grid gap-4">
        {saveError && (
          <ErrorAlert ref={errorRef} tabIndex={-1} title={t('tiles.edit.saveFailed')} message={saveError} />
        )}
        {tab === 'groups' ? (
          <GroupsPreview
            groups={previewGroups}
            bubbles={layout.data?.layout}
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
              {tab === 'personal' && data?.layoutType === 'logged-in' && ` ${t('tiles.edit.fromSchool')}`}
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
              <Button variant="outline" className="desktop:hidden" onClick={() => void open('add-apps')}>
                <Plus aria-hidden="true" />
                {t('dialogs.addApps')}
              </Button>
              <span role="status" className="text-sm text-muted-foreground">
                {dirty ? t('tiles.edit.unsaved') : ''}
              </span>
            </div>
            <Board state={editing} self={self} onEdit={editTile} />
          </>
        )}
      </div>

      {blocker.status === 'blocked' && (
        <Dialog open onOpenChange={(isOpen) => !isOpen && blocker.reset()}>
          <DialogFrame
            title={t('tiles.edit.leaveTitle')}
            description={t('tiles.edit.leaveBody')}
            footer={
              <>
                <Button variant="outline" onClick={() => blocker.reset()}>
                  {t('tiles.edit.stay')}
                </Button>
                <Button
                  variant="destructive"
                  onClick={() => {
                    discardChanges();
                    blocker.proceed();
                  }}
                >
                  {t('tiles.edit.leave')}
                </Button>
              </>
            }
          />
        </Dialog>
      )}
    </div>
  );
}

function GroupsPreview({
  groups,
  bubbles,
  loading,
  error,
}: {
  groups: number[];
  bubbles: Bubble[] | undefined;
  loading: boolean;
  error: unknown;
}) {
  const { t } = useTranslation();
  const { open } = useDialogs();
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <p className="me-auto text-sm text-muted-foreground">
          {groups.length === 0
            ? t('tiles.groups.chooseFirst')
            : t('tiles.groups.previewing', { count: groups.length })}
        </p>
        <Button variant="outline" size="sm" onClick={() => void open('group-selection')}>
          <Users aria-hidden="true" />
          {t('dialogs.groupSelection')}
        </Button>
      </div>
      {error ? (
        <ErrorAlert message={errorMessage(t, error)} />
      ) : loading && !bubbles ? (
        <p role="status">{t('home.loading')}</p>
      ) : bubbles && groups.length > 0 ? (
        bubbles.length === 0 ? (
          <p className="rounded-xl border border-dashed p-8 text-center text-muted-foreground">
            {t('home.empty')}
          </p>
        ) : (
          <ul aria-label={t('tiles.groups.previewList')} className={gridClass}>
            {bubbles.map((bubble) => (
              <li key={bubble.id} className="relative flex flex-col items-center gap-2 p-1.5 text-center">
                <TileFace bubble={bubble} />
                <PermissionBadge bubble={bubble} />
                <span dir="auto" className="line-clamp-2 text-xs font-medium break-words desktop:text-sm">
                  {bubbleTitle(bubble, currentLocale())}
                </span>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  );
}

function Board({
  state,
  self,
  onEdit,
}: {
  state: EditState;
  self: ReturnType<typeof useSelf>;
  onEdit: (id: number) => void;
}) {
  const { t } = useTranslation();
  const { open } = useDialogs();
  const filter = useUnusedFilter();
  const [activeId, setActiveId] = useState<number | null>(null);
  const snapshot = useRef<Pick<EditState, 'layout' | 'unused'> | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const locale = currentLocale();
  const bubble = (id: number) => state.bubbles.get(id)!;
  const titleOf = (id: UniqueIdentifier) => {
    const b = state.bubbles.get(id as number);
    return b ? bubbleTitle(b, locale) : '';
  };
  const unusedShown = useMemo(
    () =>
      filterUnused(state.unused.map(bubble), {
        ...filter,
        laraId: self?.lara_id ?? '',
        groupIds: self?.groups.map((g) => g.id) ?? [],
        locale,
      }).map((b) => b.id),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [state.unused, state.bubbles, filter, self, locale],
  );
  const canEdit = (b: Bubble) => mayEditBubble(b, self);

  const positionText = (id: UniqueIdentifier): string => {
    const current = getEditState();
    if (!current) return '';
    const where = containerOf(current, id);
    if (where === 'unused') return t('tiles.dnd.inUnused');
    const index = id === 'layout' ? current.layout.length - 1 : current.layout.indexOf(id as number);
    return t('tiles.dnd.position', { position: index + 1, total: current.layout.length });
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      t('tiles.dnd.pickedUp', { title: titleOf(active.id), where: positionText(active.id) }),
    // over itself right after pick-up: keep the pick-up announcement
    onDragOver: ({ active, over }) =>
      over?.id === active.id
        ? undefined
        : over
          ? t('tiles.dnd.movedTo', { title: titleOf(active.id), where: positionText(over.id) })
          : t('tiles.dnd.outside', { title: titleOf(active.id) }),
    // said once the drop has been applied: where the tile now is (the tile it was over has moved aside)
    onDragEnd: ({ active, over }) =>
      over
        ? t('tiles.dnd.dropped', { title: titleOf(active.id), where: positionText(active.id) })
        : t('tiles.dnd.cancelled', { title: titleOf(active.id) }),
    onDragCancel: ({ active }) => t('tiles.dnd.cancelled', { title: titleOf(active.id) }),
  };

  const onDragStart = ({ active }: DragStartEvent) => {
    snapshot.current = { layout: state.layout, unused: state.unused };
    setActiveId(active.id as number);
  };
  const onDragOver = ({ active, over }: DragOverEvent) => {
    if (!over) return;
    setEditLists((s) => {
      const from = containerOf(s, active.id);
      const to = containerOf(s, over.id);
      if (!from || !to || from === to) return s;
      if (to === 'unused' && s.pinned.has(active.id as number)) return s;
      const id = active.id as number;
      const source = s[from].filter((x) => x !== id);
      const target = s[to].filter((x) => x !== id);
      const overIndex = target.indexOf(over.id as number);
      target.splice(overIndex < 0 ? target.length : overIndex, 0, id);
      return from === 'layout' ? { layout: source, unused: target } : { layout: target, unused: source };
    });
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setActiveId(null);
    snapshot.current = null;
    if (!over || active.id === over.id) return;
    setEditLists((s) => {
      const from = containerOf(s, active.id);
      const to = containerOf(s, over.id);
      if (!from || from !== to || typeof over.id !== 'number') return s;
      const list = s[from];
      const moved = arrayMove(list, list.indexOf(active.id as number), list.indexOf(over.id));
      return from === 'layout' ? { layout: moved, unused: s.unused } : { layout: s.layout, unused: moved };
    });
  };
  const onDragCancel = () => {
    const saved = snapshot.current;
    if (saved) setEditLists(() => saved);
    snapshot.current = null;
    setActiveId(null);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragStart={onDragStart}
      onDragOver={onDragOver}
      onDragEnd={onDragEnd}
      onDragCancel={onDragCancel}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('tiles.dnd.instructions') } }}
    >
      <div className="grid gap-6 desktop:grid-cols-[1fr_18rem] desktop:items-start">
        <section aria-labelledby="edit-layout-heading" className="grid gap-2">
          <h2 id="edit-layout-heading" className="text-base font-semibold">
            {t('tiles.edit.layoutHeading', { count: state.layout.length })}
          </h2>
          <SortableContext id="layout" items={state.layout} strategy={rectSortingStrategy}>
            <DropArea
              id="layout"
              label={t('tiles.edit.layoutHeading', { count: state.layout.length })}
              className={cn(gridClass, 'border border-dashed p-2')}
            >
              {state.layout.map((id, index) => (
                <SortableLayoutTile
                  key={id}
                  bubble={bubble(id)}
                  actions={{
                    canEdit: canEdit(bubble(id)),
                    pinned: state.pinned.has(id),
                    onEdit: () => onEdit(id),
                    onRemove: () => removeFromLayout(id),
                    onMove: (step) => moveInLayout(id, step),
                    isFirst: index === 0,
                    isLast: index === state.layout.length - 1,
                  }}
                />
              ))}
              {state.layout.length === 0 && (
                <li className="col-span-full self-center p-6 text-center text-sm text-muted-foreground">
                  {t('tiles.edit.emptyLayout')}
                </li>
              )}
            </DropArea>
          </SortableContext>
        </section>
        <section
          aria-labelledby="edit-unused-heading"
          className="grid gap-3 rounded-xl border bg-card p-3 desktop:sticky desktop:top-20"
        >
          <div className="flex items-center gap-2">
            <h2 id="edit-unused-heading" className="me-auto text-base font-semibold">
              {t('tiles.edit.unusedHeading')}
            </h2>
            <Button variant="ghost" size="sm" className="desktop:hidden" onClick={() => void open('filter')}>
              <SlidersHorizontal aria-hidden="true" />
              {t('dialogs.filter')}
            </Button>
          </div>
          <div className="mobile:hidden">
            <UnusedFilterControls />
          </div>
          <SortableContext id="unused" items={unusedShown} strategy={verticalListSortingStrategy}>
            <DropArea
              id="unused"
              label={t('tiles.edit.unusedHeading')}
              className="grid max-h-[60dvh] min-h-16 grid-cols-[minmax(0,1fr)] gap-2 overflow-y-auto rounded-lg p-0.5"
            >
              {unusedShown.map((id) => (
                <SortableUnusedTile
                  key={id}
                  bubble={bubble(id)}
                  canEdit={canEdit(bubble(id))}
                  onAdd={() => addToLayout(id)}
                  onEdit={() => onEdit(id)}
                />
              ))}
              {unusedShown.length === 0 && (
                <li className="p-3 text-center text-sm text-muted-foreground">
                  {state.unused.length === 0 ? t('tiles.edit.noUnused') : t('tiles.edit.noMatches')}
                </li>
              )}
            </DropArea>
          </SortableContext>
        </section>
      </div>
      <DragOverlay>
        {activeId !== null && state.bubbles.has(activeId) ? (
          <div className="flex w-28 flex-col items-center gap-2 rounded-xl bg-card/90 p-2 shadow-lg">
            <TileFace bubble={bubble(activeId)} />
            <span dir="auto" className="line-clamp-2 text-center text-xs font-medium">
              {titleOf(activeId)}
            </span>
          </div>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}
