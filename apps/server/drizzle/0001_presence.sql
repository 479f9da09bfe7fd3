CREATE TABLE "device_days" (
	"school_id" integer NOT NULL,
	"device_id" text NOT NULL,
	"day" text NOT NULL,
	"role" text NOT NULL,
	CONSTRAINT "device_days_school_id_day_device_id_pk" PRIMARY KEY("school_id","day","device_id")
);
--> statement-breakpoint
ALTER TABLE "device_days" ADD CONSTRAINT "device_days_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_school_last_seen" ON "sessions" USING btree ("school_id","last_seen_at");