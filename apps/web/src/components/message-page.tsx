import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { cn } from '@/lib/utils';
import { SiteFooter } from './site-footer';

interface MessagePageProps {
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  className?: string;
}

/**
 * A centred icon, heading, sentence and actions: the shape of the offline, error, 404 and placeholder pages.
 * Its footer links the imprint, as every page must (decision 059); inside the shell the shell's footer does.
 */
export function MessagePage({ icon: Icon, title, children, actions, className }: MessagePageProps) {
  return (
    <div
      className={cn('mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-12 text-center', className)}
    >
      <span className="flex size-16 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <Icon className="size-8" aria-hidden="true" />
      </span>
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      {children}
      {actions && <div className="flex flex-wrap items-center justify-center gap-2">{actions}</div>}
      <SiteFooter className="mt-4" />
    </div>
  );
}
