-- The audit trail copies each row as it was and is, except password hashes and generated
-- columns (such as the lowercase copies kept for search, migration 0010): those repeat
-- other columns. Found from the catalog, so a generated column added later stays out too.
CREATE OR REPLACE FUNCTION audit_row() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  hidden text[] := ARRAY['password_hash'] || ARRAY(
    SELECT attname::text FROM pg_attribute WHERE attrelid = TG_RELID AND attgenerated <> '');
  old_row jsonb := CASE WHEN TG_OP IN ('UPDATE', 'DELETE') THEN to_jsonb(OLD) - hidden END;
  new_row jsonb := CASE WHEN TG_OP IN ('INSERT', 'UPDATE') THEN to_jsonb(NEW) - hidden END;
BEGIN
  INSERT INTO audit_log (actor_id, tenant_id, kind, record_id, action, before, after)
  VALUES (
    nullif(current_setting('app.actor', true), '')::uuid,
    -- An admin acts for no company; what it does to a company belongs to that company's trail.
    coalesce(
      nullif(current_setting('app.tenant', true), '')::uuid,
      CASE WHEN TG_TABLE_NAME = 'users' AND coalesce(new_row, old_row) ->> 'role' = 'company'
           THEN (coalesce(new_row, old_row) ->> 'id')::uuid END
    ),
    TG_TABLE_NAME,
    (coalesce(new_row, old_row) ->> 'id')::uuid,
    CASE TG_OP WHEN 'INSERT' THEN 'create' WHEN 'UPDATE' THEN 'update' ELSE 'delete' END,
    old_row,
    new_row
  );
  RETURN NULL;
END
$$;
