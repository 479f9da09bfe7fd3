import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Check, X } from 'lucide-react';
import {
  MAX_PASSWORD_LENGTH,
  commonPasswordChecker,
  effectiveMinLength,
  passwordPolicyFrom,
  passwordRuleResults,
  type PasswordContext,
  type PasswordRule,
} from '@aula/contracts';
import { useConfig } from '@/lib/config';
import { cn } from '@/lib/utils';

let commonCheck: Promise<(password: string) => boolean> | undefined;
/** The 10,000-entry list is a chunk of its own, loaded when a password form opens. */
function loadCommonCheck(): Promise<(password: string) => boolean> {
  commonCheck ??= import('@aula/contracts/common-passwords').then((m) =>
    commonPasswordChecker(m.COMMON_PASSWORDS_TEXT),
  );
  return commonCheck;
}

export interface PasswordCheck {
  results: { rule: PasswordRule; ok: boolean }[];
  /** every rule that applies is met */
  ok: boolean;
}

/** spec 5: the school's password rules checked live as the user types (the server checks them again). */
export function usePasswordCheck(password: string, ctx: Omit<PasswordContext, 'isCommon'>): PasswordCheck {
  const config = useConfig();
  const policy = passwordPolicyFrom(config);
  const [isCommon, setIsCommon] = useState<((password: string) => boolean) | undefined>(undefined);
  useEffect(() => {
    if (!policy.checkCommon) return;
    let live = true;
    void loadCommonCheck().then((check) => {
      if (live) setIsCommon(() => check);
    });
    return () => {
      live = false;
    };
  }, [policy.checkCommon]);
  const names = ctx.names?.join('\n');
  return useMemo(() => {
    const results = passwordRuleResults(password, policy, {
      names: names?.split('\n'),
      oldPassword: ctx.oldPassword,
      confirmation: ctx.confirmation,
      isCommon,
    });
    // max_length is shown only once it is broken: a limit of 1024 is noise in the list
    const shown = results.filter((r) => r.rule !== 'max_length' || !r.ok);
    return { results: shown, ok: results.every((r) => r.ok) };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the policy is derived from config
  }, [password, names, ctx.oldPassword, ctx.confirmation, isCommon, config]);
}

/** The rule list under a new-password field: each rule with a check or a cross, announced politely. */
export function PasswordRules({
  check,
  id,
  className,
}: {
  check: PasswordCheck;
  id?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const config = useConfig();
  const min = effectiveMinLength(passwordPolicyFrom(config));
  return (
    <ul id={id} aria-live="polite" className={cn('flex flex-col gap-1 text-sm', className)}>
      {check.results.map(({ rule, ok }) => (
        <li
          key={rule}
          className={cn('flex items-start gap-2', ok ? 'text-foreground' : 'text-muted-foreground')}
        >
          {ok ? (
            <Check className="mt-0.5 size-4 shrink-0 text-green-700 dark:text-green-400" aria-hidden="true" />
          ) : (
            <X className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
          )}
          <span>
            {t(`passwordRules.${rule}`, { min, max: MAX_PASSWORD_LENGTH })}
            <span className="sr-only"> ({ok ? t('passwordRules.met') : t('passwordRules.notMet')})</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
