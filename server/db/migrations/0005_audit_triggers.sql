-- The audit trail is written by the database itself: server/db/functions/audit_trail.sql.
SELECT 1;
