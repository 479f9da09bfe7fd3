import { z } from './zod.ts';
import { IdParamSchema, text } from './text.ts';

export const GROUP_TYPES = ['class', 'course', 'staff', 'other'] as const;
export const GroupTypeSchema = z.enum(GROUP_TYPES);

export const GroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: GroupTypeSchema,
});
export type Group = z.infer<typeof GroupSchema>;

/** GET /api/groups (spec 7.2: filters type, account) */
export const GroupsQuerySchema = z.strictObject({
  type: GroupTypeSchema.optional(),
  account: IdParamSchema.optional(),
});
export const GroupListSchema = z.array(GroupSchema);

export const MAX_GROUP_NAME_LENGTH = 100;
const GroupNameSchema = text().trim().min(1).max(MAX_GROUP_NAME_LENGTH);

/** GET /api/groups/:group: the group id */
export const GroupParamsSchema = z.strictObject({
  group: IdParamSchema,
});

export const GroupMemberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(['L', 'S']),
});
export type GroupMember = z.infer<typeof GroupMemberSchema>;

/** GET /api/groups/:group: one group with its members (teachers: only groups they belong to) */
export const GroupDetailSchema = GroupSchema.extend({ members: z.array(GroupMemberSchema) });
export type GroupDetail = z.infer<typeof GroupDetailSchema>;

/** POST /api/groups (admins) */
export const CreateGroupRequestSchema = z.strictObject({
  name: GroupNameSchema,
  type: GroupTypeSchema,
});
export type CreateGroupRequest = z.infer<typeof CreateGroupRequestSchema>;

/** spec 3.6 role groups: members of a directory group get a role at import time */
export const ROLE_GROUP_ROLES = ['teacher', 'admin'] as const;
export const MAX_ROLE_GROUPS = 100;
export const RoleGroupSchema = z.strictObject({
  group: GroupNameSchema,
  role: z.enum(ROLE_GROUP_ROLES),
});
export type RoleGroup = z.infer<typeof RoleGroupSchema>;

/** GET and POST /api/config/roleGroups: one row per group name (compared without case) */
export const RoleGroupsSchema = z
  .array(RoleGroupSchema)
  .max(MAX_ROLE_GROUPS)
  .refine(
    (rows) => new Set(rows.map((r) => r.group.toLowerCase())).size === rows.length,
    'each group only once',
  );
export type RoleGroups = z.infer<typeof RoleGroupsSchema>;
