CREATE TABLE "sick_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"reported_by" integer,
	"begins" date NOT NULL,
	"ends" date NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"photo_file_id" integer,
	"processed_at" timestamp with time zone,
	"processed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "camera_pictures" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"taken_by" integer,
	"file_id" integer NOT NULL,
	"thumb_file_id" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sick_notices" ADD CONSTRAINT "sick_notices_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sick_notices" ADD CONSTRAINT "sick_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sick_notices" ADD CONSTRAINT "sick_notices_reported_by_users_id_fk" FOREIGN KEY ("reported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sick_notices" ADD CONSTRAINT "sick_notices_photo_file_id_files_id_fk" FOREIGN KEY ("photo_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sick_notices" ADD CONSTRAINT "sick_notices_processed_by_users_id_fk" FOREIGN KEY ("processed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camera_pictures" ADD CONSTRAINT "camera_pictures_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camera_pictures" ADD CONSTRAINT "camera_pictures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camera_pictures" ADD CONSTRAINT "camera_pictures_taken_by_users_id_fk" FOREIGN KEY ("taken_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camera_pictures" ADD CONSTRAINT "camera_pictures_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camera_pictures" ADD CONSTRAINT "camera_pictures_thumb_file_id_files_id_fk" FOREIGN KEY ("thumb_file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sick_notices_school_created" ON "sick_notices" USING btree ("school_id","created_at");--> statement-breakpoint
CREATE INDEX "sick_notices_user" ON "sick_notices" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sick_notices_school_ends" ON "sick_notices" USING btree ("school_id","ends");--> statement-breakpoint
CREATE INDEX "camera_pictures_user" ON "camera_pictures" USING btree ("school_id","user_id","created_at");