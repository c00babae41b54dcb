-- A bank account with payments can never be deleted: instead the company closes it. A closed
-- account keeps its payments, statement and balance (and stays in every list and total) but
-- takes no new entries and is never the default account; reopening it clears closed_at.
ALTER TABLE "bank_accounts" ADD COLUMN "closed_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_closed_not_default" CHECK ("bank_accounts"."closed_at" is null or "bank_accounts"."default_status" = 'deActive');
