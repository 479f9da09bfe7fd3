import { useEffect } from 'react';
import { Outlet, useMatches, useSearch } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/message-box';
import { titleWithUnread } from '@/features/chat/lib/unread-title';
import { Button } from '@/components/ui/button';
import { ApiError, isNetworkError } from '@/lib/api-client';
import { configQueryOptions } from '@/lib/config';
import { usePerms } from '@/lib/perms';
import { useSchoolAccent, useSchoolName } from '@/lib/school';
import { useShortcuts } from '@/lib/shortcuts';
import { DialogHost } from '../dialogs/dialog-host';
import { useChatUnread } from '../layout/use-chat-unread';
import { useOnlinePing } from '../layout/use-online-ping';

/**
 * spec 1: "{page} - {school}", or the school's name alone on the home page (Aula without one, decision 059);
 * with the chat's unread count in front and the chat alert's mark (issue 22 item 4).
 */
function useDocumentTitle(): void {
  const { t } = useTranslation();
  const school = useSchoolName();
  const name = useMatches({ select: (matches) => matches.at(-1)?.staticData.name });
  const { title } = useSearch({ strict: false });

  let page: string | undefined;
  if (name === undefined) page = t('pages.notFound');
  else if (name === 'iframeApp' && title) page = title;
  else if (name !== 'root') page = t(`pages.${name}`);

  const { unread, alerted } = useChatUnread();
  const mark = alerted ? t('chat.alert.mark') : null;
  useEffect(() => {
    document.title = titleWithUnread(page ? `${page} - ${school}` : school, unread, mark);
  }, [page, school, unread, mark]);
}

function isOutage(error: unknown): boolean {
  return (
    isNetworkError(error) || (error instanceof ApiError && (error.status === 502 || error.status === 503))
  );
}

/** spec 8: a failed config or permission fetch that is not an outage (502, 503, no network) gets a banner with reload. */
function CriticalErrorBanner() {
  const { t } = useTranslation();
  const { error: configError } = useQuery(configQueryOptions());
  const { error: permsError } = usePerms();
  const configFailed = configError !== null && !isOutage(configError);
  // A 401 on the permissions call is a logout, handled globally, not a broken page.
  const permsFailed =
    permsError !== null &&
    !isOutage(permsError) &&
    !(permsError instanceof ApiError && (permsError.status === 401 || permsError.status === 418));
  if (!configFailed && !permsFailed) return null;
  return (
    <div className="px-4 pt-2">
      <ErrorAlert message={configFailed ? t('critical.config') : t('critical.perms')}>
        <Button size="xs" variant="outline" onClick={() => window.location.reload()}>
          {t('common.reload')}
        </Button>
      </ErrorAlert>
    </div>
  );
}

export function RootLayout() {
  const { t } = useTranslation();
  useShortcuts();
  useDocumentTitle();
  useSchoolAccent();
  // on every page, embedded apps included, while signed in (spec 4.2)
  useOnlinePing();
  return (
    <>
      <a
        href="#main"
        className="fixed start-2 top-2 z-[60] -translate-y-24 rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground shadow-lg outline-none focus-visible:translate-y-0 focus-visible:ring-[3px] focus-visible:ring-ring"
        onClick={(event) => {
          event.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        {t('nav.skipToContent')}
      </a>
      <CriticalErrorBanner />
      <Outlet />
      <DialogHost />
    </>
  );
}
