import type { ReactNode } from 'react';
import { TriangleAlert, type LucideIcon } from 'lucide-react';
import { cn } from '@/lib/utils';

const tones = {
  error: { box: 'border-destructive bg-destructive/10', icon: 'text-destructive' },
  notice: { box: 'border-primary/40 bg-primary/10', icon: 'text-primary' },
};

/** A framed message with its icon, as forms show an error or a notice; the live region is the caller's. */
export function MessageBox({
  tone,
  icon: Icon,
  children,
}: {
  tone: keyof typeof tones;
  icon: LucideIcon;
  children: ReactNode;
}) {
  return (
    <div className={cn('flex items-start gap-2 rounded-md border px-3 py-2 text-sm', tones[tone].box)}>
      <Icon className={cn('mt-0.5 size-4 shrink-0', tones[tone].icon)} aria-hidden="true" />
      <div className="min-w-0">{children}</div>
    </div>
  );
}

/**
 * A form's or a query's error: the live region is always there (so a new message is announced), the framed
 * message only while there is one.
 */
export function ErrorAlert({ message, icon = TriangleAlert }: { message: ReactNode; icon?: LucideIcon }) {
  return (
    <div role="alert">
      {message ? (
        <MessageBox tone="error" icon={icon}>
          {message}
        </MessageBox>
      ) : null}
    </div>
  );
}
