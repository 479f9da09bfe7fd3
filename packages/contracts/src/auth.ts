import { z } from './zod.ts';

export * from './plain/auth.ts';
import { text } from './text.ts';
import { MAX_PASSWORD_LENGTH, MAX_USERNAME_LENGTH } from './constants.ts';
import { ErrorBodySchema } from './errors.ts';
import { UserInfoSchema } from './users.ts';

/** POST /api/login (DESIGN.md): { username, password, totp? } */
export const LoginRequestSchema = z.strictObject({
  username: text().trim().min(1).max(MAX_USERNAME_LENGTH),
  password: text().min(1).max(MAX_PASSWORD_LENGTH),
  totp: text()
    .regex(/^\d{6}$/)
    .optional(),
  /** the solved proof of work, as ALTCHA's widget sends it (base64 of { challenge, solution }): decision 074 */
  altcha: text().max(4000).optional(),
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

/**
 * An ALTCHA v2 challenge (PBKDF2/SHA-256, decision 074): the login page finds the counter whose derived key
 * starts with keyPrefix and sends { challenge, solution } back, base64-encoded, as `altcha`.
 */
export const LoginChallengeSchema = z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number().int(),
    keyLength: z.number().int(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    expiresAt: z.number().optional(),
    data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  }),
  signature: z.string(),
});
export type LoginChallenge = z.infer<typeof LoginChallengeSchema>;

/** What a sign-in from a flooded address gets without a solution: 429 auth.challenge_required with a challenge. */
export const ChallengeErrorBodySchema = ErrorBodySchema.extend({
  challenge: LoginChallengeSchema.optional(),
});
export type ChallengeErrorBody = z.infer<typeof ChallengeErrorBodySchema>;
