import { z } from './zod.ts';
import { text } from './text.ts';
import { MAX_PASSWORD_LENGTH, TOTP_DIGITS } from './constants.ts';

export const TotpCodeSchema = text()
  .trim()
  .transform((code) => code.replace(/\s/g, ''))
  .pipe(z.string().regex(new RegExp(`^\\d{${TOTP_DIGITS}}$`)));

/** GET /api/totp/code: a new pending seed for the setup dialog (spec 2.5 totp-setup). */
export const TotpSetupSchema = z.object({
  /** base32, for typing into an app by hand */
  secret: z.string(),
  /** the otpauth:// URI the QR code carries */
  uri: z.string(),
  /** the QR code as an SVG data URL */
  qr: z.string(),
});
export type TotpSetup = z.infer<typeof TotpSetupSchema>;

/**
 * POST /api/totp/code/verify: activates the pending seed when the code matches; the password confirms it.
 * An account without a password sends none and confirms with a fresh sign-in at its provider (decision 079).
 */
export const TotpVerifySchema = z.strictObject({
  code: TotpCodeSchema,
  password: text().min(1).max(MAX_PASSWORD_LENGTH).optional(),
});
export type TotpVerify = z.infer<typeof TotpVerifySchema>;

/** DELETE /api/totp/code: turning 2FA off needs the password, or a fresh provider sign-in without one. */
export const TotpDeleteSchema = z.strictObject({
  password: text().min(1).max(MAX_PASSWORD_LENGTH).optional(),
});
export type TotpDelete = z.infer<typeof TotpDeleteSchema>;
