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
-- account_days follows payments whatever writes them (the app, a restore, the benchmark's
-- seed, an operator's SQL): statement-level triggers fold each statement's rows in, grouped
-- by account and day, in the same transaction.
CREATE OR REPLACE FUNCTION payments_to_account_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Removed rows only update days that exist: when the account itself is being deleted, its
  -- days have gone already (cascade) and must not be inserted again.
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE account_days AS d
       SET credits_paise = d.credits_paise - r.credits,
           debits_paise = d.debits_paise - r.debits,
           entries = d.entries - r.entries
      FROM (SELECT account_id, date,
                   coalesce(sum(amount_paise) FILTER (WHERE type = 'credit'), 0) AS credits,
                   coalesce(sum(amount_paise) FILTER (WHERE type = 'debit'), 0) AS debits,
                   count(*) AS entries
              FROM removed GROUP BY account_id, date) AS r
     WHERE d.account_id = r.account_id AND d.date = r.date;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO account_days AS d (account_id, date, credits_paise, debits_paise, entries)
    SELECT account_id, date,
           coalesce(sum(amount_paise) FILTER (WHERE type = 'credit'), 0),
           coalesce(sum(amount_paise) FILTER (WHERE type = 'debit'), 0),
           count(*)
      FROM added GROUP BY account_id, date
    ON CONFLICT (account_id, date) DO UPDATE
       SET credits_paise = d.credits_paise + excluded.credits_paise,
           debits_paise = d.debits_paise + excluded.debits_paise,
           entries = d.entries + excluded.entries;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER payments_days_insert AFTER INSERT ON payments
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION payments_to_account_days();
--> statement-breakpoint
CREATE TRIGGER payments_days_update AFTER UPDATE ON payments
  REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION payments_to_account_days();
--> statement-breakpoint
CREATE TRIGGER payments_days_delete AFTER DELETE ON payments
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION payments_to_account_days();
--> statement-breakpoint
INSERT INTO account_days (account_id, date, credits_paise, debits_paise, entries)
SELECT account_id, date,
       coalesce(sum(amount_paise) FILTER (WHERE type = 'credit'), 0),
       coalesce(sum(amount_paise) FILTER (WHERE type = 'debit'), 0),
       count(*)
  FROM payments GROUP BY account_id, date;
