-- Trigram indexes on every searched text, so a search for a rare term reads the few rows that
-- contain it instead of all of its owner's rows. A common term still walks the list's own
-- order and stops at the page (searches are planned per call: server/db/statementName.ts).
-- pg_trgm is a trusted extension: the database's owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "expenses_description_trgm_idx" ON "expenses" USING gin ("description_lower" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "loans_name_trgm_idx" ON "loans" USING gin ("name_lower" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "loans_email_trgm_idx" ON "loans" USING gin ("email_lower" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "projects_name_trgm_idx" ON "projects" USING gin ("project_name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "projects_client_trgm_idx" ON "projects" USING gin ("client_name" gin_trgm_ops);
