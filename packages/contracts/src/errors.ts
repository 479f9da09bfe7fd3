import { z } from 'zod';

// Stable error codes; the client shows t(`errors.${code}`, params) (spec 8).
export const ERROR_CODES = [
  'common.internal',
  'common.validation',
  'common.not_found',
  'common.unauthorized',
  'common.forbidden',
  'common.csrf',
  'common.unavailable',
  'common.payload_too_large',
  'common.unsupported_media_type',
  'auth.wrong_password',
  'auth.account_disabled',
  'auth.session_revoked',
  'auth.login_locked',
  'auth.too_many_requests',
  'auth.totp_missing',
  'auth.wrong_code',
  'auth.code_expired',
  'auth.code_used',
  'auth.too_many_tries',
  'auth.reset_timeout',
  'auth.reauth_required',
  'auth.not_impersonating',
  'auth.not_while_impersonating',
  'auth.impersonate_superadmin',
  'auth.totp_not_pending',
  'auth.totp_required',
  'password.rules',
  'mail.missing',
  'mail.invalid',
  'users.not_allowed',
  'apps.missing_title',
  'apps.missing_url',
  'apps.invalid_url',
  'apps.config_name',
  'apps.groups_required',
  'apps.file_required',
  'apps.perms_not_allowed',
  'apps.group_not_allowed',
  'apps.lock_not_allowed',
  'apps.translation_failed',
  'upload.too_large',
  'upload.invalid_type',
  'layout.locked_missing',
  'layout.unknown_tile',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
export const ErrorCodeSchema = z.enum(ERROR_CODES);

export const ErrorIssueSchema = z.object({
  path: z.string(),
  code: z.string(),
  message: z.string(),
});
export type ErrorIssue = z.infer<typeof ErrorIssueSchema>;

/** spec 8: error bodies carry a message key plus params. */
export const ErrorBodySchema = z.object({
  code: ErrorCodeSchema,
  message: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
  issues: z.array(ErrorIssueSchema).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

export function isErrorBody(value: unknown): value is ErrorBody {
  return ErrorBodySchema.safeParse(value).success;
}

/** English fallback text for API consumers and logs; the web app translates the code instead. */
export const ERROR_MESSAGES: Record<ErrorCode, string> = {
  'common.internal': 'Internal Server Error',
  'common.validation': 'Bad Request',
  'common.not_found': 'Not Found',
  'common.unauthorized': 'Unauthorized',
  'common.forbidden': 'Forbidden',
  'common.csrf': 'Cross-site request refused',
  'common.unavailable': 'Service temporarily unavailable',
  'common.payload_too_large': 'Payload too large',
  'common.unsupported_media_type': 'Unsupported media type',
  'auth.wrong_password': 'Wrong username or password',
  'auth.account_disabled': 'Account disabled',
  'auth.session_revoked': 'Session ended',
  'auth.login_locked': 'Sign-in locked after too many failed attempts; try again in {minutes} minutes',
  'auth.too_many_requests': 'Too many requests; try again in {minutes} minutes',
  'auth.totp_missing': 'Enter the code from your authenticator app',
  'auth.wrong_code': 'Wrong code',
  'auth.code_expired': 'The code has expired',
  'auth.code_used': 'This code was already used; wait for the next one',
  'auth.too_many_tries': 'Too many tries; request a new code',
  'auth.reset_timeout': 'The reset code has expired; request a new one',
  'auth.reauth_required': 'Enter your password again',
  'auth.not_impersonating': 'You are not impersonating anyone',
  'auth.not_while_impersonating': 'Not possible while impersonating',
  'auth.impersonate_superadmin': 'A superadmin cannot be impersonated',
  'auth.totp_not_pending': 'Start the two-factor setup first',
  'auth.totp_required': 'Set up two-factor authentication first',
  'password.rules': 'The password does not meet the rules',
  'mail.missing': 'Enter an e-mail address',
  'mail.invalid': 'This is not a valid e-mail address',
  'users.not_allowed': 'You may not change this user',
  'apps.missing_title': 'The title is missing',
  'apps.missing_url': 'The address is missing',
  'apps.invalid_url': 'The address is not a valid http or https URL',
  'apps.config_name': 'The configuration must be JSON with a Name',
  'apps.groups_required': 'Choose at least one group',
  'apps.file_required': 'A download tile needs a file',
  'apps.perms_not_allowed': 'Your role may not share a tile this widely',
  'apps.group_not_allowed': 'You may only share a tile with your own groups',
  'apps.lock_not_allowed': 'Only admins may lock tiles',
  'apps.translation_failed': 'App title was not translated',
  'upload.too_large': 'File too large (max {max} Mb)',
  'upload.invalid_type': 'Invalid file type (allowed: {allowed})',
  'layout.locked_missing': 'A locked tile cannot be removed',
  'layout.unknown_tile': 'A tile of this layout does not exist or is not visible to you',
};
