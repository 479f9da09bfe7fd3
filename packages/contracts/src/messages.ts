import { z } from './zod.ts';

export * from './plain/messages.ts';
import { DateTimeSchema, IdSchema, multilineText, PageSchema, perPageSchema, text } from './text.ts';
import { LOCALES, type Locale } from './locales.ts';

// spec 3.6 admin messages (types normal, warning, attention, a seen marker), 7.3 /api/messages/admin
// (docs/decisions/034-admin-messages.md)

export const MESSAGE_TYPES = ['normal', 'warning', 'attention'] as const;
export const MessageTypeSchema = z.enum(MESSAGE_TYPES);
export type MessageType = z.infer<typeof MessageTypeSchema>;

export const MAX_MESSAGE_TITLE = 200;
export const MAX_MESSAGE_BODY = 5000;
export const MAX_MESSAGES_PER_PAGE = 100;

/** A text per language; German is the one every message has (the fallback, spec 9). */
const textsOf = (max: number, lines: boolean) =>
  z.strictObject(
    Object.fromEntries(
      LOCALES.map((l) => [l, (lines ? multilineText() : text()).trim().max(max).optional()]),
    ) as Record<Locale, z.ZodOptional<z.ZodString>>,
  );
export const MessageTitleSchema = textsOf(MAX_MESSAGE_TITLE, false);
export const MessageBodySchema = textsOf(MAX_MESSAGE_BODY, true);
export type MessageTexts = Partial<Record<Locale, string>>;

/** What a user sees on the home page: their unseen messages, in every language the school wrote. */
export const AdminMessageSchema = z.object({
  id: z.number().int(),
  type: MessageTypeSchema,
  title: z.record(z.string(), z.string()),
  body: z.record(z.string(), z.string()),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
});
export type AdminMessage = z.infer<typeof AdminMessageSchema>;
export const AdminMessageListSchema = z.array(AdminMessageSchema);

/** The dashboard's view: with target groups (none = the whole school) and how many have seen it. */
export const AdminMessageDetailSchema = AdminMessageSchema.extend({
  groups: z.array(z.object({ id: z.number().int(), name: z.string() })),
  seenCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminMessageDetail = z.infer<typeof AdminMessageDetailSchema>;

export const AdminMessagePageSchema = z.object({
  items: z.array(AdminMessageDetailSchema),
  total: z.number().int(),
});
export type AdminMessagePage = z.infer<typeof AdminMessagePageSchema>;

export const AdminMessageListQuerySchema = z.strictObject({
  page: PageSchema,
  perPage: perPageSchema(MAX_MESSAGES_PER_PAGE, 20),
});

/** POST and PUT /api/messages/admin: the German title or text is required (422 messages.text_required). */
export const AdminMessageInputSchema = z.strictObject({
  type: MessageTypeSchema,
  title: MessageTitleSchema,
  body: MessageBodySchema,
  groupIds: z.array(IdSchema).max(200).default([]),
  startsAt: DateTimeSchema.nullable().default(null),
  endsAt: DateTimeSchema.nullable().default(null),
});
export type AdminMessageInput = z.input<typeof AdminMessageInputSchema>;
