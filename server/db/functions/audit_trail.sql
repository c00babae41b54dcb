-- The audit trail is written by the database itself, in the same transaction as each change
-- to an audited table. The app names the actor and its company per transaction with
-- set_config('app.actor' / 'app.tenant', ..., true). A personal record's entry (expenses,
-- loans, repayments) names its owner, and only the owner reads it. The trail never copies a
-- secret column (`secret_columns`: the functions loader writes the list of
-- server/db/secrets.ts there), nor a generated one (it repeats other columns): each table's
-- trigger passes its table's name and then its generated columns as its arguments, read from
-- the catalog as the loader makes the trigger after the migrations, so that a row's entry
-- needs no catalog lookup. A trigger not made so is refused. An update that changes nothing
-- else (a code's step marked used) is not a change anyone audits, so it adds no entry.
CREATE OR REPLACE FUNCTION audit_row() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  hidden text[];
  old_row jsonb;
  new_row jsonb;
BEGIN
  IF TG_NARGS = 0 OR TG_ARGV[0] IS DISTINCT FROM TG_TABLE_NAME THEN
    RAISE EXCEPTION 'audit trigger % on % was not made by audit_triggers(%)',
      TG_NAME, TG_TABLE_NAME, TG_TABLE_NAME;
  END IF;
  hidden := secret_columns(TG_TABLE_NAME) || TG_ARGV[1:];
  old_row := CASE WHEN TG_OP IN ('UPDATE', 'DELETE') THEN to_jsonb(OLD) - hidden END;
  new_row := CASE WHEN TG_OP IN ('INSERT', 'UPDATE') THEN to_jsonb(NEW) - hidden END;
  IF TG_OP = 'UPDATE' AND old_row = new_row THEN
    RETURN NULL;
  END IF;
  INSERT INTO audit_log (actor_id, tenant_id, owner_id, kind, record_id, action, before, after)
  VALUES (
    nullif(current_setting('app.actor', true), '')::uuid,
    -- An admin acts for no company; what it does to a company belongs to that company's trail.
    coalesce(
      nullif(current_setting('app.tenant', true), '')::uuid,
      CASE WHEN TG_TABLE_NAME = 'users' AND coalesce(new_row, old_row) ->> 'role' = 'company'
           THEN (coalesce(new_row, old_row) ->> 'id')::uuid END
    ),
    CASE WHEN TG_TABLE_NAME IN ('expenses', 'loans', 'repayments')
         THEN (coalesce(new_row, old_row) ->> 'user_id')::uuid END,
    TG_TABLE_NAME,
    (coalesce(new_row, old_row) ->> 'id')::uuid,
    CASE TG_OP WHEN 'INSERT' THEN 'create' WHEN 'UPDATE' THEN 'update' ELSE 'delete' END,
    old_row,
    new_row
  );
  RETURN NULL;
END
$$;

-- Each audited table's trigger `<table>_audit` runs audit_row(<table>, <generated columns>…)
-- after every row's insert, update and delete (written out by the functions loader).
audit_triggers(users, expenses, loans, repayments, projects, bank_accounts, payments);
