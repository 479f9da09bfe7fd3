import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { groupsQueryOptions } from '@/lib/groups';
import { QueryGate } from '@/components/query-gate';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { Eye, Pencil, Plus, Trash2 } from 'lucide-react';
import {
  AdminMessageDetailSchema,
  LOCALES,
  MAX_MESSAGE_BODY,
  MAX_MESSAGE_TITLE,
  MESSAGE_TYPES,
  LOCALE_NAMES,
  type AdminMessageDetail,
  type Locale,
  type MessageType,
  pickText,
} from '@aula/contracts';
import { ErrorAlert } from '@/components/message-box';
import { apiRequest } from '@/lib/api-client';
import { Pager } from '@/components/pager';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { GroupCheckboxes } from '@/components/group-checkboxes';
import { useConfirmDelete } from '@/lib/confirm';
import type { DashboardTabProps } from '@/lib/dashboard';
import { errorMessage } from '@/lib/error-message';
import { formatDateTime, formatNumber } from '@/lib/format';
import {
  LanguageFieldset,
  LanguagePreview,
  RadioChoice,
  directionOf,
  languageTexts,
  writtenTexts,
  type LanguageTexts,
} from '@/components/per-language';
import { currentLocale } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { allMessagesQueryOptions, useDeleteMessage, useSaveMessage } from '../api/manage-messages';
import { MessageCard } from './message-card';

const PER_PAGE = 20;
const textareaClass =
  'min-h-24 w-full rounded-md border border-input bg-card px-3 py-2 text-base text-card-foreground shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40 aria-invalid:border-destructive desktop:text-sm';

function useMessageId(): number | undefined {
  return useSearch({ strict: false, select: (search) => (search as { id?: number }).id });
}

function messageQueryOptions(id: number) {
  return {
    queryKey: ['messages', 'one', id],
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      apiRequest(`/api/messages/admin/${id}`, {
        schema: AdminMessageDetailSchema,
        requiresLogin: true,
        signal,
      }),
  };
}

function windowText(t: TFunction, m: AdminMessageDetail): string {
  const fmt = (iso: string) => formatDateTime(new Date(iso));
  if (m.startsAt && m.endsAt)
    return t('messages.window.between', { start: fmt(m.startsAt), end: fmt(m.endsAt) });
  if (m.startsAt) return t('messages.window.from', { start: fmt(m.startsAt) });
  if (m.endsAt) return t('messages.window.until', { end: fmt(m.endsAt) });
  return t('messages.window.always');
}

