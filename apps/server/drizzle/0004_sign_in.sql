CREATE TABLE "login_failures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"account_key" text NOT NULL,
	"ip" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"pending" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_locks" (
	"school_id" integer NOT NULL,
	"account_key" text NOT NULL,
	"locked_until" timestamp with time zone NOT NULL,
	CONSTRAINT "login_locks_school_id_account_key_pk" PRIMARY KEY("school_id","account_key")
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"user_id" integer,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"sent_at" timestamp with time zone,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reset_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reset_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"account_key" text NOT NULL,
	"ip" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "used_refresh_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"session_id" bigint NOT NULL,
	"used_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "revoke_reason" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_activity_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "auth_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "previous_refresh_hash" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "rotated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "browser_session" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "impersonator_id" integer;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "parent_session_id" bigint;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "impersonation_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "password_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "secondary_email" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_secret" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_pending_secret" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_pending_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_last_step" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "site_policy_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "login_failures" ADD CONSTRAINT "login_failures_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_locks" ADD CONSTRAINT "login_locks_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reset_codes" ADD CONSTRAINT "reset_codes_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reset_codes" ADD CONSTRAINT "reset_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reset_requests" ADD CONSTRAINT "reset_requests_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "used_refresh_tokens" ADD CONSTRAINT "used_refresh_tokens_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "used_refresh_tokens" ADD CONSTRAINT "used_refresh_tokens_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_failures_account_at" ON "login_failures" USING btree ("school_id","account_key","at");--> statement-breakpoint
CREATE INDEX "login_failures_ip_at" ON "login_failures" USING btree ("ip","at");--> statement-breakpoint
CREATE INDEX "mail_outbox_school_created" ON "mail_outbox" USING btree ("school_id","created_at");--> statement-breakpoint
CREATE INDEX "reset_codes_user" ON "reset_codes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "reset_requests_account_at" ON "reset_requests" USING btree ("school_id","account_key","at");--> statement-breakpoint
CREATE INDEX "reset_requests_ip_at" ON "reset_requests" USING btree ("ip","at");--> statement-breakpoint
CREATE INDEX "used_refresh_tokens_session" ON "used_refresh_tokens" USING btree ("session_id");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_impersonator_id_users_id_fk" FOREIGN KEY ("impersonator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_previous_refresh_hash" ON "sessions" USING btree ("previous_refresh_hash");--> statement-breakpoint
CREATE INDEX "sessions_family" ON "sessions" USING btree ("family_id");