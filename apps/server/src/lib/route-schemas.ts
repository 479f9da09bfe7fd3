import { ErrorBodySchema } from '@aula/contracts';

/** The HTTP statuses a route answers with the error body `{ code, message, params? }` (lib/app-error.ts). */
export type ErrorStatus =
  400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 418 | 422 | 423 | 429 | 502 | 503 | 504 | 507;

/**
 * A route's error responses for its OpenAPI schema: each status named answers the error body.
 * `response: { 200: RoomSchema, ...errorResponses(400, 401, 404) }`.
 */
export function errorResponses<const S extends readonly ErrorStatus[]>(
  ...statuses: S
): { [K in S[number]]: typeof ErrorBodySchema } {
  return Object.fromEntries(statuses.map((status) => [status, ErrorBodySchema])) as {
    [K in S[number]]: typeof ErrorBodySchema;
  };
}