function MessageList() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
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
        <h2 className="text-xl font-semibold">{t('messages.title')}</h2>
        <Button asChild>
          <Link to="/dashboard/$tab/{-$subpage}" params={{ tab: 'messages', subpage: 'edit' }}>
            <Plus aria-hidden="true" />
            {t('messages.new')}
          </Link>
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">{t('messages.intro')}</p>
      {list.isPending && (
        <p role="status" className="text-sm text-muted-foreground">
          {t('common.loading')}
        </p>
      )}
      {list.isError && <ErrorAlert message={errorMessage(t, list.error)} />}
      {list.data?.items.length === 0 && <p className="text-muted-foreground">{t('messages.none')}</p>}
      {list.data && list.data.items.length > 0 && (
        <ul className="grid divide-y rounded-md border" aria-label={t('messages.title')}>
          {list.data.items.map((m) => {
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
      )}
      <Pager page={page} perPage={PER_PAGE} total={list.data?.total ?? 0} onPage={setPage} />
    </div>
  );
}

/** A datetime-local value (the admin's own time zone) from an ISO instant, and back. */
function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
function fromLocalInput(value: string): string | null {
  return value ? new Date(value).toISOString() : null;
}

function MessageForm({ message }: { message: AdminMessageDetail | null }) {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const groups = useQuery(groupsQueryOptions());
  const save = useSaveMessage();
  const [type, setType] = useState<MessageType>(message?.type ?? 'normal');
  const [title, setTitle] = useState<LanguageTexts>(languageTexts(message?.title));
  const [body, setBody] = useState<LanguageTexts>(languageTexts(message?.body));
  const [groupIds, setGroupIds] = useState<number[]>(message?.groups.map((g) => g.id) ?? []);
  const [startsAt, setStartsAt] = useState(toLocalInput(message?.startsAt ?? null));
  const [endsAt, setEndsAt] = useState(toLocalInput(message?.endsAt ?? null));
  const [previewLang, setPreviewLang] = useState<Locale>(currentLocale());
  const [localError, setLocalError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!title.de.trim() && !body.de.trim()) {
      setLocalError(t('errors.messages.text_required'));
      return;
    }
    if (startsAt && endsAt && new Date(endsAt) <= new Date(startsAt)) {
      setLocalError(t('errors.messages.end_before_start'));
      return;
    }
    setLocalError(null);
    save.mutate(
      {
        id: message?.id ?? null,
        input: {
          type,
          title: writtenTexts(title),
          body: writtenTexts(body),
          groupIds,
          startsAt: fromLocalInput(startsAt),
          endsAt: fromLocalInput(endsAt),
        },
      },
      {
        onSuccess: () => {
          notify({ type: 'success', title: t(message ? 'messages.saved' : 'messages.posted') });
          void navigate({
            to: '/dashboard/$tab/{-$subpage}',
            params: { tab: 'messages', subpage: undefined },
          });
        },
      },
    );
  };
  const error = localError ?? (save.error ? errorMessage(t, save.error) : null);
  const errorId = `${id}-error`;
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-6">
      <h2 className="text-xl font-semibold">{t(message ? 'messages.editTitle' : 'messages.new')}</h2>
      <ErrorAlert id={errorId} message={error} />
      <RadioChoice
        name={`${id}-type`}
        legend={t('messages.type')}
        options={MESSAGE_TYPES}
        value={type}
        onChange={setType}
        label={(value) => t(`messages.types.${value}`)}
      />
      {LOCALES.map((lang) => (
        <LanguageFieldset key={lang} lang={lang} requiredLabel={t('messages.required')}>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-title-${lang}`}>{t('messages.fieldTitle')}</Label>
            <Input
              id={`${id}-title-${lang}`}
              maxLength={MAX_MESSAGE_TITLE}
              value={title[lang]}
              onChange={(event) => setTitle((v) => ({ ...v, [lang]: event.target.value }))}
              aria-describedby={lang === 'de' ? errorId : undefined}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-body-${lang}`}>{t('messages.fieldBody')}</Label>
            <textarea
              id={`${id}-body-${lang}`}
              className={textareaClass}
              maxLength={MAX_MESSAGE_BODY}
              value={body[lang]}
              onChange={(event) => setBody((v) => ({ ...v, [lang]: event.target.value }))}
            />
          </div>
        </LanguageFieldset>
      ))}
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">{t('messages.groups')}</legend>
        <p className="text-sm text-muted-foreground">{t('messages.groupsHint')}</p>
        <GroupCheckboxes groups={groups.data ?? []} selected={groupIds} onChange={setGroupIds} />
      </fieldset>
      <div className="grid gap-4 desktop:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-start`}>{t('messages.start')}</Label>
          <Input
            id={`${id}-start`}
            type="datetime-local"
            value={startsAt}
            onChange={(e) => setStartsAt(e.target.value)}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-end`}>{t('messages.end')}</Label>
          <Input
            id={`${id}-end`}
            type="datetime-local"
            value={endsAt}
            onChange={(e) => setEndsAt(e.target.value)}
          />
        </div>
      </div>
      <LanguagePreview
        id={id}
        title={t('messages.preview')}
        languageLabel={t('messages.previewLanguage')}
        lang={previewLang}
        onLangChange={setPreviewLang}
      >
        <MessageCard message={{ type, title, body }} lang={previewLang} />
      </LanguagePreview>
      <div className="flex flex-wrap justify-end gap-2">
        <Button asChild variant="outline">
          <Link to="/dashboard/$tab/{-$subpage}" params={{ tab: 'messages', subpage: undefined }}>
            {t('common.cancel')}
          </Link>
        </Button>
        <Button type="submit" loading={save.isPending}>
          {message ? t('common.save') : t('messages.post')}
        </Button>
      </div>
    </form>
  );
}

function LoadMessage({ id, children }: { id: number; children: (m: AdminMessageDetail) => ReactNode }) {
  const one = useQuery(messageQueryOptions(id));
  return <QueryGate query={one}>{children}</QueryGate>;
}

/** /dashboard/messages/preview?id=: the saved message as each language's readers see it. */
function MessagePreview({ message }: { message: AdminMessageDetail }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4">
      <h2 className="text-xl font-semibold">{t('messages.preview')}</h2>
      <p className="text-sm text-muted-foreground">
        {message.groups.length ? message.groups.map((g) => g.name).join(', ') : t('messages.everyone')} ·{' '}
        {windowText(t, message)}
      </p>
      {LOCALES.map((lang) => (
        <section key={lang} className="grid gap-2" aria-label={LOCALE_NAMES[lang]}>
          <h3 className="text-sm font-medium">{LOCALE_NAMES[lang]}</h3>
          <div dir={directionOf(lang)}>
            <MessageCard message={message} lang={lang} />
          </div>
        </section>
      ))}
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="outline">
          <Link to="/dashboard/$tab/{-$subpage}" params={{ tab: 'messages', subpage: undefined }}>
            {t('common.back')}
          </Link>
        </Button>
        <Button asChild>
          <Link
            to="/dashboard/$tab/{-$subpage}"
            params={{ tab: 'messages', subpage: 'edit' }}
            search={{ id: message.id }}
          >
            <Pencil aria-hidden="true" />
            {t('messages.edit')}
          </Link>
        </Button>
      </div>
    </div>
  );
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
