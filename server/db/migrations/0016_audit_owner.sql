-- A personal record (expenses, loans, repayments) reaches nobody but its owner, the audit
-- trail included: each entry of those tables names the row's owner, and only it reads it.
ALTER TABLE "audit_log" ADD COLUMN "owner_id" uuid;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_row() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  hidden text[] := ARRAY['password_hash'] || ARRAY(
    SELECT attname::text FROM pg_attribute WHERE attrelid = TG_RELID AND attgenerated <> '');
  old_row jsonb := CASE WHEN TG_OP IN ('UPDATE', 'DELETE') THEN to_jsonb(OLD) - hidden END;
  new_row jsonb := CASE WHEN TG_OP IN ('INSERT', 'UPDATE') THEN to_jsonb(NEW) - hidden END;
BEGIN
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
--> statement-breakpoint
-- The trail refuses every UPDATE; this one only fills the new column, derived from each
-- entry's own recorded row, and changes no recorded fact. It runs in the migration's
-- transaction, so the guard is off for nobody else and back on before anyone can commit.
ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only;
--> statement-breakpoint
UPDATE audit_log SET owner_id = (coalesce(after, before) ->> 'user_id')::uuid
WHERE kind IN ('expenses', 'loans', 'repayments');
--> statement-breakpoint
ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only;
