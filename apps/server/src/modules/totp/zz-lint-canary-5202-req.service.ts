import type { FastifyRequest } from 'fastify';
export const f = (req: FastifyRequest): number => req.schoolId;
