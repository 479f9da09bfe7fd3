import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { currentLocale } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { errorMessage } from '@/lib/error-message';
import { useSelf } from '@/lib/session';
import { unseenMessagesQueryOptions, useMarkSeen } from '../api/unseen-messages';
import { MessageCard } from './message-card';

function Messages() {
  const { t, i18n } = useTranslation();
  const messages = useQuery(unseenMessagesQueryOptions());
  const markSeen = useMarkSeen();
  const lang = i18n.resolvedLanguage ?? currentLocale();
  if (!messages.data?.length) return null;
  return (
    <section aria-label={t('messages.region')} className="mx-auto mb-6 grid w-full max-w-5xl gap-3">
      {messages.data.map((message) => (
        <MessageCard
          key={message.id}
          message={message}
          lang={lang}
          dismissing={markSeen.isPending && markSeen.variables === message.id}
          onDismiss={() =>
            markSeen.mutate(message.id, {
              onError: (error) =>
                notify({
                  type: 'error',
                  title: t('messages.dismissFailed'),
                  description: errorMessage(t, error),
                }),
            })
          }
        />
      ))}
    </section>
  );
}

/** The signed-in user's unseen admin messages above their tiles (spec 3.6, 7.3). */
export function AdminMessages() {
  const self = useSelf();
  return self ? <Messages /> : null;
}
