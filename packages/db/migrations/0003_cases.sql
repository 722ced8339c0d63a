CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "case_members" (
	"case_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"firm_id" uuid NOT NULL,
	"role" text NOT NULL,
	"added_by_id" uuid,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "case_members_case_id_user_id_pk" PRIMARY KEY("case_id","user_id"),
	CONSTRAINT "case_members_role_check" CHECK ("case_members"."role" in ('contractor','adjuster','expert','co-counsel'))
);
--> statement-breakpoint
CREATE TABLE "case_number_counters" (
	"firm_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "case_number_counters_firm_id_year_pk" PRIMARY KEY("firm_id","year")
);
--> statement-breakpoint
CREATE TABLE "case_status_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"case_id" uuid NOT NULL,
	"firm_id" uuid NOT NULL,
	"status" text NOT NULL,
	"changed_by_id" uuid,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"case_number" text NOT NULL,
	"title" text NOT NULL,
	"case_type" text DEFAULT 'property-damage' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"priority" text DEFAULT 'medium' NOT NULL,
	"client_id" uuid NOT NULL,
	"lead_attorney_id" uuid,
	"description" text,
	"date_opened" date DEFAULT current_date NOT NULL,
	"due_date" date,
	"carrier" text,
	"policy_number" text,
	"claim_number" text,
	"date_of_loss" date,
	"property_address" text,
	"target_settlement" numeric(14, 2),
	"settlement_amount" numeric(14, 2),
	"settled_at" timestamp with time zone,
	"search_text" text DEFAULT '' NOT NULL,
	"created_by_id" uuid,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cases_case_type_check" CHECK ("cases"."case_type" in ('property-damage','insurance-dispute','personal-injury','commercial-property','other')),
	CONSTRAINT "cases_status_check" CHECK ("cases"."status" in ('active','discovery','negotiation','settlement','settled')),
	CONSTRAINT "cases_priority_check" CHECK ("cases"."priority" in ('high','medium','low')),
	CONSTRAINT "cases_amounts_check" CHECK (coalesce("cases"."target_settlement", 0) >= 0 and coalesce("cases"."settlement_amount", 0) >= 0)
);
--> statement-breakpoint
ALTER TABLE "client_profiles" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "case_members" ADD CONSTRAINT "case_members_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_members" ADD CONSTRAINT "case_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_members" ADD CONSTRAINT "case_members_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_members" ADD CONSTRAINT "case_members_added_by_id_users_id_fk" FOREIGN KEY ("added_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_number_counters" ADD CONSTRAINT "case_number_counters_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_status_history" ADD CONSTRAINT "case_status_history_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_status_history" ADD CONSTRAINT "case_status_history_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_status_history" ADD CONSTRAINT "case_status_history_changed_by_id_users_id_fk" FOREIGN KEY ("changed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_lead_attorney_id_users_id_fk" FOREIGN KEY ("lead_attorney_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_members_user_idx" ON "case_members" USING btree ("user_id","case_id");--> statement-breakpoint
CREATE INDEX "case_status_history_case_idx" ON "case_status_history" USING btree ("case_id","changed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cases_firm_number_key" ON "cases" USING btree ("firm_id","case_number");--> statement-breakpoint
CREATE INDEX "cases_firm_activity_idx" ON "cases" USING btree ("firm_id","last_activity_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "cases_firm_title_idx" ON "cases" USING btree ("firm_id","title","id");--> statement-breakpoint
CREATE INDEX "cases_firm_due_idx" ON "cases" USING btree ("firm_id","due_date","id");--> statement-breakpoint
CREATE INDEX "cases_firm_dashboard_idx" ON "cases" USING btree ("firm_id","status","case_type","settled_at","settlement_amount","target_settlement");--> statement-breakpoint
CREATE INDEX "cases_client_idx" ON "cases" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "cases_search_trgm_idx" ON "cases" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "client_profiles_search_trgm_idx" ON "client_profiles" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- What the case list's search matches: title, case number and the client's name, lower-cased.
CREATE OR REPLACE FUNCTION cases_set_search_text() RETURNS trigger AS $$
BEGIN
  NEW.search_text := lower(NEW.title || ' ' || NEW.case_number || ' ' || coalesce(
    (SELECT u.first_name || ' ' || u.last_name FROM users u WHERE u.id = NEW.client_id), ''));
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER cases_search_text
  BEFORE INSERT OR UPDATE OF title, case_number, client_id ON cases
  FOR EACH ROW EXECUTE FUNCTION cases_set_search_text();
--> statement-breakpoint
-- What the client directory's search matches: the account's name, e-mail, phone and company.
CREATE OR REPLACE FUNCTION client_profiles_set_search_text() RETURNS trigger AS $$
BEGIN
  NEW.search_text := coalesce((SELECT lower(u.first_name || ' ' || u.last_name || ' ' || u.email || ' ' ||
    coalesce(u.phone, '') || ' ' || coalesce(u.company_name, '')) FROM users u WHERE u.id = NEW.user_id), '');
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER client_profiles_search_text
  BEFORE INSERT ON client_profiles
  FOR EACH ROW EXECUTE FUNCTION client_profiles_set_search_text();
--> statement-breakpoint
-- A renamed client (or a changed e-mail, phone, company) is found under the new details.
CREATE OR REPLACE FUNCTION users_refresh_search_text() RETURNS trigger AS $$
BEGIN
  UPDATE client_profiles SET search_text = lower(NEW.first_name || ' ' || NEW.last_name || ' ' || NEW.email
    || ' ' || coalesce(NEW.phone, '') || ' ' || coalesce(NEW.company_name, '')) WHERE user_id = NEW.id;
  IF NEW.first_name IS DISTINCT FROM OLD.first_name OR NEW.last_name IS DISTINCT FROM OLD.last_name THEN
    UPDATE cases SET title = title WHERE client_id = NEW.id;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER users_search_text
  AFTER UPDATE OF first_name, last_name, email, phone, company_name ON users
  FOR EACH ROW EXECUTE FUNCTION users_refresh_search_text();
--> statement-breakpoint
UPDATE client_profiles cp SET search_text = lower(u.first_name || ' ' || u.last_name || ' ' || u.email || ' ' ||
  coalesce(u.phone, '') || ' ' || coalesce(u.company_name, '')) FROM users u WHERE u.id = cp.user_id;
--> statement-breakpoint
-- A case's and a client's activity are read from the audit trail by the id in its details.
CREATE INDEX "audit_log_case_idx" ON "audit_log" ((details->>'caseId'), created_at) WHERE details ? 'caseId';
--> statement-breakpoint
CREATE INDEX "audit_log_client_idx" ON "audit_log" ((details->>'clientId'), created_at) WHERE details ? 'clientId';
