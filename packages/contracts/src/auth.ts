import { z } from './zod.ts';

export * from './plain/auth.ts';
import { text } from './text.ts';
import { MAX_PASSWORD_LENGTH, MAX_USERNAME_LENGTH } from './constants.ts';
import { UserInfoSchema } from './users.ts';

/** POST /api/login (DESIGN.md): { username, password, totp? } */
export const LoginRequestSchema = z.strictObject({
  username: text().trim().min(1).max(MAX_USERNAME_LENGTH),
  password: text().min(1).max(MAX_PASSWORD_LENGTH),
  totp: text()
    .regex(/^\d{6}$/)
    .optional(),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

/**
 * spec 3.4 without refresh_token: tokens travel only in httpOnly cookies (SECURITY.md,
 * docs/decisions/003-session-cookies.md). Expirations are epoch milliseconds.
 */
export const SessionResultSchema = z.object({
  access_token_expiration: z.number().int(),
  refresh_token_expiration: z.number().int(),
  user: UserInfoSchema,
});
export type SessionResult = z.infer<typeof SessionResultSchema>;

/** POST /api/logout: urls to open in hidden frames (spec 4.1, 7.1) */
export const LogoutResultSchema = z.object({
  /** spec 4.1: addresses to open in hidden frames */
  urls: z.array(z.string()),
  /** the identity provider's sign-out address, for the top window after signing out here (issue 16) */
  redirect: z.string().optional(),
  /** the provider offers no sign-out: it may still be signed in (its next sign-in asks for the password) */
  providerSignedIn: z.boolean().optional(),
});
export type LogoutResult = z.infer<typeof LogoutResultSchema>;
