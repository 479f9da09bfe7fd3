ALTER TABLE "bbb_code_misses" ALTER COLUMN "ip" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bbb_code_misses" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "bbb_code_misses" ADD CONSTRAINT "bbb_code_misses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bbb_code_misses_user_at" ON "bbb_code_misses" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "bbb_code_misses_at" ON "bbb_code_misses" USING btree ("at");