CREATE TABLE "saml_sp_keys" (
	"school_id" integer PRIMARY KEY NOT NULL,
	"certificate" text NOT NULL,
	"private_key_sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"session_id" bigint NOT NULL,
	"provider" text NOT NULL,
	"id_token_sealed" text,
	"name_id" text,
	"name_id_format" text,
	"name_qualifier" text,
	"sp_name_qualifier" text,
	"session_index" text,
	"logout_request_hash" text,
	"logout_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "saml_sp_keys" ADD CONSTRAINT "saml_sp_keys_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_sessions" ADD CONSTRAINT "sso_sessions_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_sessions" ADD CONSTRAINT "sso_sessions_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sso_sessions_session" ON "sso_sessions" USING btree ("session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sso_sessions_logout_request" ON "sso_sessions" USING btree ("logout_request_hash");--> statement-breakpoint
CREATE INDEX "sso_sessions_name_id" ON "sso_sessions" USING btree ("school_id","name_id");