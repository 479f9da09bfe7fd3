ALTER TABLE "chat_reports" ADD COLUMN "resolution" text;--> statement-breakpoint
-- decision 077: how each closed report was closed; a sender deleting their own message names no one
UPDATE "chat_reports" AS r SET "resolution" = CASE
    WHEN m."deleted_at" IS NOT NULL AND m."deleted_at" = r."resolved_at" AND m."deleted_by" = m."sender_id" THEN 'sender_deleted'
    WHEN m."deleted_at" IS NOT NULL AND m."deleted_at" = r."resolved_at" THEN 'deleted'
    ELSE 'dismissed' END
  FROM "chat_messages" AS m WHERE m."id" = r."message_id" AND r."resolved_at" IS NOT NULL;--> statement-breakpoint
UPDATE "chat_reports" SET "resolved_by" = NULL WHERE "resolution" = 'sender_deleted';--> statement-breakpoint
-- earlier report entries named the reporter, the reported person and the reason: they keep the room and message
UPDATE "audit_log" SET "actor_id" = NULL, "target_id" = NULL, "ip" = NULL, "request_id" = NULL,
    "details" = "details" - 'reason' WHERE "action" = 'chat.report';--> statement-breakpoint
UPDATE "audit_log" SET "details" = "details" - 'reports' WHERE "action" = 'chat.message_delete';
