-- A call-logs page keeps recording links only on a plan that includes recordings, so a cached page
-- follows the account's plan: a change of plan drops the account's pages on every instance.
CREATE FUNCTION call_logs_changed_plan() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('call_logs_changed', NEW.id::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER accounts_plan_logs_notify AFTER UPDATE OF plan ON accounts
  FOR EACH ROW WHEN (OLD.plan IS DISTINCT FROM NEW.plan) EXECUTE FUNCTION call_logs_changed_plan();
