import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RoleGroupsSchema } from '@aula/contracts';
import { contextOf } from '../../context.ts';
import { getRoleGroups, setRoleGroups } from './groups.service.ts';
import { errorResponses } from '../../lib/route-schemas.ts';

const errors = errorResponses(400, 401, 403);

// spec 3.6, 7.4: directory groups whose members get a role at import time (admins; admin rows: superadmins)
export const roleGroupsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/config/roleGroups',
    {
      schema: {
        tags: ['config'],
        summary: 'The role groups: group name → role (teacher or admin)',
        response: { 200: RoleGroupsSchema, ...errors },
      },
    },
    (req) => getRoleGroups(contextOf(req)),
  );

  app.post(
    '/config/roleGroups',
    {
      schema: {
        tags: ['config'],
        summary: 'Replace the role groups; only superadmins add or remove a mapping to admin',
        body: RoleGroupsSchema,
        response: { 200: RoleGroupsSchema, ...errors },
      },
    },
    (req) => setRoleGroups(contextOf(req), req.body),
  );
};
