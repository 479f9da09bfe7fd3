import type { ComponentProps } from 'react';
import { LoaderCircle } from 'lucide-react';
import { cn } from '@/lib/utils';

/** Decorative progress indicator; the surrounding text or aria-busy says what is loading. */
export function Spinner({ className, ...props }: ComponentProps<typeof LoaderCircle>) {
  return (
    <LoaderCircle
      aria-hidden="true"
      className={cn('animate-spin text-muted-foreground', className)}
      {...props}
    />
  );
}
