import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CircleCheck, FileText } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { configFlag, useConfig } from '@/lib/config';
import { textParagraphs, useConfigText } from '@/lib/config-texts';
import { useSelf } from '@/lib/session';
import { useLogout } from '../api/logout';
import { useAcceptSitePolicy } from '../api/site-policy';
import { authErrorText } from '../lib/auth-error';
import { ErrorAlert } from '@/components/message-box';
import { linkClass } from './auth-form-parts';

const SECTIONS = ['use', 'conduct', 'data', 'accounts'] as const;

/**
 * spec 2.1 terms, 2.4 rule 3: the school's terms of use. With force_accept_policy a user who has
 * not accepted them lands here; Accept records it (POST /api/self/site-policy), Decline signs out.
 */
export function TermsPage() {
  const { t } = useTranslation();
  const self = useSelf();
  const config = useConfig();
  const navigate = useNavigate();
  const accept = useAcceptSitePolicy();
  const logout = useLogout();
  const accepted = self?.sitePolicyAccepted ?? false;
  const mustAccept = configFlag(config, 'force_accept_policy') && !accepted;
  // the school's own terms in the user's language (admin terms tab); the built-in text otherwise
  const schoolTerms = useConfigText('terms');

  return (
    <article className="mx-auto flex w-full max-w-2xl flex-col gap-6" aria-labelledby="terms-title">
      <header className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <FileText className="size-5" aria-hidden="true" />
        </span>
        <div className="flex flex-col gap-1">
          <h1 id="terms-title" className="text-2xl font-semibold tracking-tight">
            {t('pages.terms')}
          </h1>
          <p className="text-muted-foreground">{mustAccept ? t('terms.intro') : t('terms.introRead')}</p>
        </div>
      </header>

      <div className="flex flex-col gap-5 rounded-xl border bg-card p-4 text-card-foreground desktop:p-6">
        {schoolTerms.text ? (
          <section aria-label={t('pages.terms')} className="flex flex-col gap-3">
            {textParagraphs(schoolTerms.text).map((p, i) => (
              <p key={i} className="whitespace-pre-line text-sm leading-relaxed">
                {p}
              </p>
            ))}
          </section>
        ) : (
          SECTIONS.map((section) => (
            <section key={section} aria-labelledby={`terms-${section}`} className="flex flex-col gap-1">
              <h2 id={`terms-${section}`} className="text-base font-semibold">
                {t(`terms.${section}Title`)}
              </h2>
              <p className="text-sm leading-relaxed">{t(`terms.${section}Body`)}</p>
            </section>
          ))
        )}
        <p className="text-sm">
          <Link to="/terms" search={{ dialog: 'legal' }} className={linkClass}>
            {t('terms.legalLink')}
          </Link>
        </p>
      </div>

      {accepted ? (
        <p role="status" className="flex items-center gap-2 text-sm">
          <CircleCheck className="size-4 shrink-0 text-primary" aria-hidden="true" />
          {t('terms.alreadyAccepted')}
        </p>
      ) : (
        <div className="flex flex-col gap-3">
          <ErrorAlert id="terms-error" message={accept.isError ? authErrorText(t, accept.error) : null} />
          {mustAccept && <p className="text-sm text-muted-foreground">{t('terms.declineHint')}</p>}
          <div className="flex flex-col-reverse gap-2 desktop:flex-row desktop:justify-end">
            {mustAccept && (
              <Button
                variant="outline"
                size="lg"
                loading={logout.isPending}
                disabled={accept.isPending}
                onClick={() => logout.mutate()}
              >
                {t('terms.decline')}
              </Button>
            )}
            <Button
              size="lg"
              loading={accept.isPending}
              disabled={logout.isPending}
              onClick={() =>
                accept.mutate(undefined, { onSuccess: () => void navigate({ to: '/', replace: true }) })
              }
            >
              {t('terms.accept')}
            </Button>
          </div>
        </div>
      )}
    </article>
  );
}
