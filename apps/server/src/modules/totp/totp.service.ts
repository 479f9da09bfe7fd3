import type { FastifyRequest } from 'fastify';

/**
 * Sign-in's second factor: a user with TOTP must send a valid, unused code (401 auth.totp_missing,
 * auth.wrong_code, auth.code_expired, auth.code_used). Users without TOTP pass.
 */
export async function verifyLoginTotp(
  _req: FastifyRequest,
  _userId: number,
  _code: string | undefined,
): Promise<void> {}
