import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ERROR_MESSAGES, type ErrorBody, type ErrorCode } from '@aula/contracts';
import { isDbUnavailable } from '../db/index.ts';
import { AppError } from '../lib/app-error.ts';
import { recordServerError } from '../modules/status/diagnostics.service.ts';

export const RETRY_AFTER_SECONDS = 5;

function body(code: ErrorCode, extra: Partial<ErrorBody> = {}): ErrorBody {
  return { code, message: ERROR_MESSAGES[code], ...extra };
}

/** One error handler: AppError as is, zod failures as 400 with issues, the rest as 500 without internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      if (err.headers) reply.headers(err.headers);
      return reply.code(err.status).send(
        body(err.code, {
          ...(err.params ? { params: err.params } : {}),
          ...(err.issues ? { issues: err.issues } : {}),
        }),
      );
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => ({
        path: [err.validationContext ?? 'body', ...v.instancePath.split('/').filter(Boolean)].join('.'),
        code: v.keyword,
        message: v.message ?? 'invalid',
      }));
      return reply.code(400).send(body('common.validation', { issues }));
    }
    if (isDbUnavailable(err)) {
      req.log.warn({ err: err.message }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send(body('common.unavailable'));
    }
    if (!isResponseSerializationError(err) && err.statusCode && err.statusCode < 500) {
      const code: ErrorCode =
        err.statusCode === 413
          ? 'common.payload_too_large'
          : err.statusCode === 415
            ? 'common.unsupported_media_type'
            : err.statusCode === 404
              ? 'common.not_found'
              : 'common.validation';
      const issues =
        code === 'common.validation' ? [{ path: 'body', code: err.code, message: err.message }] : undefined;
      return reply.code(err.statusCode).send(body(code, issues ? { issues } : {}));
    }
    req.log.error({ err }, 'unexpected error');
    // for the dashboard's debug tab; it never throws and does not hold up the answer
    recordServerError(req, err, 500);
    return reply.code(500).send(body('common.internal'));
  });
}
