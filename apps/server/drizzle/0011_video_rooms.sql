CREATE TABLE "bbb_room_groups" (
	"room_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	CONSTRAINT "bbb_room_groups_room_id_group_id_pk" PRIMARY KEY("room_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "bbb_room_members" (
	"room_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"moderator" boolean DEFAULT false NOT NULL,
	CONSTRAINT "bbb_room_members_room_id_user_id_pk" PRIMARY KEY("room_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "bbb_rooms" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"meeting_id" text NOT NULL,
	"attendee_pw" text NOT NULL,
	"moderator_pw" text NOT NULL,
	"mute_on_join" boolean DEFAULT true NOT NULL,
	"guest_policy" text DEFAULT 'none' NOT NULL,
	"anyone_can_start" boolean DEFAULT false NOT NULL,
	"max_participants" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bbb_room_groups" ADD CONSTRAINT "bbb_room_groups_room_id_bbb_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."bbb_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bbb_room_groups" ADD CONSTRAINT "bbb_room_groups_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bbb_room_members" ADD CONSTRAINT "bbb_room_members_room_id_bbb_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."bbb_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bbb_room_members" ADD CONSTRAINT "bbb_room_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bbb_rooms" ADD CONSTRAINT "bbb_rooms_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bbb_rooms" ADD CONSTRAINT "bbb_rooms_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bbb_room_groups_group" ON "bbb_room_groups" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "bbb_room_members_user" ON "bbb_room_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bbb_rooms_code" ON "bbb_rooms" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "bbb_rooms_meeting" ON "bbb_rooms" USING btree ("meeting_id");--> statement-breakpoint
CREATE INDEX "bbb_rooms_school_name" ON "bbb_rooms" USING btree ("school_id","name");--> statement-breakpoint
CREATE INDEX "bbb_rooms_owner" ON "bbb_rooms" USING btree ("owner_id");