// Zod-free: the web app's start path imports this (decision 049). A schema belongs in ../errors.ts.

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
  'auth.challenge_required',
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
  'auth.password_change_required',
  'auth.policy_required',
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
  'upload.too_complex',
  'upload.busy',
  'upload.quota_exceeded',
  'upload.school_quota_exceeded',
  'layout.locked_missing',
  'layout.unknown_tile',
  'users.username_taken',
  'users.unknown_group',
  'users.role_not_allowed',
  'groups.name_taken',
  'cim.invalid_file',
  'cim.missing_columns',
  'cim.row_errors',
  'cim.too_many_rows',
  'messages.text_required',
  'messages.end_before_start',
  'sick.begin_missing',
  'sick.end_missing',
  'sick.dates_missing',
  'sick.end_before_start',
  'sick.end_in_past',
  'sick.begin_too_far',
  'sick.end_too_far',
  'sick.photo_disabled',
  'sick.not_your_student',
  'camera.not_allowed',
  'bbb.not_member',
  'bbb.guests_not_allowed',
  'bbb.guest_name_required',
  'bbb.max_users',
  'bbb.no_server',
  'bbb.server_error',
  'bbb.create_not_allowed',
  'bbb.not_room_owner',
  'bbb.unknown_person',
  'bbb.guests_need_teacher',
  'chat.not_member',
  'chat.upload_failed',
  'chat.create_not_allowed',
  'chat.private_not_allowed',
  'chat.unknown_person',
  'chat.announcements_only',
  'chat.uploads_off',
  'chat.not_own_message',
  'chat.not_moderator',
  'chat.message_deleted',
  'chat.private_room',
  'chat.blocked',
  'chat.report_private',
  'chat.peer_unavailable',
  'push.not_configured',
  'push.no_devices',
  'push.impersonating',
  'push.endpoint_refused',
  'push.keys_invalid',
  'push.device_in_use',
  'config.invalid_value',
  'config.low_contrast',
  'sso.not_configured',
  'sso.state_invalid',
  'sso.denied',
  'sso.provider_unreachable',
  'sso.failed',
  'sso.no_account',
  'sso.saml_metadata_invalid',
  'sso.logout_failed',
  'sso.not_fresh',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** One field's problem in a validation error. */
export interface ErrorIssue {
  path: string;
  code: string;
  message: string;
}

/** spec 8: error bodies carry a message key plus params (`ErrorBodySchema` in ../errors.ts checks them). */
export interface ErrorBody {
  code: ErrorCode;
  message: string;
  params?: Record<string, string | number | boolean> | undefined;
  issues?: ErrorIssue[] | undefined;
}

/** The forced steps (spec 4.2): until the user has done them, the server refuses every other call with these. */
export const FORCED_STEP_CODES = [
  'auth.policy_required',
  'auth.password_change_required',
  'auth.totp_required',
] as const satisfies readonly ErrorCode[];

/** Is this an error body of ours (ErrorBodySchema's shape, checked by hand: no zod on the start path)? */
export function isErrorBody(value: unknown): value is ErrorBody {
  // a plain check rather than ErrorBodySchema.safeParse: the web app's start path carries no zod (decision 049)
  if (typeof value !== 'object' || value === null) return false;
  const body = value as Record<string, unknown>;
  return (
    typeof body.code === 'string' &&
    ERROR_CODE_SET.has(body.code) &&
    typeof body.message === 'string' &&
    (body.params === undefined || isParams(body.params)) &&
    (body.issues === undefined || (Array.isArray(body.issues) && body.issues.every(isIssue)))
  );
}

const ERROR_CODE_SET: ReadonlySet<string> = new Set(ERROR_CODES);

function isParams(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((v) => ['string', 'number', 'boolean'].includes(typeof v))
  );
}

function isIssue(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const issue = value as Record<string, unknown>;
  return (
    typeof issue.path === 'string' && typeof issue.code === 'string' && typeof issue.message === 'string'
  );
}
