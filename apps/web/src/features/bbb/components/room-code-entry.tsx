import { useEffect, useState, type ComponentType } from 'react';
import { whenIdle } from '@/lib/idle';
import { loadAllStrings } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import type { RoomCodeFieldProps } from './room-code-field';

/**
 * The room-code field on the login and home pages, loaded after the first paint with the whole language
 * (its strings are in `bbb`, not a start-up area): the first paint carries none of it (decision 069,
 * e2e/budget.spec.ts). Loaded by hand, not with lazy() and Suspense, whose reveal waits for a timer that a
 * paused test clock never runs. The space it takes is kept free meanwhile, so nothing below it jumps.
 */
export function RoomCodeEntry({ className, ...props }: RoomCodeFieldProps) {
  const [Field, setField] = useState<ComponentType<RoomCodeFieldProps> | null>(null);
  useEffect(() => {
    let live = true;
    whenIdle('room-code', () => Promise.all([import('./room-code-field'), loadAllStrings()])).then(
      ([module]) => {
        if (live) setField(() => module.RoomCodeField);
      },
      () => {
        // offline before it loaded: the page works without it, and the next visit tries again
      },
    );
    return () => {
      live = false;
    };
  }, []);
  return (
    <div className={cn(props.intro ? 'min-h-28' : 'min-h-[4.25rem]', className)}>
      {Field && <Field {...props} />}
    </div>
  );
}
