import type { ErrorCode, ErrorIssue } from '@aula/contracts';

export type ErrorParams = Record<string, string | number | boolean>;

/** The one server error type: a status, a stable code from contracts, and params for the message. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    readonly params?: ErrorParams,
    readonly headers?: Record<string, string>,
    readonly issues?: ErrorIssue[],
    /** more fields of the answer's body, which the route declares (e.g. the challenge of a 429, decision 074) */
    readonly extra?: Record<string, unknown>,
  ) {
    super(code);
    this.name = 'AppError';
  }

  static notFound(): AppError {
    return new AppError(404, 'common.not_found');
  }
  static unauthorized(): AppError {
    return new AppError(401, 'common.unauthorized');
  }
  static forbidden(): AppError {
    return new AppError(403, 'common.forbidden');
  }
  /** 400 common.validation with one issue per field, for rules beyond a route's schema. */
  static validation(issues: ErrorIssue[]): AppError {
    return new AppError(400, 'common.validation', undefined, undefined, issues);
  }
}

const SESSION_ENDED_CODES = {
  401: 'common.unauthorized',
  404: 'common.not_found',
  418: 'auth.session_revoked',
} as const;

/**
 * The caller's session is over: the server ended it (418: revoked, blocked, idle too long, a reused refresh
 * token) or it cannot go on (401). The error handler clears the session cookies with the answer, so every
 * open tab signs out (SECURITY.md); services throw it and never touch cookies themselves.
 */
export class SessionEndedError extends AppError {
  constructor(status: 401 | 404 | 418 = 418) {
    super(status, SESSION_ENDED_CODES[status]);
    this.name = 'SessionEndedError';
  }
}
