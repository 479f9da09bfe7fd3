import { z } from './zod.ts';
import { ERROR_CODES, type ErrorCode } from './plain/errors.ts';

export * from './plain/errors.ts';

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
  'auth.password_change_required': 'Change the password you were given first',
  'auth.policy_required': 'Accept the terms of use first',
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
  'upload.too_complex': 'The image is too complex to process; simplify it or upload a PNG',
  'upload.busy': 'Too many images are being processed; try again in a few seconds',
  'upload.quota_exceeded': 'There is no room for this file ({size} MB): {used} of your {limit} MB are used',
  'upload.school_quota_exceeded':
    "There is no room for this file ({size} MB): {used} of the school's {limit} MB are used",
  'layout.locked_missing': 'A locked tile cannot be removed',
  'layout.unknown_tile': 'A tile of this layout does not exist or is not visible to you',
  'users.username_taken': 'This username is already taken',
  'users.unknown_group': 'One of the groups does not exist',
  'users.role_not_allowed': 'You may not give this role',
  'groups.name_taken': 'A group with this name already exists',
  'cim.invalid_file': 'The file is not a CSV export with the expected columns',
  'cim.missing_columns': 'The file has no column {missing}',
  'cim.row_errors': '{count} rows are invalid; nothing was imported',
  'cim.too_many_rows': 'The file has more than {max} rows',
  'messages.text_required': 'Enter the message at least in German',
  'messages.end_before_start': 'The end lies before the start',
  'sick.begin_missing': 'Enter the first day of the absence',
  'sick.end_missing': 'Enter the last day of the absence',
  'sick.dates_missing': 'Enter the first and the last day of the absence',
  'sick.end_before_start': 'The last day lies before the first day',
  'sick.end_in_past': 'The last day lies in the past',
  'sick.photo_disabled': 'This school does not accept photos with sick notices',
  'sick.not_your_student': 'You can report only for pupils of your groups',
  'camera.not_allowed': 'You may not take pictures of this person',
  'config.invalid_value': 'This value is not valid for {key}',
  'config.low_contrast':
    'White text on this colour is hard to read (contrast {ratio}:1, at least 4.5:1 needed)',
  'sso.not_configured': 'Signing in through the identity provider is not set up for this school',
  'sso.state_invalid': 'This sign-in link is invalid or expired; start again',
  'sso.denied': 'The sign-in was cancelled at the identity provider',
  'sso.provider_unreachable': 'The identity provider cannot be reached right now',
  'sso.failed': 'The identity provider did not confirm the sign-in',
  'sso.no_account': 'There is no account here for this identity',
  'sso.saml_metadata_invalid': 'The identity provider metadata cannot be used ({reason})',
  'sso.logout_failed': 'The identity provider did not confirm the sign-out',
  'sso.not_fresh':
    'The identity provider did not ask for the password again after a sign-out on this browser',
};
