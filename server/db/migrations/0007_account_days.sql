CREATE TABLE "account_days" (
	"account_id" uuid NOT NULL,
	"date" date NOT NULL,
	"credits_paise" bigint DEFAULT 0 NOT NULL,
	"debits_paise" bigint DEFAULT 0 NOT NULL,
	"entries" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "account_days_account_id_date_pk" PRIMARY KEY("account_id","date")
);
--> statement-breakpoint
ALTER TABLE "account_days" ADD CONSTRAINT "account_days_account_id_bank_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The days so far; the triggers of server/db/functions/account_days.sql keep them after.
INSERT INTO account_days (account_id, date, credits_paise, debits_paise, entries)
SELECT account_id, date,
       coalesce(sum(amount_paise) FILTER (WHERE type = 'credit'), 0),
       coalesce(sum(amount_paise) FILTER (WHERE type = 'debit'), 0),
       count(*)
  FROM payments GROUP BY account_id, date;
