import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/message-box';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogFrame } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/error-message';
import { usePerms } from '@/lib/perms';
import { useSelf } from '@/lib/session';
import { groupsQueryOptions } from '@/lib/groups';
import { blockEnter } from '../lib/block-enter';

/** A checkbox list of the groups the user may use: admins every group, teachers their own. */
export function GroupChooserDialog({
  title,
  description,
  initial,
  confirmLabel,
  onConfirm,
}: {
  title: string;
  description: string;
  initial: readonly number[];
  confirmLabel: string;
  onConfirm: (ids: number[]) => void;
}) {
  const { t } = useTranslation();
  const self = useSelf();
  const { permissions } = usePerms();
  const groups = useQuery(groupsQueryOptions(permissions?.editSchoolLayouts ? undefined : self?.id));
  const [chosen, setChosen] = useState<Set<number>>(() => new Set(initial));
  const [query, setQuery] = useState('');
  const q = query.trim().toLocaleLowerCase();
  const shown = (groups.data ?? []).filter((g) => !q || g.name.toLocaleLowerCase().includes(q));

  return (
    <DialogFrame
      title={title}
      description={description}
      footer={
        <>
          <DialogClose asChild>
            <Button variant="outline">{t('common.cancel')}</Button>
          </DialogClose>
          <Button onClick={() => onConfirm([...chosen].sort((a, b) => a - b))}>{confirmLabel}</Button>
        </>
      }
    >
      <Input
        type="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={blockEnter}
        aria-label={t('tiles.groups.search')}
        placeholder={t('tiles.groups.search')}
      />
      {groups.isPending && <p role="status">{t('common.loading')}</p>}
      {groups.isError && <ErrorAlert message={errorMessage(t, groups.error)} />}
      {groups.data && (
        <fieldset className="grid max-h-72 gap-1 overflow-y-auto">
          <legend className="sr-only">{title}</legend>
          {shown.map((group) => (
            <label key={group.id} className="flex items-center gap-3 rounded-md p-2 text-sm hover:bg-accent">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={chosen.has(group.id)}
                onChange={(event) =>
                  setChosen((current) => {
                    const next = new Set(current);
                    if (event.target.checked) next.add(group.id);
                    else next.delete(group.id);
                    return next;
                  })
                }
              />
              <bdi className="font-medium">{group.name}</bdi>
              <span className="text-xs text-muted-foreground">{t(`tiles.groups.types.${group.type}`)}</span>
            </label>
          ))}
          {shown.length === 0 && <p className="text-sm text-muted-foreground">{t('tiles.groups.none')}</p>}
        </fieldset>
      )}
    </DialogFrame>
  );
}
