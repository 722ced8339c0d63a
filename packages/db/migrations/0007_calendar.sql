CREATE TABLE "calendar_event_attendees" (
	"event_id" uuid NOT NULL,
	"email" text NOT NULL,
	"user_id" uuid,
	"response" text DEFAULT 'needsAction' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "calendar_event_attendees_event_id_email_pk" PRIMARY KEY("event_id","email"),
	CONSTRAINT "calendar_event_attendees_response_check" CHECK ("calendar_event_attendees"."response" in ('accepted','declined','tentative','needsAction'))
);
--> statement-breakpoint
CREATE TABLE "calendar_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"case_id" uuid,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"event_type" text DEFAULT 'meeting' NOT NULL,
	"all_day" boolean DEFAULT false NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_events_type_check" CHECK ("calendar_events"."event_type" in ('meeting','court','deadline','deposition','mediation','inspection','other')),
	CONSTRAINT "calendar_events_range_check" CHECK ("calendar_events"."ends_at" > "calendar_events"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"user_id" uuid NOT NULL,
	"firm_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_user_id_firm_id_pk" PRIMARY KEY("user_id","firm_id"),
	CONSTRAINT "calendar_feeds_token_hash_key" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "calendar_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"minutes_before" integer NOT NULL,
	"fire_at" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone,
	"late" boolean DEFAULT false NOT NULL,
	CONSTRAINT "calendar_reminders_event_minutes_key" UNIQUE("event_id","minutes_before"),
	CONSTRAINT "calendar_reminders_minutes_check" CHECK ("calendar_reminders"."minutes_before" between 0 and 40320)
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"firm_id" uuid,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"link" text,
	"late" boolean DEFAULT false NOT NULL,
	"source_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "notifications_source_key" UNIQUE("source_key"),
	CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('event_reminder','event_invitation'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "calendar_event_attendees" ADD CONSTRAINT "calendar_event_attendees_event_id_calendar_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."calendar_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_event_attendees" ADD CONSTRAINT "calendar_event_attendees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_reminders" ADD CONSTRAINT "calendar_reminders_event_id_calendar_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."calendar_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calendar_event_attendees_user_idx" ON "calendar_event_attendees" USING btree ("user_id") WHERE "calendar_event_attendees"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "calendar_events_owner_range_idx" ON "calendar_events" USING btree ("firm_id","owner_id","starts_at");--> statement-breakpoint
CREATE INDEX "calendar_events_long_idx" ON "calendar_events" USING btree ("firm_id","starts_at") WHERE "calendar_events"."ends_at" - "calendar_events"."starts_at" > interval '7 days';--> statement-breakpoint
CREATE INDEX "calendar_events_firm_case_range_idx" ON "calendar_events" USING btree ("firm_id","starts_at") WHERE "calendar_events"."case_id" is not null;--> statement-breakpoint
CREATE INDEX "calendar_events_case_idx" ON "calendar_events" USING btree ("case_id","starts_at");--> statement-breakpoint
CREATE INDEX "calendar_reminders_due_idx" ON "calendar_reminders" USING btree ("fire_at") WHERE "calendar_reminders"."delivered_at" is null;--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST);