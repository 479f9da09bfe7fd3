CREATE TABLE "bbb_code_misses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"ip" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bbb_code_misses" ADD CONSTRAINT "bbb_code_misses_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bbb_code_misses_ip_at" ON "bbb_code_misses" USING btree ("ip","at");