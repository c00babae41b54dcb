-- A session that ends (signed out, revoked, its person deleted) closes its open streams at
-- once on every app server; expiry and deactivation are found by the app's periodic check.
CREATE OR REPLACE FUNCTION notify_sessions_ended() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ended text[];
BEGIN
  IF TG_OP = 'UPDATE' THEN
    ended := ARRAY(SELECT n.id::text FROM removed o JOIN added n ON n.id = o.id
                    WHERE o.revoked_at IS NULL AND n.revoked_at IS NOT NULL);
  ELSE
    ended := ARRAY(SELECT id::text FROM removed WHERE revoked_at IS NULL AND expires_at > now());
  END IF;
  IF cardinality(ended) > 0 THEN
    PERFORM pg_notify('ecm_changes', jsonb_build_object(
      't', 'sessions', 'n', cardinality(ended), 'ids', to_jsonb(ended[1:20]))::text);
  END IF;
  RETURN NULL;
END
$$;

statement_triggers(sessions_changes, sessions, notify_sessions_ended, update, delete);
