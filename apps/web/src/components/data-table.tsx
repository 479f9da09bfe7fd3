import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

export interface Column<T> {
  heading: string;
  cell: (row: T) => ReactNode;
  className?: string;
}

const cellClass = 'p-2 text-start align-top';

/** A plain table of rows with a caption for screen readers; scrolls sideways on a phone instead of squeezing. */
export function DataTable<T extends { id: number }>({
  caption,
  columns,
  rows,
  busy,
}: {
  caption: string;
  columns: Column<T>[];
  rows: T[];
  busy?: boolean;
}) {
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
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b">
            {columns.map((column) => (
              <th key={column.heading} scope="col" className={cellClass}>
                {column.heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className="border-b last:border-b-0">
              {columns.map((column) => (
                <td key={column.heading} className={cn(cellClass, column.className)}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
