ALTER TABLE "jobs" ADD COLUMN "fair_key" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "jobs_fair_idx" ON "jobs" USING btree ("kind","fair_key","started_at") WHERE "jobs"."fair_key" is not null;