import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { Eye, Pencil, Plus, Trash2 } from 'lucide-react';
import { pickText, type AdminMessageDetail } from '@aula/contracts';
import { Pager } from '@/components/pager';
import { QueryGate } from '@/components/query-gate';
import { Button } from '@/components/ui/button';
import { useConfirmDelete } from '@/lib/confirm';
import { errorMessage } from '@/lib/error-message';
import { formatNumber } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { allMessagesQueryOptions, useDeleteMessage } from '../api/manage-messages';
import { validateMessageListSearch } from '../lib/message-list-search';
import { windowText } from '../lib/window-text';

const PER_PAGE = 20;

/**
 * /dashboard/messages: every message, newest first, a page at a time (`?page=2`, so a reload and Back keep it), each
 * to preview, edit or delete.
 */
export function MessageList() {
  const { t } = useTranslation();
  const page = validateMessageListSearch(useSearch({ strict: false })).page ?? 1;
  const navigate = useNavigate();
  const setPage = (p: number) =>
    void navigate({ to: '.', search: (prev) => ({ ...prev, page: p === 1 ? undefined : p }) });
  const list = useQuery(allMessagesQueryOptions(page, PER_PAGE));
  const remove = useDeleteMessage();
  const confirmDelete = useConfirmDelete();
  const lang = currentLocale();

  const onDelete = async (m: AdminMessageDetail) => {
    const title = pickText(m.title, lang).text || t(`messages.types.${m.type}`);
    const ok = await confirmDelete({
      title: t('messages.deleteTitle'),
      description: t('messages.deleteQuestion', { title }),
      confirmLabel: t('common.delete'),
    });
    if (!ok) return;
    remove.mutate(m.id, {
      onSuccess: () => notify({ type: 'success', title: t('messages.deleted') }),
      onError: (error) => notify({ type: 'error', title: errorMessage(t, error) }),
    });
  };

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button asChild>
          <Link to="/dashboard/$tab/{-$subpage}" params={{ tab: 'messages', subpage: 'edit' }}>
            <Plus aria-hidden="true" />
            {t('messages.new')}
          </Link>
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">{t('messages.intro')}</p>
      <QueryGate query={list}>
        {(data) =>
          data.items.length === 0 ? (
            <p className="text-muted-foreground">{t('messages.none')}</p>
          ) : (
            <ul className="grid divide-y rounded-md border" aria-label={t('messages.title')}>
              {data.items.map((m) => {
                const title = pickText(m.title, lang);
                return (
                  <li key={m.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 p-3">
                    <div className="min-w-0 flex-1">
                      <p className="truncate font-medium" lang={title.lang} dir="auto">
                        {title.text || t(`messages.types.${m.type}`)}
                      </p>
                      <p className="text-sm text-muted-foreground">
                        {t(`messages.types.${m.type}`)} ·{' '}
                        {m.groups.length ? m.groups.map((g) => g.name).join(', ') : t('messages.everyone')} ·{' '}
                        {windowText(t, m)} ·{' '}
                        {t('messages.seenBy', { count: m.seenCount, n: formatNumber(m.seenCount) })}
                      </p>
                    </div>
                    <div className="flex flex-wrap gap-2">
                      <Button asChild size="sm" variant="outline">
                        <Link
                          to="/dashboard/$tab/{-$subpage}"
                          params={{ tab: 'messages', subpage: 'preview' }}
                          search={{ id: m.id }}
                        >
                          <Eye aria-hidden="true" />
                          {t('messages.preview')}
                          <span className="sr-only">: {title.text}</span>
                        </Link>
                      </Button>
                      <Button asChild size="sm" variant="outline">
                        <Link
                          to="/dashboard/$tab/{-$subpage}"
                          params={{ tab: 'messages', subpage: 'edit' }}
                          search={{ id: m.id }}
                        >
                          <Pencil aria-hidden="true" />
                          {t('messages.edit')}
                          <span className="sr-only">: {title.text}</span>
                        </Link>
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={t('messages.deleteNamed', { title: title.text })}
                        onClick={() => void onDelete(m)}
                      >
                        <Trash2 aria-hidden="true" />
                      </Button>
                    </div>
                  </li>
                );
              })}
            </ul>
          )
        }
      </QueryGate>
      <Pager page={page} perPage={PER_PAGE} total={list.data?.total ?? 0} onPage={setPage} />
    </div>
  );
}
