-- The change feed: after each statement on a table a reader follows, one NOTIFY on
-- 'ecm_changes' per distinct audience in it, naming up to 20 record ids and never row data.
-- NOTIFY is sent at commit, so a rolled-back write tells nobody, and it reaches every app
-- server that LISTENs on the database. The app decides from these fields which open streams
-- may hear of the change.
--
-- The audience of a row: a personal record's owner (u, with d for lend or borrowed); a
-- company record's company (c), its PM for a project (p), and a person's role (r). The admin
-- who created the company (a) is named here, in the same transaction, so that a deleted
-- company still reaches its admin and the app servers need no lookup of their own. The
-- session that made the change (s, set with the actor) is named so that its own stream is
-- spared the echo.
--
-- Each table gets a trigger function of its own, whose query is static and so planned once
-- per session (choosing the query per statement with EXECUTE planned it at every write, 0.4
-- ms per single-row write on the embedded database, against a few hundredths this way).
--
-- change_feed_install gives `tbl` its change feed: the function `tbl`_changes, whose one query
-- groups the statement's rows by `audience` (an expression over a row `r` of the table), and
-- the triggers `tbl`_changes_insert, _update and _delete. `changes`: the rows an update
-- concerns, by default those before and after (a project moved to another PM concerns both).
CREATE OR REPLACE FUNCTION change_feed_install(tbl text, audience text, changes text DEFAULT
  '(SELECT * FROM old_rows UNION ALL SELECT * FROM changed)') RETURNS void LANGUAGE plpgsql AS $install$
BEGIN
  EXECUTE format($f$
    CREATE OR REPLACE FUNCTION %1$I() RETURNS trigger LANGUAGE plpgsql AS $body$
    DECLARE
      session text := nullif(current_setting('app.session', true), '');
      audiences refcursor;
      g record;
      admin text;
    BEGIN
      IF TG_OP = 'UPDATE' THEN
        OPEN audiences FOR SELECT %2$s AS audience, array_agg(DISTINCT r.id::text) AS ids
                             FROM %3$s AS r GROUP BY 1;
      ELSE
        OPEN audiences FOR SELECT %2$s AS audience, array_agg(DISTINCT r.id::text) AS ids
                             FROM changed AS r GROUP BY 1;
      END IF;
      LOOP
        FETCH audiences INTO g;
        EXIT WHEN NOT FOUND;
        -- Looked up only when needed: a subquery in the expression would cost every call.
        admin := NULL;
        IF g.audience ? 'c' AND NOT g.audience ? 'a' THEN
          SELECT created_by::text INTO admin FROM users WHERE id = (g.audience ->> 'c')::uuid;
        END IF;
        PERFORM pg_notify('ecm_changes', (jsonb_strip_nulls(jsonb_build_object(
          't', TG_TABLE_NAME,
          'a', admin,
          's', session,
          'n', cardinality(g.ids),
          'ids', to_jsonb(g.ids[1:20]))) || g.audience)::text);
      END LOOP;
      CLOSE audiences;
      RETURN NULL;
    END
    $body$ $f$, tbl || '_changes', audience, changes);
  EXECUTE format('CREATE OR REPLACE TRIGGER %1$I AFTER INSERT ON %2$I REFERENCING NEW TABLE AS changed
    FOR EACH STATEMENT EXECUTE FUNCTION %3$I()', tbl || '_changes_insert', tbl, tbl || '_changes');
  EXECUTE format('CREATE OR REPLACE TRIGGER %1$I AFTER UPDATE ON %2$I REFERENCING OLD TABLE AS old_rows
    NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION %3$I()',
    tbl || '_changes_update', tbl, tbl || '_changes');
  EXECUTE format('CREATE OR REPLACE TRIGGER %1$I AFTER DELETE ON %2$I REFERENCING OLD TABLE AS changed
    FOR EACH STATEMENT EXECUTE FUNCTION %3$I()', tbl || '_changes_delete', tbl, tbl || '_changes');
END
$install$;

SELECT change_feed_install('expenses', $$jsonb_build_object('u', r.user_id)$$);

SELECT change_feed_install('loans', $$jsonb_build_object('u', r.user_id, 'd', r.direction)$$);

-- A loan deleted takes its repayments with it: then the direction is no longer known.
SELECT change_feed_install('repayments', $$jsonb_strip_nulls(jsonb_build_object('u', r.user_id,
  'd', (SELECT l.direction FROM loans l WHERE l.id = r.loan_id)))$$);

SELECT change_feed_install('projects', $$jsonb_strip_nulls(jsonb_build_object(
  'c', r.company_id, 'p', r.project_manager_id))$$);

SELECT change_feed_install('bank_accounts', $$jsonb_build_object('c', r.company_id)$$);

SELECT change_feed_install('payments', $$jsonb_build_object('c', r.company_id)$$);

-- A person's update that changes only secret columns (`secret_columns`, the list of
-- server/db/secrets.ts written out by the functions loader) or bookkeeping (a code's step
-- marked used) is nobody's news, as in the audit trail.
SELECT change_feed_install('users',
  $$jsonb_strip_nulls(jsonb_build_object(
    'c', coalesce(r.company_id, CASE WHEN r.role = 'company' THEN r.id END),
    'r', r.role,
    'a', CASE WHEN r.role = 'company' THEN r.created_by END))$$,
  $$(SELECT side.* FROM old_rows o JOIN changed n ON n.id = o.id,
       LATERAL (SELECT o.* UNION ALL SELECT n.*) AS side
     WHERE to_jsonb(o) - (secret_columns('users') || ARRAY['updated_at'])
           IS DISTINCT FROM to_jsonb(n) - (secret_columns('users') || ARRAY['updated_at']))$$);

SELECT change_feed_install('notifications', $$jsonb_build_object('u', r.user_id)$$);

-- Live updates: a template's changes (the job moving its next day, an edit in another tab)
-- reach its owner's other sessions, as an expense's do.
SELECT change_feed_install('recurring_expenses', $$jsonb_build_object('u', r.user_id)$$);

-- Live updates: a category added, renamed or deleted reaches its owner's other sessions.
SELECT change_feed_install('categories', $$jsonb_build_object('u', r.user_id)$$);

-- Live updates: a budget set, changed or removed reaches its owner's other sessions.
SELECT change_feed_install('budgets', $$jsonb_build_object('u', r.user_id)$$);

-- Live updates: a template's changes (the job moving its next day, an edit in another tab)
-- reach its company and the company's admin, as its accounts' do.
SELECT change_feed_install('recurring_payments', $$jsonb_build_object('c', r.company_id)$$);

-- Live updates: a reconciliation's work (lines matched, created, ignored) reaches its company
-- and the company's admin, as its account's payments do.
SELECT change_feed_install('reconciliations', $$jsonb_build_object('c', r.company_id)$$);

SELECT change_feed_install('reconciliation_lines', $$jsonb_build_object('c', r.company_id)$$);
