-- The audit trail leaves generated columns out: server/db/functions/audit_trail.sql.
SELECT 1;
