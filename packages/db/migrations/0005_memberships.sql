CREATE TABLE "memberships" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"user_type" text NOT NULL,
	"status" text NOT NULL,
	"invited_by_id" uuid,
	"invited_as" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"responded_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"ended_reason" text,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "memberships_user_type_check" CHECK ("memberships"."user_type" in ('attorney','restoration-contractor','public-adjuster','expert-witness','client')),
	CONSTRAINT "memberships_status_check" CHECK ("memberships"."status" in ('pending','active','declined','ended')),
	CONSTRAINT "memberships_ended_reason_check" CHECK ("memberships"."ended_reason" is null or "memberships"."ended_reason" in ('removed','left','deactivated'))
);
--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_invited_by_id_users_id_fk" FOREIGN KEY ("invited_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_firm_user_key" ON "memberships" USING btree ("firm_id","user_id");--> statement-breakpoint
CREATE INDEX "memberships_user_idx" ON "memberships" USING btree ("user_id");--> statement-breakpoint
-- Every account's one firm becomes its membership, with its type. A deactivated account (only
-- clients could be deactivated) keeps its account and loses the membership: deactivation is now a
-- firm's, so another firm can still work with the person.
INSERT INTO "memberships" ("firm_id", "user_id", "user_type", "status", "created_at", "responded_at", "ended_at", "ended_reason")
  SELECT "firm_id", "id", "user_type",
    CASE WHEN "status" = 'active' THEN 'active' ELSE 'ended' END,
    "created_at", "created_at",
    CASE WHEN "status" = 'active' THEN NULL ELSE "updated_at" END,
    CASE WHEN "status" = 'active' THEN NULL ELSE 'deactivated' END
  FROM "users";--> statement-breakpoint
-- A client invited by the directory was created by it.
UPDATE "memberships" m SET "invited_by_id" = cp."created_by_id"
  FROM "client_profiles" cp WHERE cp."user_id" = m."user_id" AND cp."firm_id" = m."firm_id";--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "firm_id" uuid;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
UPDATE "sessions" s SET "firm_id" = u."firm_id" FROM "users" u WHERE u."id" = s."user_id";--> statement-breakpoint
-- A person can be a client of several firms: the directory's row is per firm and person.
ALTER TABLE "client_profiles" DROP CONSTRAINT "client_profiles_pkey";--> statement-breakpoint
ALTER TABLE "client_profiles" ADD CONSTRAINT "client_profiles_firm_id_user_id_pk" PRIMARY KEY("firm_id","user_id");--> statement-breakpoint
CREATE INDEX "client_profiles_user_idx" ON "client_profiles" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_user_type_check";--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_status_check";--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_firm_id_firms_id_fk";--> statement-breakpoint
DROP INDEX "users_firm_idx";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "firm_id";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "user_type";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "status";
