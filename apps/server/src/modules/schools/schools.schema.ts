// The tables the schools module owns: only its repos write them (docs/ARCHITECTURE.md "Tables and their owners").
import { boolean, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/common-columns.ts';

// Tenancy: every school-owned row carries school_id (DESIGN.md "Data").
export const schools = pgTable('schools', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  host: text('host').unique(),
  isDefault: boolean('is_default').notNull().default(false),
  // bumped by every tile create, update, delete and translation: part of the layout version (decision 023)
  appsVersion: integer('apps_version').notNull().default(1),
  createdAt: createdAt(),
});
