// Every table, re-exported from the schema file of the module that owns it (docs/ARCHITECTURE.md "Tables and
// their owners"): the drizzle client, drizzle-kit and the tests read the whole schema from here.
export * from '../modules/schools/schools.schema.ts';
export * from '../modules/users/users.schema.ts';
export * from '../modules/groups/groups.schema.ts';
export * from '../modules/auth/auth.schema.ts';
export * from '../modules/files/files.schema.ts';
export * from '../modules/apps/apps.schema.ts';
export * from '../modules/layout/layout.schema.ts';
export * from '../modules/config/config.schema.ts';
export * from '../modules/audit/audit.schema.ts';
export * from '../modules/status/status.schema.ts';
export * from '../modules/account/account.schema.ts';
export * from '../modules/mail/mail.schema.ts';
export * from '../modules/messages/messages.schema.ts';
export * from '../modules/sso/sso.schema.ts';
export * from '../modules/sick/sick.schema.ts';
export * from '../modules/camera/camera.schema.ts';
export * from '../modules/bbb/bbb.schema.ts';
export * from '../modules/chat/chat.schema.ts';
export * from '../modules/events/events.schema.ts';
export * from '../modules/push/push.schema.ts';
