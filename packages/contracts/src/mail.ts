import { z } from './zod.ts';
import { PageSchema, perPageSchema } from './text.ts';

/** GET /api/mail/outbox: newest first, page by page (the dashboard's debug tab). */
export const MailOutboxQuerySchema = z.object({
  page: PageSchema,
  perPage: perPageSchema(100, 20),
});
export type MailOutboxQuery = z.infer<typeof MailOutboxQuerySchema>;

/** One mail the portal sent or kept; body is empty once SMTP took the mail, so no code lingers. */
export const MailOutboxEntrySchema = z.object({
  id: z.number().int(),
  user_id: z.number().int().nullable(),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  error: z.string().nullable(),
});
export type MailOutboxEntry = z.infer<typeof MailOutboxEntrySchema>;

export const MailOutboxPageSchema = z.object({
  items: z.array(MailOutboxEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  perPage: z.number().int(),
});
export type MailOutboxPage = z.infer<typeof MailOutboxPageSchema>;
