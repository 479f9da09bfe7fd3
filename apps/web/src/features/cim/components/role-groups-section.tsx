import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Plus, Trash2 } from 'lucide-react';
import { hasRole, MAX_ROLE_GROUPS, ROLE_GROUP_ROLES, type RoleGroups } from '@aula/contracts';
import { ErrorAlert } from '@/components/message-box';
import { QueryGate } from '@/components/query-gate';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/error-message';
import { notify } from '@/lib/notify';
import { useSelf } from '@/lib/session';
import { roleGroupsQueryOptions, useSaveRoleGroups } from '../api/role-groups';

/** spec 3.6 role groups: members of a directory group get a role at the next import. */
export function RoleGroupsSection() {
  const { t } = useTranslation();
  const query = useQuery(roleGroupsQueryOptions());
  return (
    <section aria-labelledby="cim-role-groups" className="grid gap-4 rounded-md border p-4">
      <h2 id="cim-role-groups" className="text-lg font-semibold">
        {t('cim.roleGroups.title')}
      </h2>
      <p className="text-sm">{t('cim.roleGroups.intro')}</p>
      <QueryGate query={query} loading={t('cim.roleGroups.loading')}>
        {(stored) => <Editor stored={stored} />}
      </QueryGate>
    </section>
  );
}

interface Row extends Omit<RoleGroups[number], 'group'> {
  key: number;
  group: string;
}

let nextKey = 0;
const toRows = (rows: RoleGroups): Row[] => rows.map((r) => ({ ...r, key: nextKey++ }));

function Editor({ stored }: { stored: RoleGroups }) {
  const { t } = useTranslation();
  const user = useSelf();
  const superadmin = hasRole(user, 'superadmin');
  const save = useSaveRoleGroups();
  const [rows, setRows] = useState(() => toRows(stored));
  const update = (key: number, patch: Partial<Row>) =>
    setRows((all) => all.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const submit = () =>
    save.mutate(
      rows.map(({ group, role }) => ({ group: group.trim(), role })),
      { onSuccess: () => notify({ type: 'success', title: t('cim.roleGroups.saved') }) },
    );

  return (
    <form
      className="grid gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {rows.length === 0 && <p className="text-sm text-muted-foreground">{t('cim.roleGroups.empty')}</p>}
      <ul className="grid gap-2">
        {rows.map((row, i) => {
          // an admin keeps the superadmin's admin rows as they are (server rule)
          const locked = row.role === 'admin' && !superadmin;
          return (
            <li key={row.key} className="flex flex-wrap items-end gap-2">
              <div className="grid gap-1">
                <label htmlFor={`rg-group-${row.key}`} className="text-sm">
                  {t('cim.roleGroups.group', { n: i + 1 })}
                </label>
                <Input
                  id={`rg-group-${row.key}`}
                  value={row.group}
                  maxLength={100}
                  required
                  readOnly={locked}
                  className="w-56"
                  onChange={(e) => update(row.key, { group: e.target.value })}
                />
              </div>
              <div className="grid gap-1">
                <label htmlFor={`rg-role-${row.key}`} className="text-sm">
                  {t('cim.roleGroups.role', { n: i + 1 })}
                </label>
                <select
                  id={`rg-role-${row.key}`}
                  value={row.role}
                  disabled={locked}
                  onChange={(e) => update(row.key, { role: e.target.value as Row['role'] })}
                  className="h-9 rounded-md border border-input bg-background px-2"
                >
                  {ROLE_GROUP_ROLES.filter((r) => r !== 'admin' || superadmin || locked).map((r) => (
                    <option key={r} value={r}>
                      {t(`cim.roleGroups.roles.${r}`)}
                    </option>
                  ))}
                </select>
              </div>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                disabled={locked}
                aria-label={t('cim.roleGroups.remove', { group: row.group || i + 1 })}
                onClick={() => setRows((all) => all.filter((r) => r.key !== row.key))}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </li>
          );
        })}
      </ul>
      {!superadmin && <p className="text-sm text-muted-foreground">{t('cim.roleGroups.adminOnly')}</p>}
      {save.isError && <ErrorAlert message={errorMessage(t, save.error)} />}
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          disabled={rows.length >= MAX_ROLE_GROUPS}
          onClick={() => setRows((all) => [...all, { key: nextKey++, group: '', role: 'teacher' }])}
        >
          <Plus aria-hidden="true" />
          {t('cim.roleGroups.add')}
        </Button>
        <Button type="submit" loading={save.isPending}>
          {t('cim.roleGroups.save')}
        </Button>
      </div>
    </form>
  );
}
