-- The audit trail copies each row as it was and is; the lowercase copies kept for search
-- (migration 0010) repeat other columns and are left out, like password hashes.
CREATE OR REPLACE FUNCTION audit_row() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_row jsonb := CASE WHEN TG_OP IN ('UPDATE', 'DELETE') THEN to_jsonb(OLD) - 'password_hash' - 'description_lower' - 'name_lower' - 'email_lower' END;
  new_row jsonb := CASE WHEN TG_OP IN ('INSERT', 'UPDATE') THEN to_jsonb(NEW) - 'password_hash' - 'description_lower' - 'name_lower' - 'email_lower' END;
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
