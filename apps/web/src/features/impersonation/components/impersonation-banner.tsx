import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserRoundCheck } from 'lucide-react';
import type { UserInfo } from '@aula/contracts';
import { Button } from '@/components/ui/button';
import { displayName, useSelf } from '@/lib/session';
import { useStopImpersonation } from '../hooks/use-stop-impersonation';
import { clockLeft, minutesLeft } from '../lib/time-left';

type Impersonated = UserInfo & { impersonator: NonNullable<UserInfo['impersonator']> };

function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function Banner({ user }: { user: Impersonated }) {
  const { t } = useTranslation();
  const now = useNow();
  const stop = useStopImpersonation();
  const expiration = user.impersonation_expiration;
  const expired = expiration !== null && now >= expiration;
  // spec 4.3: it ends by itself; the server refuses the session after the limit, the page follows once
  const ended = useRef(false);
  useEffect(() => {
    if (!expired || ended.current) return;
    ended.current = true;
    stop.mutate();
  }, [expired, stop]);

  const minutes = expiration === null ? null : minutesLeft(expiration, now);
  return (
    <div className="border-b border-amber-600/40 bg-amber-100 text-amber-950 dark:border-amber-400/40 dark:bg-amber-950 dark:text-amber-50">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-2 px-3 py-2 text-sm desktop:px-6">
        <UserRoundCheck className="size-4 shrink-0" aria-hidden="true" />
        <div className="flex min-w-0 flex-1 flex-wrap items-baseline gap-x-3">
          <p role="status" className="font-medium">
            {t('impersonation.banner', {
              name: displayName(user),
              realName: displayName(user.impersonator),
            })}
          </p>
          {/* outside the live region: a ticking time would be read out every second */}
          {minutes !== null && (
            <p className="whitespace-nowrap tabular-nums">
              {minutes > 1
                ? t('impersonation.timeLeft', { count: minutes })
                : t('impersonation.clockLeft', { time: clockLeft(expiration ?? now, now) })}
            </p>
          )}
        </div>
        <Button
          size="sm"
          variant="outline"
          className="border-amber-700/50 bg-transparent hover:bg-amber-200 dark:border-amber-300/50 dark:hover:bg-amber-900"
          loading={stop.isPending}
          onClick={() => stop.mutate()}
        >
          {t('impersonation.stop')}
        </Button>
      </div>
    </div>
  );
}

/** spec 2.6, 4.3: while impersonating, every page of the shell says who is shown, for how long, and how to stop. */
export function ImpersonationBanner() {
  const self = useSelf();
  if (!self?.impersonator) return null;
  return <Banner user={self as Impersonated} />;
}
