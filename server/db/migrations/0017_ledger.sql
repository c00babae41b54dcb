-- The ledger on every date: an account's entries run in date order, then in the order they
-- were recorded (seq, from a sequence, so concurrent payments get their true order); a
-- reversal points at the entry it undoes (at most once); the two legs of a transfer share a
-- transfer_id. The balance stored on each payment in the order it was typed disagreed with
-- the statement once anything was backdated: the running balance is the statement's now.
ALTER TABLE "payments" ADD COLUMN "seq" bigint;
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reverses_id" uuid;
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "transfer_id" uuid;
--> statement-breakpoint
-- Numbering existing entries changes no recorded fact, so neither the audit trail nor the
-- per-day figures hear of it (their triggers are off for this statement only).
ALTER TABLE "payments" DISABLE TRIGGER USER;
--> statement-breakpoint
UPDATE "payments" AS p SET "seq" = o.n
  FROM (SELECT id, row_number() OVER (ORDER BY created_at, id) AS n FROM payments) AS o
 WHERE p.id = o.id;
--> statement-breakpoint
ALTER TABLE "payments" ENABLE TRIGGER USER;
--> statement-breakpoint
CREATE SEQUENCE "payments_seq_seq" OWNED BY "payments"."seq";
--> statement-breakpoint
SELECT setval('payments_seq_seq', coalesce(max(seq), 0) + 1, false) FROM payments;
--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "seq" SET DEFAULT nextval('payments_seq_seq');
--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "seq" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "payments" DROP COLUMN "balance_after_paise";
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_reverses_id_payments_id_fk" FOREIGN KEY ("reverses_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "payments_reverses_key" ON "payments" USING btree ("reverses_id");
--> statement-breakpoint
CREATE INDEX "payments_transfer_idx" ON "payments" USING btree ("transfer_id");
--> statement-breakpoint
DROP INDEX "payments_account_date_idx";
--> statement-breakpoint
CREATE INDEX "payments_account_date_idx" ON "payments" USING btree ("account_id","date","seq","type","amount_paise");
--> statement-breakpoint
-- Each day's lowest running balance, relative to the day's start (0 or below): with it a
-- backdated debit is checked against every later day without reading their payments.
ALTER TABLE "account_days" ADD COLUMN "low_paise" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
DROP INDEX "account_days_figures_idx";
--> statement-breakpoint
CREATE INDEX "account_days_figures_idx" ON "account_days" USING btree ("account_id","date","entries","credits_paise","debits_paise","low_paise");
--> statement-breakpoint
UPDATE account_days AS d SET low_paise = x.low
  FROM (SELECT account_id, date, least(0, min(running)) AS low
          FROM (SELECT account_id, date,
                       sum(CASE WHEN type = 'credit' THEN amount_paise ELSE -amount_paise END)
                         OVER (PARTITION BY account_id, date ORDER BY seq) AS running
                  FROM payments) AS r
         GROUP BY account_id, date) AS x
 WHERE d.account_id = x.account_id AND d.date = x.date;
