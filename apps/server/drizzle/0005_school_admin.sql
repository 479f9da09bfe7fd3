CREATE TABLE "admin_message_groups" (
	"school_id" integer NOT NULL,
	"message_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	CONSTRAINT "admin_message_groups_message_id_group_id_pk" PRIMARY KEY("message_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "admin_message_seen" (
	"school_id" integer NOT NULL,
	"message_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_message_seen_message_id_user_id_pk" PRIMARY KEY("message_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "admin_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"type" text DEFAULT 'normal' NOT NULL,
	"title" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"body" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_open_days" (
	"school_id" integer NOT NULL,
	"app_id" integer NOT NULL,
	"day" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "app_open_days_school_id_app_id_day_pk" PRIMARY KEY("school_id","app_id","day")
);
--> statement-breakpoint
CREATE TABLE "config_texts" (
	"school_id" integer NOT NULL,
	"key" text NOT NULL,
	"lang" text NOT NULL,
	"text" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "config_texts_school_id_key_lang_pk" PRIMARY KEY("school_id","key","lang")
);
--> statement-breakpoint
CREATE TABLE "error_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"school_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"request_id" text,
	"method" text NOT NULL,
	"route" text NOT NULL,
	"status" integer NOT NULL,
	"name" text NOT NULL,
	"message" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "admin_message_groups" ADD CONSTRAINT "admin_message_groups_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_message_groups" ADD CONSTRAINT "admin_message_groups_message_id_admin_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."admin_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_message_groups" ADD CONSTRAINT "admin_message_groups_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_message_seen" ADD CONSTRAINT "admin_message_seen_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_message_seen" ADD CONSTRAINT "admin_message_seen_message_id_admin_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."admin_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_message_seen" ADD CONSTRAINT "admin_message_seen_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_messages" ADD CONSTRAINT "admin_messages_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_messages" ADD CONSTRAINT "admin_messages_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_open_days" ADD CONSTRAINT "app_open_days_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_open_days" ADD CONSTRAINT "app_open_days_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "config_texts" ADD CONSTRAINT "config_texts_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "error_log" ADD CONSTRAINT "error_log_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_message_seen_user" ON "admin_message_seen" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "admin_messages_school" ON "admin_messages" USING btree ("school_id","starts_at");--> statement-breakpoint
CREATE INDEX "error_log_school_at" ON "error_log" USING btree ("school_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_school_external_id" ON "users" USING btree ("school_id","external_id");