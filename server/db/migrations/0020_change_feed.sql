-- The change feed: after each statement on an audited table, one NOTIFY on 'ecm_changes' per
-- distinct audience in it (table, company, owner, lend/borrowed, project's PM, person's role),
-- naming up to 20 record ids and never row data. NOTIFY is sent at commit, so a rolled-back
-- write tells nobody, and it reaches every app server that LISTENs on the database. The app
-- decides from these fields which open streams may hear of the change.
--
-- The audience of a row: a personal record's owner (u, with d for lend or borrowed); a
-- company record's company (c), its PM for a project (p), and a person's role (r). The
-- admin who created the company (a) is named here, in the same transaction, so that a
-- deleted company still reaches its admin and the app servers need no lookup of their own.
-- The session that made the change (s, set with the actor) is named so that its own stream
-- is spared the echo.
--
-- One query per statement, whatever its size: the audiences are grouped in SQL (a bulk
-- insert of thousands of rows costs a few microseconds a row), built from each table's own
-- columns by a query chosen for the table.
CREATE OR REPLACE FUNCTION notify_changes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  audience text := CASE TG_TABLE_NAME
    WHEN 'expenses' THEN $q$jsonb_build_object('u', r.user_id)$q$
    WHEN 'notifications' THEN $q$jsonb_build_object('u', r.user_id)$q$
    WHEN 'loans' THEN $q$jsonb_build_object('u', r.user_id, 'd', r.direction)$q$
    -- A loan deleted takes its repayments with it: then the direction is no longer known.
    WHEN 'repayments' THEN $q$jsonb_strip_nulls(jsonb_build_object('u', r.user_id,
      'd', (SELECT l.direction FROM loans l WHERE l.id = r.loan_id)))$q$
    WHEN 'users' THEN $q$jsonb_strip_nulls(jsonb_build_object(
      'c', coalesce(r.company_id, CASE WHEN r.role = 'company' THEN r.id END),
      'r', r.role,
      'a', CASE WHEN r.role = 'company' THEN r.created_by END))$q$
    WHEN 'projects' THEN $q$jsonb_strip_nulls(jsonb_build_object(
      'c', r.company_id, 'p', r.project_manager_id))$q$
    ELSE $q$jsonb_build_object('c', r.company_id)$q$
  END;
  -- An update concerns the rows before and after (a project moved to another PM concerns
  -- both PMs). A person's update that changes only sign-in secrets or bookkeeping (a code's
  -- step marked used) is nobody's news, as in the audit trail.
  changed text := CASE
    WHEN TG_OP = 'INSERT' THEN 'added'
    WHEN TG_OP = 'DELETE' THEN 'removed'
    WHEN TG_TABLE_NAME <> 'users' THEN '(SELECT * FROM removed UNION ALL SELECT * FROM added)'
    ELSE $q$(SELECT side.* FROM removed o JOIN added n ON n.id = o.id,
               LATERAL (SELECT o.* UNION ALL SELECT n.*) AS side
              WHERE to_jsonb(o) - ARRAY['password_hash', 'totp_secret', 'totp_pending_secret',
                      'totp_last_step', 'updated_at']
                    IS DISTINCT FROM to_jsonb(n) - ARRAY['password_hash', 'totp_secret',
                      'totp_pending_secret', 'totp_last_step', 'updated_at'])$q$
  END;
  session text := nullif(current_setting('app.session', true), '');
  g record;
BEGIN
  FOR g IN EXECUTE format(
    'SELECT %s AS key, array_agg(DISTINCT r.id::text) AS ids FROM %s AS r GROUP BY 1',
    audience, changed)
  LOOP
    PERFORM pg_notify('ecm_changes', (jsonb_strip_nulls(jsonb_build_object(
      't', TG_TABLE_NAME,
      'a', CASE WHEN g.key ? 'c' AND NOT g.key ? 'a' THEN
             (SELECT created_by::text FROM users WHERE id = (g.key ->> 'c')::uuid) END,
      's', session,
      'n', cardinality(g.ids),
      'ids', to_jsonb(g.ids[1:20]))) || g.key)::text);
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_changes_insert AFTER INSERT ON users
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION notify_changes();
--> statement-breakpoint
CREATE TRIGGER users_changes_update AFTER UPDATE ON users
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION notify_changes();
--> statement-breakpoint
CREATE TRIGGER users_changes_delete AFTER DELETE ON users
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION notify_changes();
--> statement-breakpoint
CREATE TRIGGER expenses_changes_insert AFTER INSERT ON expenses
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION notify_changes();
--> statement-breakpoint
CREATE TRIGGER expenses_changes_update AFTER UPDATE ON expenses
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION notify_changes();
--> statement-breakpoint
CREATE TRIGGER expenses_changes_delete AFTER DELETE ON expenses
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION notify_changes();
--> statement-breakpoint
CREATE TRIGGER loans_changes_insert AFTER INSERT ON loans
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION notify_changes();
--> statement-breakpoint
CREATE TRIGGER loans_changes_update AFTER UPDATE ON loans
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION notify_changes();
--> statement-breakpoint
CREATE TRIGGER loans_changes_delete AFTER DELETE ON loans
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION notify_changes();
--> statement-breakpoint
CREATE TRIGGER repayments_changes_insert AFTER INSERT ON repayments
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION notify_changes();
--> statement-breakpoint
CREATE TRIGGER repayments_changes_update AFTER UPDATE ON repayments
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION notify_changes();
--> statement-breakpoint
CREATE TRIGGER repayments_changes_delete AFTER DELETE ON repayments
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION notify_changes();
--> statement-breakpoint
CREATE TRIGGER projects_changes_insert AFTER INSERT ON projects
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION notify_changes();
--> statement-breakpoint
CREATE TRIGGER projects_changes_update AFTER UPDATE ON projects
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION notify_changes();
--> statement-breakpoint
CREATE TRIGGER projects_changes_delete AFTER DELETE ON projects
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION notify_changes();
--> statement-breakpoint
CREATE TRIGGER bank_accounts_changes_insert AFTER INSERT ON bank_accounts
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION notify_changes();
--> statement-breakpoint
CREATE TRIGGER bank_accounts_changes_update AFTER UPDATE ON bank_accounts
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION notify_changes();
--> statement-breakpoint
CREATE TRIGGER bank_accounts_changes_delete AFTER DELETE ON bank_accounts
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION notify_changes();
--> statement-breakpoint
CREATE TRIGGER payments_changes_insert AFTER INSERT ON payments
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION notify_changes();
--> statement-breakpoint
CREATE TRIGGER payments_changes_update AFTER UPDATE ON payments
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION notify_changes();
--> statement-breakpoint
CREATE TRIGGER payments_changes_delete AFTER DELETE ON payments
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION notify_changes();
--> statement-breakpoint
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
--> statement-breakpoint
CREATE TRIGGER sessions_changes_update AFTER UPDATE ON sessions
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION notify_sessions_ended();
--> statement-breakpoint
CREATE TRIGGER sessions_changes_delete AFTER DELETE ON sessions
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION notify_sessions_ended();
