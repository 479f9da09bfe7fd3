import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';

/** While the browser solves the sign-in challenge: what it is doing and why, announced once. */
export function ChallengeProgress() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-2 rounded-md border bg-muted px-3 py-2 text-sm">
      <p className="flex items-center gap-2 font-medium">
        <Spinner className="size-4 shrink-0" />
        {t('loginChallenge.checking')}
      </p>
      <p className="text-muted-foreground">{t('loginChallenge.why')}</p>
      <div
        role="progressbar"
        aria-label={t('loginChallenge.checking')}
        className="h-1.5 w-full overflow-hidden rounded-full bg-background"
      >
        <div className="h-full w-1/3 animate-[aula-indeterminate_1.2s_ease-in-out_infinite] rounded-full bg-primary motion-reduce:w-full motion-reduce:animate-none" />
      </div>
    </div>
  );
}
