import type { ReactNode, Ref } from 'react';
import { CircleAlert, CircleCheck, type LucideIcon } from 'lucide-react';
import { cn } from '@/lib/utils';

const tones = {
  error: { box: 'border-destructive bg-destructive/10', icon: 'text-destructive' },
  notice: { box: 'border-primary/40 bg-primary/10', icon: 'text-primary' },
  warning: {
    box: 'border-amber-600/60 bg-amber-500/10 dark:border-amber-400/60',
    icon: 'text-amber-700 dark:text-amber-400',
  },
};

/** A framed message with its icon; for errors use ErrorAlert, which adds the live region. */
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
 * The one way an error is shown (a form's, a query's, a page's): a live region that is always there while
 * the component is (so a new message is announced), with the framed message only while there is one. An
 * empty region leaves the flow, so it adds no gap. `id` is for the fields' aria-describedby; `children` are
 * actions below the message (e.g. "retry"); `tabIndex` and `ref` let a caller move focus to it.
 */
export function ErrorAlert({
  message,
  title,
  id,
  className,
  tabIndex,
  ref,
  children,
}: {
  message: ReactNode;
  title?: ReactNode;
  id?: string;
  className?: string;
  tabIndex?: number;
  ref?: Ref<HTMLDivElement>;
  children?: ReactNode;
}) {
  return (
    <div
      role="alert"
      id={id}
      ref={ref}
      tabIndex={tabIndex}
      className={cn('empty:absolute', tabIndex !== undefined && 'outline-none', className)}
    >
      {message ? (
        <MessageBox tone="error" icon={CircleAlert}>
          {title ? <p className="font-medium">{title}</p> : null}
          {message}
          {children ? <div className="mt-2 flex flex-wrap gap-2">{children}</div> : null}
        </MessageBox>
      ) : null}
    </div>
  );
}

/** A notice (role status) in the same frame, announced when it appears; empty, it leaves the flow too. */
export function NoticeStatus({ message }: { message: ReactNode }) {
  return (
    <div role="status" className="empty:absolute">
      {message ? (
        <MessageBox tone="notice" icon={CircleCheck}>
          {message}
        </MessageBox>
      ) : null}
    </div>
  );
}
