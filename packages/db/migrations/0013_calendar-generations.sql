CREATE TABLE "calendar_generations" (
	"firm_id" uuid PRIMARY KEY NOT NULL,
	"generation" bigint NOT NULL
);
--> statement-breakpoint
-- A firm's calendar generation moves on when a transaction that changed what its calendars show
-- commits: the triggers below are deferred to the commit, so the counter's row is locked only
-- for the commit itself, and bumped once per firm per transaction (the firms already bumped are
-- kept in a transaction-local setting). No foreign key: a firm deleted in the same transaction
-- must not make the commit fail.
CREATE OR REPLACE FUNCTION calendar_generation_bump(firm uuid) RETURNS void AS $$
DECLARE
  bumped text := coalesce(current_setting('calendar.bumped', true), '');
BEGIN
  IF firm IS NULL OR position(firm::text IN bumped) > 0 THEN
    RETURN;
  END IF;
  INSERT INTO calendar_generations AS g (firm_id, generation) VALUES (firm, 1)
    ON CONFLICT (firm_id) DO UPDATE SET generation = g.generation + 1;
  PERFORM set_config('calendar.bumped', bumped || firm::text || ',', true);
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Every table here has firm_id but attendees and reminders, whose firm is their event's (an event
-- deleted with them bumped its firm itself).
CREATE OR REPLACE FUNCTION calendar_generation_touch() RETURNS trigger AS $$
BEGIN
  IF TG_TABLE_NAME IN ('calendar_event_attendees', 'calendar_reminders') THEN
    PERFORM calendar_generation_bump(e.firm_id) FROM calendar_events e
      WHERE e.id IN (CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE OLD.event_id END,
                     CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE NEW.event_id END);
  ELSE
    IF TG_OP <> 'INSERT' THEN PERFORM calendar_generation_bump(OLD.firm_id); END IF;
    IF TG_OP <> 'DELETE' THEN PERFORM calendar_generation_bump(NEW.firm_id); END IF;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER calendar_events_generation AFTER INSERT OR UPDATE OR DELETE ON calendar_events
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION calendar_generation_touch();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER calendar_event_attendees_generation AFTER INSERT OR UPDATE OR DELETE ON calendar_event_attendees
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION calendar_generation_touch();
--> statement-breakpoint
-- A reminder's delivery (fired_at and the like) does not change the calendar: only its minutes do.
CREATE CONSTRAINT TRIGGER calendar_reminders_generation AFTER INSERT OR DELETE ON calendar_reminders
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION calendar_generation_touch();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER calendar_reminders_generation_update AFTER UPDATE ON calendar_reminders
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.event_id IS DISTINCT FROM NEW.event_id OR OLD.minutes_before IS DISTINCT FROM NEW.minutes_before)
  EXECUTE FUNCTION calendar_generation_touch();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER case_members_generation AFTER INSERT OR UPDATE OR DELETE ON case_members
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION calendar_generation_touch();
--> statement-breakpoint
-- Of a case: what decides who sees it and how its events and due date are shown (not its
-- activity, which moves all day).
CREATE CONSTRAINT TRIGGER cases_generation AFTER INSERT OR DELETE ON cases
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION calendar_generation_touch();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER cases_generation_update AFTER UPDATE ON cases
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD.firm_id, OLD.case_number, OLD.title, OLD.status, OLD.client_id, OLD.due_date)
        IS DISTINCT FROM (NEW.firm_id, NEW.case_number, NEW.title, NEW.status, NEW.client_id, NEW.due_date))
  EXECUTE FUNCTION calendar_generation_touch();
--> statement-breakpoint
-- Of a document: what decides who sees it and the deadlines its analysis found.
CREATE CONSTRAINT TRIGGER documents_generation AFTER INSERT OR DELETE ON documents
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION calendar_generation_touch();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER documents_generation_update AFTER UPDATE ON documents
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD.firm_id, OLD.case_id, OLD.file_name, OLD.uploaded_by_id, OLD.shared_with_client, OLD.analysis_status, OLD.analysis)
        IS DISTINCT FROM (NEW.firm_id, NEW.case_id, NEW.file_name, NEW.uploaded_by_id, NEW.shared_with_client, NEW.analysis_status, NEW.analysis))
  EXECUTE FUNCTION calendar_generation_touch();
