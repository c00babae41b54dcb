-- Upkeep reads from indexes instead of whole tables: the hourly purge finds ended challenges,
-- revert links and old sign-ins by their time, a person's cascade delete finds their
-- challenges, and the hourly overdue-lend job reads only open lends by due date.
CREATE INDEX "email_changes_expires_at_idx" ON "email_changes" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sign_in_challenges_expires_at_idx" ON "sign_in_challenges" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sign_in_challenges_user_id_index" ON "sign_in_challenges" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sign_ins_at_idx" ON "sign_ins" USING btree ("at");--> statement-breakpoint
-- The hourly overdue-lend job reads only the open lends by their due date.
CREATE INDEX "loans_open_lends_due_idx" ON "loans" USING btree ("repayment_date") WHERE "loans"."direction" = 'lend' and "loans"."amount_paise" > "loans"."repaid_paise";
