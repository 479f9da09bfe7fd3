import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/data-table';
import type { CimChangeFields, CimColumn, CimPlan, CimRowError } from '@aula/contracts';

function List({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  if (count === 0) return null;
  return (
    <details className="rounded-md border p-2">
      <summary className="cursor-pointer font-medium">
        {title} ({count})
      </summary>
      <ul className="mt-2 grid max-h-80 gap-1 overflow-y-auto ps-4 text-sm">{children}</ul>
    </details>
  );
}

function fieldValue(t: TFunction, field: keyof CimChangeFields, value: unknown): string {
  if (value === undefined || value === null || value === '') return '–';
  if (Array.isArray(value)) return value.length ? value.join(', ') : '–';
  if (field === 'type') return t(`cim.types.${value as 'L' | 'S'}`);
  if (typeof value === 'boolean') return t(value ? 'cim.plan.yes' : 'cim.plan.no');
  return String(value);
}

/** The dry run's answer: counts, then the people and groups in expandable lists. */
export function PlanView({ plan }: { plan: CimPlan }) {
  const { t, i18n } = useTranslation();
  // "before → after" reads from the start: the arrow points the reading direction
  const arrow = i18n.dir() === 'rtl' ? '←' : '→';
  const nothing =
    plan.create.length + plan.update.length + plan.deactivate.length + plan.groupsCreate.length === 0;
  return (
    <section aria-labelledby="cim-plan" className="grid gap-3">
      <h3 id="cim-plan" className="font-semibold">
        {t('cim.plan.title')}
      </h3>
      <ul className="grid gap-1 text-sm">
        <li>{t('cim.plan.rows', { count: plan.rows })}</li>
        <li>{t('cim.plan.create', { count: plan.create.length })}</li>
        <li>{t('cim.plan.update', { count: plan.update.length })}</li>
        <li>{t('cim.plan.deactivate', { count: plan.deactivate.length })}</li>
        <li>{t('cim.plan.groupsCreate', { count: plan.groupsCreate.length })}</li>
      </ul>
      {nothing && <p className="text-sm">{t('cim.plan.nothing')}</p>}
      <List title={t('cim.plan.createList')} count={plan.create.length}>
        {plan.create.map((c) => (
          <li key={c.line}>
            <bdi className="font-mono">{c.username}</bdi>: <bdi>{`${c.firstName} ${c.lastName}`}</bdi> (
            {t(`cim.types.${c.type}`)}
            {c.admin ? `, ${t('cim.plan.admin')}` : ''})
            {c.classes.length > 0 && <> – {c.classes.join(', ')}</>}
          </li>
        ))}
      </List>
      <List title={t('cim.plan.updateList')} count={plan.update.length}>
        {plan.update.map((u) => (
          <li key={u.id}>
            <bdi className="font-mono">{u.username}</bdi>:{' '}
            {(Object.keys(u.after) as (keyof CimChangeFields)[]).map((field, i) => (
              <span key={field}>
                {i > 0 && '; '}
                {t(`cim.fields.${field}`)}: <bdi>{fieldValue(t, field, u.before[field])}</bdi> {arrow}{' '}
                <bdi>{fieldValue(t, field, u.after[field])}</bdi>
              </span>
            ))}
          </li>
        ))}
      </List>
      <List title={t('cim.plan.deactivateList')} count={plan.deactivate.length}>
        {plan.deactivate.map((d) => (
          <li key={d.id}>
            <bdi className="font-mono">{d.username}</bdi>: <bdi>{`${d.firstName} ${d.lastName}`}</bdi>
          </li>
        ))}
      </List>
      <List title={t('cim.plan.groupsList')} count={plan.groupsCreate.length}>
        {plan.groupsCreate.map((g) => (
          <li key={g}>
            <bdi>{g}</bdi>
          </li>
        ))}
      </List>
    </section>
  );
}

/** The rows the server refused, by line, with the reason translated. */
export function RowErrorsTable({ total, rows }: { total: number; rows: CimRowError[] }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-2">
      <DataTable
        caption={t('cim.errors.caption', { count: total })}
        captionVisible
        rows={rows}
        rowKey={(r, i) => `${r.line}-${r.column ?? ''}-${i}`}
        dense
        scrolls={false}
        className="max-w-2xl border-collapse"
        columns={[
          { heading: t('cim.errors.line'), cell: (r) => r.line },
          {
            heading: t('cim.errors.column'),
            cell: (r) => (r.column ? t(`cim.columns.${r.column as CimColumn}`) : '–'),
          },
          {
            heading: t('cim.errors.reason'),
            cell: (r) => t(`cim.rowErrors.${r.code}`, { defaultValue: r.code }),
          },
        ]}
      />
      {total > rows.length && (
        <p className="text-sm">{t('cim.errors.more', { count: total - rows.length })}</p>
      )}
    </div>
  );
}
