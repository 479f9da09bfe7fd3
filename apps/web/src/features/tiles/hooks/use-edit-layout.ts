import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import type { LayoutType } from '@aula/contracts';
import { usePerms } from '@/lib/perms';
import { useSelf } from '@/lib/session';
import { layoutQueryOptions } from '../api/get-layout';
import { parseGroupIds, type EditTab } from '../lib/edit-search';
import { getEditState, isDirty, startEditing, stopEditing, useEditState } from '../lib/edit-store';

const routeApi = getRouteApi('/shell/edit');

/**
 * What the edit page shows: the tabs the user may use, the chosen one, its layout from the server, and the
 * working copy being edited (spec 4.5).
 */
export function useEditLayout() {
  const self = useSelf();
  const { permissions } = usePerms();
  const search = routeApi.useSearch();
  const queryClient = useQueryClient();

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

  return { self, tabs, tab, previewGroups, layout, data, editing, dirty, editLayoutType };
}
