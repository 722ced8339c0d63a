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
-- turn on it, so places follow the order rows are written in.
CREATE OR REPLACE FUNCTION audit_log_row_hash(r audit_log) RETURNS text AS $$
  SELECT encode(sha256(convert_to(json_build_array(
    r.chain_seq, r.prev_hash, r.id, (extract(epoch FROM r.created_at) * 1000000)::bigint,
    r.firm_id, r.user_id, r.action, r.outcome, r.ip, r.user_agent, r.request_id, r.details
  )::text, 'UTF8')), 'hex')
$$ LANGUAGE sql STABLE;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_log_chain() RETURNS trigger AS $$
DECLARE head audit_chain_head;
BEGIN
  UPDATE audit_chain_head SET seq = seq + 1 WHERE id = 1 RETURNING * INTO head;
  NEW.chain_seq := head.seq;
  NEW.prev_hash := head.hash;
  NEW.hash := audit_log_row_hash(NEW);
  UPDATE audit_chain_head SET hash = NEW.hash WHERE id = 1;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
INSERT INTO audit_chain_head (id, seq, hash) VALUES (1, 0, NULL);
--> statement-breakpoint
ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only;
--> statement-breakpoint
DO $$
DECLARE r audit_log; head audit_chain_head;
BEGIN
  FOR r IN SELECT * FROM audit_log ORDER BY id LOOP
    UPDATE audit_chain_head SET seq = seq + 1 WHERE id = 1 RETURNING * INTO head;
    r.chain_seq := head.seq;
    r.prev_hash := head.hash;
    r.hash := audit_log_row_hash(r);
    UPDATE audit_log SET chain_seq = r.chain_seq, prev_hash = r.prev_hash, hash = r.hash WHERE id = r.id;
    UPDATE audit_chain_head SET hash = r.hash WHERE id = 1;
  END LOOP;
END $$;
--> statement-breakpoint
ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only;
--> statement-breakpoint
CREATE TRIGGER audit_log_chain BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_chain();
