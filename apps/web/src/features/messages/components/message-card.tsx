import { useTranslation } from 'react-i18next';
import { Info, OctagonAlert, TriangleAlert, X } from 'lucide-react';
import { pickText, type AdminMessage, type MessageType } from '@aula/contracts';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

const LOOKS: Record<MessageType, { icon: typeof Info; box: string; icon_: string }> = {
  normal: { icon: Info, box: 'border-primary/40 bg-primary/5', icon_: 'text-primary' },
  warning: {
    icon: TriangleAlert,
    box: 'border-amber-500 bg-amber-50 dark:bg-amber-950/40',
    icon_: 'text-amber-700 dark:text-amber-400',
  },
  attention: {
    icon: OctagonAlert,
    box: 'border-destructive bg-destructive/10',
    icon_: 'text-destructive',
  },
};

/** Paragraphs as the admin typed them (blank lines), each line kept; rendered as text, never HTML. */
function paragraphs(text: string): string[][] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.split('\n'))
    .filter((lines) => lines.some((l) => l.trim()));
}

/**
 * One admin message (spec 3.6) in the reader's language (else German): the type as an icon and a word,
 * not by colour alone; a dismiss button marks it seen.
 */
export function MessageCard({
  message,
  lang,
  onDismiss,
  dismissing,
}: {
  message: Pick<AdminMessage, 'type' | 'title' | 'body'>;
  lang: string;
  onDismiss?: () => void;
  dismissing?: boolean;
}) {
  const { t } = useTranslation();
  const look = LOOKS[message.type];
  const Icon = look.icon;
  const title = pickText(message.title, lang);
  const body = pickText(message.body, lang);
  const heading = title.text || t(`messages.types.${message.type}`);
  return (
    <article aria-label={heading} className={cn('flex items-start gap-3 rounded-lg border p-4', look.box)}>
      <Icon className={cn('mt-0.5 size-5 shrink-0', look.icon_)} aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          {t(`messages.types.${message.type}`)}
        </p>
        <h2 className="font-semibold" lang={title.text ? title.lang : undefined} dir="auto">
          {heading}
        </h2>
        {body.text && (
          <div className="mt-1 grid gap-2 text-sm" lang={body.lang} dir="auto">
            {paragraphs(body.text).map((lines, i) => (
              <p key={i}>
                {lines.map((line, j) => (
                  <span key={j}>
                    {j > 0 && <br />}
                    {line}
                  </span>
                ))}
              </p>
            ))}
          </div>
        )}
      </div>
      {onDismiss && (
        <Button
          variant="ghost"
          size="sm"
          loading={dismissing}
          onClick={onDismiss}
          aria-label={t('messages.dismissNamed', { title: heading })}
        >
          {!dismissing && <X aria-hidden="true" />}
          <span className="mobile:sr-only">{t('messages.dismiss')}</span>
        </Button>
      )}
    </article>
  );
}
