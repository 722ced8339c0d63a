CREATE TABLE "audit_chain_head" (
	"id" integer PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL,
	"hash" text
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "chain_seq" bigint;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "hash" text;--> statement-breakpoint
-- The audit trail chained by hash: each row gets the next place in the chain, the hash of the row
-- before it, and a SHA-256 over both and its own content, so a changed, removed or inserted row
-- breaks the chain (npm run verify-audit). The head row is the chain's lock: writers take their
-- turn on it (a transaction holds it from its first audit row to its commit), so places follow
-- the order rows are written in.
CREATE OR REPLACE FUNCTION audit_log_row_hash(r audit_log) RETURNS text AS $$
  SELECT encode(sha256(convert_to(json_build_array(
    r.chain_seq, r.prev_hash, r.id, (extract(epoch FROM r.created_at) * 1000000)::bigint,
    r.firm_id, r.user_id, r.action, r.outcome, r.ip, r.user_agent, r.request_id, r.details
  )::text, 'UTF8')), 'hex')
$$ LANGUAGE sql STABLE;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_log_chain() RETURNS trigger AS $$
DECLARE
  last_seq bigint;
  last_hash text;
BEGIN
  -- The first row of a transaction takes the head's lock (held until commit) and its place; the
  -- rows after it continue from transaction-local settings, and the statement's end writes the
  -- head once (audit_log_chain_head), so a batch of rows costs one update, not one per row.
  IF coalesce(current_setting('audit.chain_seq', true), '') = '' THEN
    SELECT h.seq, h.hash INTO last_seq, last_hash FROM audit_chain_head h WHERE h.id = 1 FOR UPDATE;
  ELSE
    last_seq := current_setting('audit.chain_seq')::bigint;
    last_hash := nullif(current_setting('audit.chain_hash', true), '');
  END IF;
  NEW.chain_seq := last_seq + 1;
  NEW.prev_hash := last_hash;
  NEW.hash := audit_log_row_hash(NEW);
  PERFORM set_config('audit.chain_seq', NEW.chain_seq::text, true);
  PERFORM set_config('audit.chain_hash', NEW.hash, true);
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_log_chain_head() RETURNS trigger AS $$
BEGIN
  IF coalesce(current_setting('audit.chain_seq', true), '') <> '' THEN
    UPDATE audit_chain_head
       SET seq = current_setting('audit.chain_seq')::bigint,
           hash = nullif(current_setting('audit.chain_hash', true), '')
     WHERE id = 1;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
INSERT INTO audit_chain_head (id, seq, hash) VALUES (1, 0, NULL);
--> statement-breakpoint
ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only;
--> statement-breakpoint
DO $$
DECLARE r audit_log; last_seq bigint := 0; last_hash text;
BEGIN
  FOR r IN SELECT * FROM audit_log ORDER BY id LOOP
    last_seq := last_seq + 1;
    r.chain_seq := last_seq;
    r.prev_hash := last_hash;
    r.hash := audit_log_row_hash(r);
    UPDATE audit_log SET chain_seq = r.chain_seq, prev_hash = r.prev_hash, hash = r.hash WHERE id = r.id;
    last_hash := r.hash;
  END LOOP;
  UPDATE audit_chain_head SET seq = last_seq, hash = last_hash WHERE id = 1;
END $$;
--> statement-breakpoint
ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only;
--> statement-breakpoint
CREATE TRIGGER audit_log_chain BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_chain();
--> statement-breakpoint
CREATE TRIGGER audit_log_chain_head AFTER INSERT ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_log_chain_head();
