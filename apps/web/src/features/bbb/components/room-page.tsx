import { useEffect } from 'react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CircleDot, CircleOff, LinkIcon, Video } from 'lucide-react';
import { normalizeRoomCode, type PublicRoom } from '@aula/contracts';
import { ErrorAlert } from '@/components/message-box';
import { Spinner } from '@/components/ui/spinner';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { joinInfoQueryOptions } from '../api/join-info';
import { RoomCodeField } from './room-code-field';
import { JoinPanel } from './room-page-join';

const routeApi = getRouteApi('/shell/b/$id');

/**
 * spec 1, 2.2 /b/{id}, issue 21 item 4: the shared room page, reachable without login (decision 069). It
 * shows only the room's name and whether its meeting runs; a guest gives a name, a signed-in member joins as
 * themself. `?join=1` (the chooser's link) joins a member at once.
 */
export function RoomPage() {
  const { id } = routeApi.useParams();
  const { join } = routeApi.useSearch();
  const navigate = useNavigate();
  const code = normalizeRoomCode(id);

  // one address per room: a code typed as `ABC234XYZ` shows as /b/abc-234-xyz
  useEffect(() => {
    if (code && code !== id) {
      void navigate({ to: '/b/$id', params: { id: code }, search: (prev) => prev, replace: true });
    }
  }, [code, id, navigate]);

  if (!code) return <InvalidCode typed={id} />;
  return <RoomView key={code} code={code} autoJoin={join === 1} />;
}

function RoomView({ code, autoJoin }: { code: string; autoJoin: boolean }) {
  const { t } = useTranslation();
  const room = useQuery(joinInfoQueryOptions(code));

  if (room.error instanceof ApiError && room.error.status === 404) return <InvalidCode typed={code} />;
  if (room.data === undefined) {
    return (
      <div className="mx-auto w-full max-w-md">
        {room.isError ? (
          <ErrorAlert message={errorMessage(t, room.error)}>
            <Button size="sm" variant="outline" onClick={() => void room.refetch()}>
              {t('common.retry')}
            </Button>
          </ErrorAlert>
        ) : (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner className="size-4" />
            {t('common.loading')}
          </p>
        )}
      </div>
    );
  }
  return (
    <div className="mx-auto grid w-full max-w-md gap-6">
      <RoomHeader room={room.data} />
      <JoinPanel room={room.data} autoJoin={autoJoin} />
    </div>
  );
}

function RoomHeader({ room }: { room: PublicRoom }) {
  const { t } = useTranslation();
  const running = room.running;
  const [Icon, text] =
    running === true
      ? [CircleDot, t('bbb.page.running')]
      : running === false
        ? [CircleOff, t('bbb.page.notRunning')]
        : [CircleOff, room.serverConfigured ? t('bbb.page.runningUnknown') : t('errors.bbb.no_server')];
  return (
    <header className="grid gap-2">
      <p className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
        <Video className="size-4 shrink-0" aria-hidden="true" />
        {t('bbb.page.kicker')}
        <span aria-hidden="true">·</span>
        <bdi dir="ltr" className="font-mono">
          {room.code}
        </bdi>
      </p>
      <h1 className="text-2xl font-semibold tracking-tight break-words" dir="auto">
        {room.name}
      </h1>
      <p className="flex items-center gap-2 text-sm">
        <Icon
          className={running ? 'size-4 shrink-0 text-green-700 dark:text-green-400' : 'size-4 shrink-0'}
          aria-hidden="true"
        />
        {text}
      </p>
    </header>
  );
}

/** An unknown or revoked code, or none at all: say so, and let the code be typed again. */
function InvalidCode({ typed }: { typed: string }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto grid w-full max-w-md gap-6">
      <header className="grid gap-2">
        <p className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
          <LinkIcon className="size-4 shrink-0" aria-hidden="true" />
          {t('bbb.page.kicker')}
        </p>
        <h1 className="text-2xl font-semibold tracking-tight">{t('bbb.page.invalidTitle')}</h1>
        <p className="text-muted-foreground">{t('bbb.page.invalidBody')}</p>
      </header>
      <RoomCodeField initial={typed.length <= 20 ? typed : ''} className="rounded-md border bg-card p-4" />
    </div>
  );
}
