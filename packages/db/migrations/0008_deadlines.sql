CREATE TABLE "case_deadline_reviews" (
	"case_id" uuid NOT NULL,
	"rule_id" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"override_date" date,
	"reason" text DEFAULT '' NOT NULL,
	"reviewed_by_id" uuid,
	"reviewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "case_deadline_reviews_case_id_rule_id_pk" PRIMARY KEY("case_id","rule_id"),
	CONSTRAINT "case_deadline_reviews_status_check" CHECK ("case_deadline_reviews"."status" in ('open','met','missed','waived')),
	CONSTRAINT "case_deadline_reviews_reason_check" CHECK ("case_deadline_reviews"."override_date" is null or length(trim("case_deadline_reviews"."reason")) > 0)
);
--> statement-breakpoint
CREATE TABLE "case_key_dates" (
	"case_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"date" date NOT NULL,
	"source" text DEFAULT 'typed' NOT NULL,
	"document_id" uuid,
	"set_by_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "case_key_dates_case_id_kind_pk" PRIMARY KEY("case_id","kind"),
	CONSTRAINT "case_key_dates_kind_check" CHECK ("case_key_dates"."kind" in ('date_of_loss','claim_reported','carrier_acknowledged','proof_of_loss_requested','proof_of_loss_submitted','all_items_received','claim_accepted','first_acv_payment','denial','presuit_notice','civil_remedy_notice','appraisal_demand','suit_filed')),
	CONSTRAINT "case_key_dates_source_check" CHECK ("case_key_dates"."source" in ('typed','document'))
);
--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "property_state" text;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "policy_kind" text;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "policy_effective_date" date;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "state_of_emergency" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "surplus_lines" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "catastrophe_extension_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "deadlines_synced_with" text;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD COLUMN "deadline_rule" text;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD COLUMN "deadline_party" text;--> statement-breakpoint
ALTER TABLE "case_deadline_reviews" ADD CONSTRAINT "case_deadline_reviews_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_deadline_reviews" ADD CONSTRAINT "case_deadline_reviews_reviewed_by_id_users_id_fk" FOREIGN KEY ("reviewed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_key_dates" ADD CONSTRAINT "case_key_dates_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_key_dates" ADD CONSTRAINT "case_key_dates_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_key_dates" ADD CONSTRAINT "case_key_dates_set_by_id_users_id_fk" FOREIGN KEY ("set_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_events_case_rule_key" ON "calendar_events" USING btree ("case_id","deadline_rule") WHERE "calendar_events"."deadline_rule" is not null;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_policy_kind_check" CHECK ("cases"."policy_kind" is null or "cases"."policy_kind" in ('homeowners','commercial','flood'));--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_property_state_check" CHECK ("cases"."property_state" is null or "cases"."property_state" ~ '^[A-Z]{2}$');--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_catastrophe_extension_check" CHECK ("cases"."catastrophe_extension_days" between 0 and 180);