-- account_call_counts (migration 0011) holds each account's calls by direction, so the
-- call-logs pager reads its total from one row instead of counting the account's calls on every
-- request. Statement-level triggers keep it exact in the same transaction as the change to
-- `calls`, whoever writes (any handler, a webhook, a seed, another API instance, plain SQL).
-- A transition table can only belong to a one-event trigger, hence one trigger per event.
CREATE FUNCTION account_call_counts_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO account_call_counts AS c (account_id, inbound, outbound)
  SELECT account_id, count(*) FILTER (WHERE direction = 'inbound'), count(*) FILTER (WHERE direction = 'outbound')
  FROM new_calls GROUP BY account_id ORDER BY account_id
  ON CONFLICT (account_id) DO UPDATE SET inbound = c.inbound + excluded.inbound, outbound = c.outbound + excluded.outbound;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION account_call_counts_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only an update: when an account's deletion cascades to its calls, its counts row goes too.
  UPDATE account_call_counts AS c SET inbound = c.inbound - d.inbound, outbound = c.outbound - d.outbound
  FROM (
    SELECT account_id, count(*) FILTER (WHERE direction = 'inbound') AS inbound, count(*) FILTER (WHERE direction = 'outbound') AS outbound
    FROM old_calls GROUP BY account_id
  ) AS d
  WHERE c.account_id = d.account_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION account_call_counts_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Most updates (status, duration, links) move no call between accounts or directions: the
  -- HAVING drops their zero changes, so they do not touch the counts row at all.
  INSERT INTO account_call_counts AS c (account_id, inbound, outbound)
  SELECT account_id, sum(inbound), sum(outbound)
  FROM (
    SELECT account_id, (direction = 'inbound')::int AS inbound, (direction = 'outbound')::int AS outbound FROM new_calls
    UNION ALL
    SELECT account_id, -(direction = 'inbound')::int, -(direction = 'outbound')::int FROM old_calls
  ) AS changes
  GROUP BY account_id
  HAVING sum(inbound) <> 0 OR sum(outbound) <> 0
  ORDER BY account_id
  ON CONFLICT (account_id) DO UPDATE SET inbound = c.inbound + excluded.inbound, outbound = c.outbound + excluded.outbound;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION account_call_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM account_call_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- No call may be written between the triggers appearing and the backfill (another instance
-- still on the old version): SHARE mode holds writers back until this migration commits.
LOCK TABLE calls IN SHARE MODE;
--> statement-breakpoint
CREATE TRIGGER calls_count_insert AFTER INSERT ON calls REFERENCING NEW TABLE AS new_calls
  FOR EACH STATEMENT EXECUTE FUNCTION account_call_counts_insert();
--> statement-breakpoint
CREATE TRIGGER calls_count_delete AFTER DELETE ON calls REFERENCING OLD TABLE AS old_calls
  FOR EACH STATEMENT EXECUTE FUNCTION account_call_counts_delete();
--> statement-breakpoint
CREATE TRIGGER calls_count_update AFTER UPDATE ON calls REFERENCING OLD TABLE AS old_calls NEW TABLE AS new_calls
  FOR EACH STATEMENT EXECUTE FUNCTION account_call_counts_update();
--> statement-breakpoint
CREATE TRIGGER calls_count_truncate AFTER TRUNCATE ON calls
  FOR EACH STATEMENT EXECUTE FUNCTION account_call_counts_truncate();
--> statement-breakpoint
INSERT INTO account_call_counts (account_id, inbound, outbound)
SELECT account_id, count(*) FILTER (WHERE direction = 'inbound'), count(*) FILTER (WHERE direction = 'outbound')
FROM calls GROUP BY account_id;
