CREATE TABLE "negotiation_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"negotiation_id" uuid NOT NULL,
	"firm_id" uuid NOT NULL,
	"case_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(14, 2),
	"action_date" date NOT NULL,
	"actor" text,
	"note" text,
	"document_id" uuid,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "negotiation_actions_kind_check" CHECK ("negotiation_actions"."kind" in ('demand','offer','target','settlement','note')),
	CONSTRAINT "negotiation_actions_amount_check" CHECK (("negotiation_actions"."kind" = 'note' or "negotiation_actions"."amount" is not null) and coalesce("negotiation_actions"."amount", 0) >= 0),
	CONSTRAINT "negotiation_actions_note_check" CHECK ("negotiation_actions"."note" is null or length("negotiation_actions"."note") <= 2000)
);
--> statement-breakpoint
CREATE TABLE "negotiations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"case_id" uuid NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"target_source" text,
	"target_basis" jsonb,
	"settlement_amount" numeric(14, 2),
	"settled_at" timestamp with time zone,
	"created_by_id" uuid,
	"last_action_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "negotiations_status_check" CHECK ("negotiations"."status" in ('open','settled','closed')),
	CONSTRAINT "negotiations_target_source_check" CHECK ("negotiations"."target_source" is null or "negotiations"."target_source" in ('typed','documents')),
	CONSTRAINT "negotiations_settlement_check" CHECK (coalesce("negotiations"."settlement_amount", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "case_experts" (
	"case_id" uuid NOT NULL,
	"expert_id" uuid NOT NULL,
	"firm_id" uuid NOT NULL,
	"scope" text DEFAULT '' NOT NULL,
	"report_due_on" date,
	"report_received_at" timestamp with time zone,
	"engaged_by_id" uuid,
	"engaged_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "case_experts_case_id_expert_id_pk" PRIMARY KEY("case_id","expert_id")
);
--> statement-breakpoint
CREATE TABLE "experts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"user_id" uuid,
	"name" text NOT NULL,
	"specialty" text NOT NULL,
	"credentials" text DEFAULT '' NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"availability" text DEFAULT 'Available' NOT NULL,
	"hourly_rate" numeric(14, 2),
	"email" text,
	"phone" text,
	"notes" text DEFAULT '' NOT NULL,
	"cv_document_id" uuid,
	"search_text" text GENERATED ALWAYS AS (lower(name || ' ' || specialty || ' ' || company)) STORED NOT NULL,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "experts_name_check" CHECK (length("experts"."name") between 1 and 120),
	CONSTRAINT "experts_specialty_check" CHECK (length("experts"."specialty") between 1 and 80),
	CONSTRAINT "experts_availability_check" CHECK (length("experts"."availability") between 1 and 80),
	CONSTRAINT "experts_rate_check" CHECK (coalesce("experts"."hourly_rate", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "document_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"case_id" uuid NOT NULL,
	"title" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"document_id" uuid,
	"requested_by_id" uuid,
	"workflow_run_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"fulfilled_at" timestamp with time zone,
	CONSTRAINT "document_requests_status_check" CHECK ("document_requests"."status" in ('open','received','cancelled')),
	CONSTRAINT "document_requests_title_check" CHECK (length("document_requests"."title") between 1 and 160)
);
--> statement-breakpoint
CREATE TABLE "workflow_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"firm_id" uuid NOT NULL,
	"type" text NOT NULL,
	"case_id" uuid,
	"subject_id" text,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"dedupe_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dispatched_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "workflow_run_actions" (
	"run_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"error" text,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workflow_run_actions_run_id_position_pk" PRIMARY KEY("run_id","position"),
	CONSTRAINT "workflow_run_actions_status_check" CHECK ("workflow_run_actions"."status" in ('succeeded','failed','skipped'))
);
--> statement-breakpoint
CREATE TABLE "workflow_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workflow_id" uuid NOT NULL,
	"firm_id" uuid NOT NULL,
	"event_id" bigint NOT NULL,
	"case_id" uuid,
	"status" text DEFAULT 'queued' NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workflow_runs_status_check" CHECK ("workflow_runs"."status" in ('queued','running','succeeded','failed'))
);
--> statement-breakpoint
CREATE TABLE "workflows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category" text NOT NULL,
	"template_key" text,
	"status" text DEFAULT 'active' NOT NULL,
	"trigger_type" text NOT NULL,
	"trigger" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"conditions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"actions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_error" text,
	"last_run_at" timestamp with time zone,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workflows_status_check" CHECK ("workflows"."status" in ('active','paused','error')),
	CONSTRAINT "workflows_category_check" CHECK ("workflows"."category" in ('case-management','documentation','communication','financial','compliance','resources')),
	CONSTRAINT "workflows_trigger_check" CHECK ("workflows"."trigger_type" in ('case-created','case-status-changed','document-analyzed','deadline-approaching','client-created','client-message','case-inactive')),
	CONSTRAINT "workflows_name_check" CHECK (length("workflows"."name") between 1 and 120)
);
--> statement-breakpoint
ALTER TABLE "negotiation_actions" ADD CONSTRAINT "negotiation_actions_negotiation_id_negotiations_id_fk" FOREIGN KEY ("negotiation_id") REFERENCES "public"."negotiations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "negotiation_actions" ADD CONSTRAINT "negotiation_actions_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "negotiation_actions" ADD CONSTRAINT "negotiation_actions_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "negotiation_actions" ADD CONSTRAINT "negotiation_actions_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "negotiation_actions" ADD CONSTRAINT "negotiation_actions_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "negotiations" ADD CONSTRAINT "negotiations_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "negotiations" ADD CONSTRAINT "negotiations_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "negotiations" ADD CONSTRAINT "negotiations_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_experts" ADD CONSTRAINT "case_experts_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_experts" ADD CONSTRAINT "case_experts_expert_id_experts_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."experts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_experts" ADD CONSTRAINT "case_experts_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_experts" ADD CONSTRAINT "case_experts_engaged_by_id_users_id_fk" FOREIGN KEY ("engaged_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experts" ADD CONSTRAINT "experts_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experts" ADD CONSTRAINT "experts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experts" ADD CONSTRAINT "experts_cv_document_id_documents_id_fk" FOREIGN KEY ("cv_document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experts" ADD CONSTRAINT "experts_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_requests" ADD CONSTRAINT "document_requests_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_requests" ADD CONSTRAINT "document_requests_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_requests" ADD CONSTRAINT "document_requests_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_requests" ADD CONSTRAINT "document_requests_requested_by_id_users_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_requests" ADD CONSTRAINT "document_requests_workflow_run_id_workflow_runs_id_fk" FOREIGN KEY ("workflow_run_id") REFERENCES "public"."workflow_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_events" ADD CONSTRAINT "workflow_events_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_events" ADD CONSTRAINT "workflow_events_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_run_actions" ADD CONSTRAINT "workflow_run_actions_run_id_workflow_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."workflow_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_runs" ADD CONSTRAINT "workflow_runs_workflow_id_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_runs" ADD CONSTRAINT "workflow_runs_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_runs" ADD CONSTRAINT "workflow_runs_event_id_workflow_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."workflow_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_runs" ADD CONSTRAINT "workflow_runs_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflows" ADD CONSTRAINT "workflows_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflows" ADD CONSTRAINT "workflows_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "negotiation_actions_negotiation_idx" ON "negotiation_actions" USING btree ("negotiation_id","action_date","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "negotiations_case_key" ON "negotiations" USING btree ("case_id");--> statement-breakpoint
CREATE INDEX "negotiations_firm_last_idx" ON "negotiations" USING btree ("firm_id","last_action_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "case_experts_expert_idx" ON "case_experts" USING btree ("expert_id","case_id");--> statement-breakpoint
CREATE INDEX "case_experts_report_due_idx" ON "case_experts" USING btree ("firm_id","report_due_on") WHERE "case_experts"."report_received_at" is null and "case_experts"."report_due_on" is not null;--> statement-breakpoint
CREATE INDEX "experts_firm_name_idx" ON "experts" USING btree ("firm_id","name","id");--> statement-breakpoint
CREATE UNIQUE INDEX "experts_firm_user_key" ON "experts" USING btree ("firm_id","user_id") WHERE "experts"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "experts_search_trgm_idx" ON "experts" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "document_requests_case_idx" ON "document_requests" USING btree ("case_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "document_requests_open_title_key" ON "document_requests" USING btree ("case_id",lower("title")) WHERE "document_requests"."status" = 'open';--> statement-breakpoint
CREATE INDEX "workflow_events_pending_idx" ON "workflow_events" USING btree ("id") WHERE "workflow_events"."dispatched_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_events_dedupe_key" ON "workflow_events" USING btree ("firm_id","dedupe_key") WHERE "workflow_events"."dedupe_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_runs_once_key" ON "workflow_runs" USING btree ("workflow_id","event_id");--> statement-breakpoint
CREATE INDEX "workflow_runs_workflow_idx" ON "workflow_runs" USING btree ("workflow_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "workflow_runs_firm_idx" ON "workflow_runs" USING btree ("firm_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "workflows_firm_idx" ON "workflows" USING btree ("firm_id","created_at");--> statement-breakpoint
CREATE INDEX "workflows_firm_trigger_idx" ON "workflows" USING btree ("firm_id","trigger_type") WHERE "workflows"."status" = 'active';