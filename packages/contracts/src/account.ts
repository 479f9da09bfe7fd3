import { z } from './zod.ts';
import { text } from './text.ts';
import {
  MAX_EMAIL_LENGTH,
  MAX_PASSWORD_LENGTH,
  MAX_REASON_LENGTH,
  MAX_USERNAME_LENGTH,
  RESET_CODE_LENGTH,
} from './constants.ts';

/** spec 5 "E-mail: a general address pattern": one @, no spaces, a dot in the domain. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: string): boolean {
  return value.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(value);
}

/** POST /api/v2/account/reset-code: the user name or an e-mail address; the same answer for unknown ones. */
export const ResetCodeRequestSchema = z.strictObject({
  username: text().trim().min(1).max(Math.max(MAX_USERNAME_LENGTH, MAX_EMAIL_LENGTH)),
});
export type ResetCodeRequest = z.infer<typeof ResetCodeRequestSchema>;

const ResetCodeSchema = text()
  .trim()
  .transform((code) => code.replace(/[\s-]/g, '').toUpperCase())
  .pipe(z.string().length(RESET_CODE_LENGTH));

/** POST /api/v2/account/reset-code/check */
export const ResetCodeCheckSchema = ResetCodeRequestSchema.extend({ code: ResetCodeSchema });
export type ResetCodeCheck = z.infer<typeof ResetCodeCheckSchema>;

/** POST /api/v2/account/reset-code/reset */
export const ResetCodeResetSchema = ResetCodeCheckSchema.extend({
  password: text().min(1).max(MAX_PASSWORD_LENGTH),
});
export type ResetCodeReset = z.infer<typeof ResetCodeResetSchema>;

/** The answer of reset-code and check: nothing that tells a known account from an unknown one. */
export const OkResultSchema = z.object({ ok: z.literal(true) });
export type OkResult = z.infer<typeof OkResultSchema>;

/** POST /api/v2/password_changes: the old password is required (issue 5). */
export const PasswordChangeSchema = z.strictObject({
  old_password: text().min(1).max(MAX_PASSWORD_LENGTH),
  password: text().min(1).max(MAX_PASSWORD_LENGTH),
});
export type PasswordChange = z.infer<typeof PasswordChangeSchema>;

/**
 * PUT /api/self/secondary-email: an address, or null to remove it. Reset codes may be mailed there, so
 * the password confirms the change (a taken-over session cannot redirect them).
 */
export const SecondaryEmailSchema = z.strictObject({
  email: text().trim().max(MAX_EMAIL_LENGTH).nullable(),
  password: text().min(1).max(MAX_PASSWORD_LENGTH),
});
export type SecondaryEmail = z.infer<typeof SecondaryEmailSchema>;

/** POST /api/login/reauth and DELETE /api/totp/code: the caller's password. */
export const PasswordConfirmSchema = z.strictObject({
  password: text().min(1).max(MAX_PASSWORD_LENGTH),
});
export type PasswordConfirm = z.infer<typeof PasswordConfirmSchema>;

/** POST /api/users/impersonate/{id}: the reason is audited and shown to the impersonated user's export. */
export const ImpersonateRequestSchema = z.strictObject({
  reason: text().trim().min(3).max(MAX_REASON_LENGTH),
});
export type ImpersonateRequest = z.infer<typeof ImpersonateRequestSchema>;

/** POST /api/users/{id}/block */
export const BlockRequestSchema = z.strictObject({ blocked: z.boolean() });
export type BlockRequest = z.infer<typeof BlockRequestSchema>;
export const BlockResultSchema = z.object({ id: z.number().int(), blocked: z.boolean() });
export type BlockResult = z.infer<typeof BlockResultSchema>;

/** GET /api/users/data: every row linked to the user, table by table (SECURITY.md "Privacy"). */
export const DataExportSchema = z.object({
  exported_at: z.string(),
  user: z.record(z.string(), z.unknown()),
  tables: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
});
export type DataExport = z.infer<typeof DataExportSchema>;
