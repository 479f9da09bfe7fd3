import { z } from './zod.ts';
import { IdParamSchema, IdSchema, PageSchema, perPageSchema, text } from './text.ts';
import { EMAIL_PATTERN } from './account.ts';
import { MAX_PASSWORD_LENGTH } from './constants.ts';
import { StoredRoleSchema, UserTypeSchema } from './roles.ts';
import { MAX_NAME_LENGTH, PersonNameSchema } from './names.ts';

// spec 2.6 user manager, 7.1 /api/v2/users, /api/v2/accounts, /api/nameinfo (docs/decisions/033-user-manager.md)

export const USER_FILTER_ROLES = ['student', 'teacher', 'admin', 'superadmin'] as const;
export const USER_STATUSES = ['active', 'blocked', 'locked', 'deactivated'] as const;
export const MAX_USERS_PER_PAGE = 100;
export const MAX_NAMEINFO_IDS = 200;
export const USERNAME_PATTERN = /^[\p{L}\p{N}._-]+$/u;

/** GET /api/v2/users: search by name, group, role and status, paged like the spec's other lists. */
export const UserSearchQuerySchema = z.strictObject({
  q: text().trim().max(MAX_NAME_LENGTH).optional(),
  group: IdParamSchema.optional(),
  role: z.enum(USER_FILTER_ROLES).optional(),
  status: z.enum(USER_STATUSES).optional(),
  page: PageSchema,
  perPage: perPageSchema(MAX_USERS_PER_PAGE, 25),
});
export type UserSearchQuery = z.input<typeof UserSearchQuerySchema>;

export const ManagedUserSchema = z.object({
  id: z.number().int(),
  lara_id: z.string(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  type: UserTypeSchema,
  roles: z.array(z.string()),
  groups: z.array(z.object({ id: z.number().int(), name: z.string() })),
  blocked: z.boolean(),
  /** the end of a sign-in lock after too many failures, while it lasts */
  lockedUntil: z.string().nullable(),
  totp: z.boolean(),
  hasPassword: z.boolean(),
  deactivated: z.boolean(),
  imported: z.boolean(),
  /** whether the caller may change this user (teachers: students of their groups; admins: all but superadmins) */
  manageable: z.boolean(),
});
export type ManagedUser = z.infer<typeof ManagedUserSchema>;

export const UserListSchema = z.object({ items: z.array(ManagedUserSchema), total: z.number().int() });
export type UserList = z.infer<typeof UserListSchema>;

/** A first or last name (decision 081): normalised, 1..MAX_NAME_LENGTH characters. */
const NameSchema = PersonNameSchema;
const EmailSchema = text()
  .trim()
  .max(254)
  .regex(EMAIL_PATTERN)
  .nullable()
  .or(z.literal('').transform(() => null));

/** POST /api/v2/users (admins): a new user; without a password they set one with a reset code. */
export const UserCreateSchema = z.strictObject({
  username: text().trim().min(2).max(64).regex(USERNAME_PATTERN),
  first_name: NameSchema,
  last_name: NameSchema,
  email: EmailSchema.optional(),
  type: UserTypeSchema,
  roles: z.array(StoredRoleSchema).max(2).default([]),
  groupIds: z.array(IdSchema).max(200).default([]),
  password: text().min(1).max(MAX_PASSWORD_LENGTH).optional(),
});
export type UserCreate = z.input<typeof UserCreateSchema>;

/** PUT /api/v2/users/:id: any subset; teachers may change names and e-mail only. */
export const UserUpdateSchema = z.strictObject({
  username: text().trim().min(2).max(64).regex(USERNAME_PATTERN).optional(),
  first_name: NameSchema.optional(),
  last_name: NameSchema.optional(),
  email: EmailSchema.optional(),
  type: UserTypeSchema.optional(),
  roles: z.array(StoredRoleSchema).max(2).optional(),
  groupIds: z.array(IdSchema).max(200).optional(),
});
export type UserUpdate = z.input<typeof UserUpdateSchema>;

/** POST /api/v2/accounts: a password set by a teacher or admin; by default it must be changed at sign-in. */
export const AccountPasswordSchema = z.strictObject({
  userId: IdSchema,
  password: text().min(1).max(MAX_PASSWORD_LENGTH),
  mustChange: z.boolean().default(true),
});
export type AccountPassword = z.input<typeof AccountPasswordSchema>;

/** POST /api/nameinfo: display names for ids of the caller's school whom the caller meets (decision 077); others are left out. */
export const NameInfoRequestSchema = z.strictObject({
  ids: z.array(IdSchema).min(1).max(MAX_NAMEINFO_IDS),
});
export const NameInfoSchema = z.array(
  z.object({ id: z.number().int(), lara_id: z.string(), name: z.string(), type: UserTypeSchema }),
);
export type NameInfo = z.infer<typeof NameInfoSchema>;
