-- A personal record (expenses, loans, repayments) reaches nobody but its owner, the audit
-- trail included: each entry of those tables names the row's owner, and only it reads it.
ALTER TABLE "audit_log" ADD COLUMN "owner_id" uuid;
--> statement-breakpoint
-- The trail refuses every UPDATE; this one only fills the new column, derived from each
-- entry's own recorded row, and changes no recorded fact. It runs in the migration's
-- transaction, so the trail's guard (its triggers) is off for nobody else and back on before
-- anyone can commit.
ALTER TABLE audit_log DISABLE TRIGGER USER;
--> statement-breakpoint
UPDATE audit_log SET owner_id = (coalesce(after, before) ->> 'user_id')::uuid
WHERE kind IN ('expenses', 'loans', 'repayments');
--> statement-breakpoint
ALTER TABLE audit_log ENABLE TRIGGER USER;
