DROP INDEX "expenses_user_date_idx";--> statement-breakpoint
DROP INDEX "expenses_user_created_idx";--> statement-breakpoint
DROP INDEX "loans_user_direction_issue_idx";--> statement-breakpoint
DROP INDEX "payments_account_date_idx";--> statement-breakpoint
CREATE INDEX "expenses_user_date_idx" ON "expenses" USING btree ("user_id","date","id","category","amount_paise");--> statement-breakpoint
CREATE INDEX "expenses_user_created_idx" ON "expenses" USING btree ("user_id","created_at","amount_paise");--> statement-breakpoint
CREATE INDEX "loans_user_direction_issue_idx" ON "loans" USING btree ("user_id","direction","issue_date","id","amount_paise","repaid_paise","repayment_date");--> statement-breakpoint
CREATE INDEX "payments_account_date_idx" ON "payments" USING btree ("account_id","date","created_at","id","type","amount_paise");