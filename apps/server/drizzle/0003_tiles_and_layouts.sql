CREATE TABLE "app_opens" (
	"school_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"app_id" integer NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_opens_user_id_app_id_pk" PRIMARY KEY("user_id","app_id")
);
--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "embeddable" boolean;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "embed_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "layout_items" ADD COLUMN "added_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- tiles placed before this migration are not new for anyone
UPDATE "layout_items" SET "added_at" = '1970-01-01 00:00:00+00';--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "apps_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "app_opens" ADD CONSTRAINT "app_opens_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_opens" ADD CONSTRAINT "app_opens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_opens" ADD CONSTRAINT "app_opens_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_opens_app" ON "app_opens" USING btree ("app_id");--> statement-breakpoint
CREATE INDEX "layout_items_app" ON "layout_items" USING btree ("app_id");