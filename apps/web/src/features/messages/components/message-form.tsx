import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import {
  LOCALES,
  MAX_MESSAGE_BODY,
  MAX_MESSAGE_TITLE,
  MESSAGE_TYPES,
  type AdminMessageDetail,
  type Locale,
  type MessageType,
} from '@aula/contracts';
import { GroupCheckboxes } from '@/components/group-checkboxes';
import { ErrorAlert } from '@/components/message-box';
import {
  LanguageFieldset,
  LanguagePreview,
  RadioChoice,
  languageTexts,
  writtenTexts,
  type LanguageTexts,
} from '@/components/per-language';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/error-message';
import { groupsQueryOptions } from '@/lib/groups';
import { currentLocale } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useSaveMessage } from '../api/manage-messages';
import { MessageCard } from './message-card';

const textareaClass =
  'min-h-24 w-full rounded-md border border-input bg-card px-3 py-2 text-base text-card-foreground shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40 aria-invalid:border-destructive desktop:text-sm';

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

/** /dashboard/messages/edit[?id=]: a new message, or a saved one to change. */
export function MessageForm({ message }: { message: AdminMessageDetail | null }) {
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
