import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { MessageCircle } from 'lucide-react';
import { DialogCloseButton, OneThingDialog } from '@/components/loading-dialog';
import { ErrorAlert } from '@/components/message-box';
import { NameSearchForm } from '@/components/name-search-form';
import { Button } from '@/components/ui/button';
import { DialogFrame } from '@/components/ui/dialog';
import type { DialogProps } from '@/lib/dialogs';
import { errorMessage } from '@/lib/error-message';
import { formatNumber } from '@/lib/format';
import { chatConfigQueryOptions } from '../api/config';
import { chatPeopleQueryOptions } from '../api/people';
import { useOpenPrivateRoom } from '../api/private-room';
import { PersonType } from './people-picker';

function PeopleResults({ q }: { q: string | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const people = useQuery(chatPeopleQueryOptions('private', q ?? ''));
  const start = useOpenPrivateRoom();
  const list = people.data?.people ?? [];
  if (people.isError) return <ErrorAlert message={errorMessage(t, people.error)} />;
  return (
    <div className="grid gap-2">
      <p role="status" className="text-sm text-muted-foreground">
        {people.isPending
          ? t('common.loading')
          : list.length === 0
            ? q
              ? t('chat.people.noneFound', { q })
              : t('chat.rooms.search.nobody')
            : t('chat.people.found', { count: list.length, n: formatNumber(list.length) })}
      </p>
      {list.length > 0 && (
        <ul
          aria-label={t('chat.people.results')}
          className="grid max-h-80 gap-1 overflow-y-auto rounded-md border p-1"
        >
          {list.map((person) => (
            <li key={person.id} className="flex items-center gap-3 rounded-md px-2 py-1 hover:bg-muted">
              <span className="grid min-w-0 flex-1">
                <bdi className="truncate font-medium">{person.name}</bdi>
                <PersonType type={person.type} />
              </span>
              <Button
                type="button"
                size="sm"
                variant="outline"
                loading={start.isPending && start.variables === person.id}
                aria-label={t('chat.rooms.search.startWith', { name: person.name })}
                onClick={() =>
                  start.mutate(person.id, {
                    onSuccess: (room) =>
                      void navigate({ to: '/app/chat', search: { room: room.id }, replace: true }),
                  })
                }
              >
                <MessageCircle aria-hidden="true" />
                {t('chat.rooms.search.start')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ErrorAlert message={start.isError ? errorMessage(t, start.error) : null} />
    </div>
  );
}

/**
 * spec 2.5 `chat:user-search` (decision 072): the people the caller may start a private chat with, found by
 * name; choosing one opens the private room (made if missing). Says so when the school lets pupils start no
 * private chats, and when no one is found.
 */
export default function UserSearchDialog(_props: DialogProps) {
  const { t } = useTranslation();
  const config = useQuery(chatConfigQueryOptions());
  const [q, setQ] = useState<string | undefined>(undefined);
  const title = t('dialogs.chatUserSearch');
  return (
    <OneThingDialog title={title} query={config}>
      {(data) =>
        data.canStartPrivate ? (
          <DialogFrame
            title={title}
            description={t('chat.rooms.search.intro')}
            footer={<DialogCloseButton />}
          >
            <NameSearchForm
              value={q}
              onSearch={setQ}
              label={t('chat.rooms.search.label')}
              placeholder={t('chat.people.searchPlaceholder')}
              submitLabel={t('chat.rooms.search.submit')}
            />
            <PeopleResults q={q} />
          </DialogFrame>
        ) : (
          <DialogFrame
            title={title}
            description={t('chat.rooms.search.notAllowed')}
            footer={<DialogCloseButton />}
          />
        )
      }
    </OneThingDialog>
  );
}
