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
};
