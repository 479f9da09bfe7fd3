import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import type { AdminMessageDetail } from '@aula/contracts';
import { QueryGate } from '@/components/query-gate';
import type { DashboardTabProps } from '@/lib/dashboard';
import { messageQueryOptions } from '../api/manage-messages';
import { MessageForm } from './message-form';
import { MessageList } from './message-list';
import { MessagePreview } from './message-preview';

function useMessageId(): number | undefined {
  return useSearch({ strict: false, select: (search) => (search as { id?: number }).id });
}

function LoadMessage({ id, children }: { id: number; children: (m: AdminMessageDetail) => ReactNode }) {
  const one = useQuery(messageQueryOptions(id));
  return <QueryGate query={one}>{children}</QueryGate>;
}

/** spec 2.3 dashboard messages tab: the list, and the edit and preview subpages. */
export default function MessagesTab({ subpage }: DashboardTabProps) {
  const id = useMessageId();
  if (subpage === 'edit')
    return id === undefined ? (
      <MessageForm message={null} />
    ) : (
      <LoadMessage id={id}>{(m) => <MessageForm key={m.id} message={m} />}</LoadMessage>
    );
  if (subpage === 'preview' && id !== undefined)
    return <LoadMessage id={id}>{(m) => <MessagePreview message={m} />}</LoadMessage>;
  return <MessageList />;
}
