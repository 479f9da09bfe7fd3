import {
  brokenPasswordRules,
  commonPasswordChecker,
  effectiveMinLength,
  MAX_PASSWORD_LENGTH,
  passwordPolicyFrom,
  type PasswordPolicy,
  type PasswordRule,
} from '@aula/contracts';
import { COMMON_PASSWORDS_TEXT } from '@aula/contracts/common-passwords';
import type { Ctx } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { configValues } from '../config/config.service.ts';

// built once: a set of the 100,000 most common passwords (docs/decisions/025-passwords.md)
let isCommon: ((password: string) => boolean) | undefined;
function commonCheck(): (password: string) => boolean {
  isCommon ??= commonPasswordChecker(COMMON_PASSWORDS_TEXT);
  return isCommon;
}

// English texts for API consumers; the web app translates passwordRules.<rule> instead
function ruleMessage(rule: PasswordRule, policy: PasswordPolicy): string {
  const messages: Record<PasswordRule, string> = {
    min_length: `At least ${effectiveMinLength(policy)} characters`,
    max_length: `At most ${MAX_PASSWORD_LENGTH} characters`,
    lowercase: 'A lowercase letter',
    uppercase: 'An uppercase letter',
    digit: 'A digit',
    special: 'A special character',
    no_names: 'Not containing your first name, last name or user name',
    not_old: 'Not the old password',
    common: 'Not a common password',
    confirmation: 'The confirmation matches',
  };
  return messages[rule];
}

/** The school's password settings, from the request's configuration snapshot (decision 085). */
export async function schoolPasswordPolicy(ctx: Pick<Ctx, 'config'>): Promise<PasswordPolicy> {
  return passwordPolicyFrom(
    await configValues(ctx, ['password_length', 'check_top_passwords', 'password_char_classes']),
  );
}

export interface PasswordOwner {
  firstName: string;
  lastName: string;
  username: string;
}

/** spec 5 password rules with the school's settings; 400 password.rules naming each broken rule. */
export async function assertPasswordAllowed(
  ctx: Pick<Ctx, 'config'>,
  password: string,
  owner: PasswordOwner,
  oldPassword?: string,
): Promise<void> {
  const policy = await schoolPasswordPolicy(ctx);
  const broken = brokenPasswordRules(password, policy, {
    names: [owner.firstName, owner.lastName, owner.username],
    oldPassword,
    isCommon: commonCheck(),
  });
  if (broken.length === 0) return;
  throw new AppError(
    400,
    'password.rules',
    { rules: broken.join(',') },
    undefined,
    broken.map((rule) => ({
      path: 'password',
      code: `password.${rule}`,
      message: ruleMessage(rule, policy),
    })),
  );
}
