-- API instances keep recent call-logs pages in memory. Any change to what such a page
-- shows is announced on the `call_logs_changed` channel when it commits, whoever made it (any
-- instance, a webhook, plain SQL): the account's id for a change to its calls, `*` for a change
-- to the names and links a page joins in (AI agents, users, leads, conversations), which are rare.
CREATE FUNCTION call_logs_changed_accounts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('call_logs_changed', account_id::text) FROM (SELECT DISTINCT account_id FROM changed_calls) AS a;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION call_logs_changed_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('call_logs_changed', '*');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER calls_logs_notify_insert AFTER INSERT ON calls REFERENCING NEW TABLE AS changed_calls
  FOR EACH STATEMENT EXECUTE FUNCTION call_logs_changed_accounts();
--> statement-breakpoint
CREATE TRIGGER calls_logs_notify_update AFTER UPDATE ON calls REFERENCING NEW TABLE AS changed_calls
  FOR EACH STATEMENT EXECUTE FUNCTION call_logs_changed_accounts();
--> statement-breakpoint
CREATE TRIGGER calls_logs_notify_delete AFTER DELETE ON calls REFERENCING OLD TABLE AS changed_calls
  FOR EACH STATEMENT EXECUTE FUNCTION call_logs_changed_accounts();
--> statement-breakpoint
CREATE TRIGGER calls_logs_notify_truncate AFTER TRUNCATE ON calls
  FOR EACH STATEMENT EXECUTE FUNCTION call_logs_changed_all();
--> statement-breakpoint
CREATE TRIGGER ai_agents_logs_notify AFTER INSERT OR UPDATE OR DELETE ON ai_agents
  FOR EACH STATEMENT EXECUTE FUNCTION call_logs_changed_all();
--> statement-breakpoint
CREATE TRIGGER users_logs_notify AFTER INSERT OR UPDATE OR DELETE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION call_logs_changed_all();
--> statement-breakpoint
CREATE TRIGGER leads_logs_notify AFTER INSERT OR UPDATE OR DELETE ON leads
  FOR EACH STATEMENT EXECUTE FUNCTION call_logs_changed_all();
--> statement-breakpoint
CREATE TRIGGER conversations_logs_notify AFTER INSERT OR UPDATE OR DELETE ON conversations
  FOR EACH STATEMENT EXECUTE FUNCTION call_logs_changed_all();
