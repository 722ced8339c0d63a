ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('event_reminder','event_invitation','message','document_shared','document_analyzed','case_status','invitation_accepted','workflow'));--> statement-breakpoint
-- Workflow events (issue 13), written by triggers in the transaction that makes them happen, so no
-- code path (the API, a job, the demo, a factory, a workflow's own action) can forget one. A change a
-- workflow run makes carries the run's workflow and chain depth (set with set_config for that
-- transaction only): the engine never sends an event back to the workflow that caused it and stops
-- a chain at WORKFLOW_MAX_DEPTH.
CREATE OR REPLACE FUNCTION workflow_event_cause(payload jsonb) RETURNS jsonb AS $$
  SELECT payload
    || coalesce(jsonb_build_object('causedByWorkflow', nullif(current_setting('sentinel.workflow_id', true), '')), '{}'::jsonb)
    || jsonb_build_object('depth', coalesce(nullif(current_setting('sentinel.workflow_depth', true), '')::int, 0));
$$ LANGUAGE sql STABLE;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION workflow_event_case() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO workflow_events (firm_id, type, case_id, subject_id, payload)
      VALUES (NEW.firm_id, 'case-created', NEW.id, NEW.id::text,
        workflow_event_cause(jsonb_build_object('status', NEW.status, 'caseType', NEW.case_type)));
  ELSE
    INSERT INTO workflow_events (firm_id, type, case_id, subject_id, payload)
      VALUES (NEW.firm_id, 'case-status-changed', NEW.id, NEW.id::text,
        workflow_event_cause(jsonb_build_object('from', OLD.status, 'to', NEW.status)));
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER cases_workflow_created AFTER INSERT ON cases
  FOR EACH ROW EXECUTE FUNCTION workflow_event_case();
--> statement-breakpoint
CREATE TRIGGER cases_workflow_status AFTER UPDATE OF status ON cases
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION workflow_event_case();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION workflow_event_document() RETURNS trigger AS $$
BEGIN
  INSERT INTO workflow_events (firm_id, type, case_id, subject_id, payload)
    VALUES (NEW.firm_id, 'document-analyzed', NEW.case_id, NEW.id::text,
      workflow_event_cause(jsonb_build_object(
        'documentType', NEW.analysis -> 'document_metadata' ->> 'document_type',
        'fileName', NEW.file_name)));
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER documents_workflow_analyzed AFTER UPDATE OF analysis_status ON documents
  FOR EACH ROW WHEN (NEW.analysis_status = 'completed' AND OLD.analysis_status IS DISTINCT FROM 'completed' AND NEW.case_id IS NOT NULL)
  EXECUTE FUNCTION workflow_event_document();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION workflow_event_client() RETURNS trigger AS $$
BEGIN
  INSERT INTO workflow_events (firm_id, type, case_id, subject_id, payload)
    VALUES (NEW.firm_id, 'client-created', NULL, NEW.user_id::text,
      workflow_event_cause(jsonb_build_object('clientId', NEW.user_id)));
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER client_profiles_workflow_created AFTER INSERT ON client_profiles
  FOR EACH ROW EXECUTE FUNCTION workflow_event_client();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION workflow_event_message() RETURNS trigger AS $$
BEGIN
  INSERT INTO workflow_events (firm_id, type, case_id, subject_id, payload)
    SELECT c.firm_id, 'client-message', c.id, NEW.id::text,
      workflow_event_cause(jsonb_build_object('conversationId', NEW.conversation_id))
    FROM conversations v JOIN cases c ON c.id = v.case_id
    WHERE v.id = NEW.conversation_id AND v.kind = 'case' AND c.client_id = NEW.sender_id;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER messages_workflow_client AFTER INSERT ON messages
  FOR EACH ROW WHEN (NEW.kind = 'text' AND NEW.sender_id IS NOT NULL) EXECUTE FUNCTION workflow_event_message();
