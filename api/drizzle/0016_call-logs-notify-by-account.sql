-- Calls answered by AI agents write conversations and leads on every call, so a change to those
-- rows names only the accounts it touches (as a change to calls does), instead of dropping every
-- account's cached call-logs pages on every instance.
CREATE FUNCTION call_logs_changed_conversation_accounts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('call_logs_changed', a.account_id::text)
    FROM (SELECT DISTINCT c.account_id FROM changed_conversations AS cc JOIN calls AS c ON c.id = cc.call_id) AS a;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION call_logs_changed_lead_accounts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('call_logs_changed', a.account_id::text) FROM (SELECT DISTINCT account_id FROM changed_leads) AS a;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER conversations_logs_notify ON conversations;
--> statement-breakpoint
CREATE TRIGGER conversations_logs_notify_insert AFTER INSERT ON conversations REFERENCING NEW TABLE AS changed_conversations
  FOR EACH STATEMENT EXECUTE FUNCTION call_logs_changed_conversation_accounts();
--> statement-breakpoint
CREATE TRIGGER conversations_logs_notify_update AFTER UPDATE ON conversations REFERENCING NEW TABLE AS changed_conversations
  FOR EACH STATEMENT EXECUTE FUNCTION call_logs_changed_conversation_accounts();
--> statement-breakpoint
CREATE TRIGGER conversations_logs_notify_delete AFTER DELETE ON conversations REFERENCING OLD TABLE AS changed_conversations
  FOR EACH STATEMENT EXECUTE FUNCTION call_logs_changed_conversation_accounts();
--> statement-breakpoint
DROP TRIGGER leads_logs_notify ON leads;
--> statement-breakpoint
CREATE TRIGGER leads_logs_notify_insert AFTER INSERT ON leads REFERENCING NEW TABLE AS changed_leads
  FOR EACH STATEMENT EXECUTE FUNCTION call_logs_changed_lead_accounts();
--> statement-breakpoint
CREATE TRIGGER leads_logs_notify_update AFTER UPDATE ON leads REFERENCING NEW TABLE AS changed_leads
  FOR EACH STATEMENT EXECUTE FUNCTION call_logs_changed_lead_accounts();
--> statement-breakpoint
CREATE TRIGGER leads_logs_notify_delete AFTER DELETE ON leads REFERENCING OLD TABLE AS changed_leads
  FOR EACH STATEMENT EXECUTE FUNCTION call_logs_changed_lead_accounts();
