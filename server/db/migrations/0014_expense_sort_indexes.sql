-- An index for each sort of the expense list. Migrations run in one transaction, where a
-- plain CREATE INDEX blocks writes to expenses (not reads) until the end. On a large
-- PostgreSQL server, build these beforehand with CREATE INDEX CONCURRENTLY under the same
-- names; IF NOT EXISTS then skips them. The created-at index gains the id tiebreak: the new
-- one is built first and the old one dropped last, so the table is locked whole only briefly.
CREATE INDEX IF NOT EXISTS "expenses_user_amount_idx" ON "expenses" USING btree ("user_id","amount_paise","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "expenses_user_category_idx" ON "expenses" USING btree ("user_id","category","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "expenses_user_description_idx" ON "expenses" USING btree ("user_id","description_lower","id","category","amount_paise");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "expenses_user_created_id_idx" ON "expenses" USING btree ("user_id","created_at","id");--> statement-breakpoint
DROP INDEX "expenses_user_created_idx";--> statement-breakpoint
ALTER INDEX "expenses_user_created_id_idx" RENAME TO "expenses_user_created_idx";
