import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Pager } from '@/components/pager';
import { QueryGate } from '@/components/query-gate';
import { cn } from '@/lib/utils';

export interface Column<T> {
  heading: string;
  cell: (row: T) => ReactNode;
  /** the column's cells' own classes (a font, a size) */
  className?: string;
  /** numbers stand at the reading end, heading and cells */
  align?: 'end';
  /** the cells name their row (a day, a tile): row headers for screen readers */
  rowHeader?: boolean;
}

export interface DataTableProps<T> {
  caption: string;
  captionVisible?: boolean;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T, index: number) => string | number;
  busy?: boolean;
  dense?: boolean;
  scrolls?: boolean;
  /** the table's width and spacing, beside `w-full text-sm` */
  className?: string;
}

/**
 * A plain table of rows with its caption (decision 086): for screen readers only unless `captionVisible`.
 * `dense` is the small table beside a chart or below an import; `scrolls` puts it in a box that scrolls
 * sideways on a phone instead of squeezing, reachable by keyboard. Rows are keyed by `rowKey`.
 */
export function DataTable<T>({
  caption,
  captionVisible = false,
  columns,
  rows,
  rowKey,
  busy,
  dense = false,
  scrolls = true,
  className,
}: DataTableProps<T>) {
  const pad = dense ? 'p-1' : 'p-2 align-top';
  const table = (
    <table className={cn('w-full text-sm', className)}>
      <caption className={captionVisible ? 'text-start font-semibold' : 'sr-only'}>{caption}</caption>
      <thead>
        <tr className="border-b">
          {columns.map((column) => (
            <th
              key={column.heading}
              scope="col"
              className={cn(pad, column.align === 'end' ? 'text-end' : 'text-start')}
            >
              {column.heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={rowKey(row, index)} className="border-b last:border-b-0">
            {columns.map((column) => {
              const className = cn(
                pad,
                column.align === 'end' ? 'text-end' : 'text-start',
                column.rowHeader && 'font-normal',
                column.className,
              );
              return column.rowHeader ? (
                <th key={column.heading} scope="row" className={className}>
                  {column.cell(row)}
                </th>
              ) : (
                <td key={column.heading} className={className}>
                  {column.cell(row)}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
  if (!scrolls) return table;
  return (
    // on a phone the table scrolls sideways: the box takes the focus so the keyboard can scroll it too
    <div
      role="region"
      aria-label={caption}
      // axe scrollable-region-focusable: a box that scrolls must be reachable by keyboard
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      className="overflow-x-auto rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      aria-busy={busy || undefined}
    >
      {table}
    </div>
  );
}

/**
 * One page of a server-paged table (decision 086): loading and errors as `QueryGate` shows them, `empty` for no
 * rows (or nothing, where the page says it elsewhere), the table, and the pager named `pagesLabel` below it.
 */
export function PagedDataTable<T>({
  query,
  loading,
  empty,
  pagesLabel,
  page,
  perPage,
  onPage,
  ...table
}: {
  query: Pick<UseQueryResult<{ items: T[]; total: number }>, 'data' | 'error' | 'isError'>;
  loading: string;
  empty?: string;
  pagesLabel: string;
  page: number;
  perPage: number;
  onPage: (page: number) => void;
} & Omit<DataTableProps<T>, 'rows'>) {
  return (
    <QueryGate query={query} loading={loading}>
      {(data) => (
        <>
          {data.items.length === 0 && empty !== undefined && (
            <p className="text-sm text-muted-foreground">{empty}</p>
          )}
          {data.items.length > 0 && <DataTable {...table} rows={data.items} />}
          <Pager label={pagesLabel} page={page} perPage={perPage} total={data.total} onPage={onPage} />
        </>
      )}
    </QueryGate>
  );
}
