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
CREATE OR REPLACE FUNCTION account_days_lows(keys jsonb) RETURNS void LANGUAGE sql AS $$
  UPDATE account_days AS d SET low_paise = coalesce(x.low, 0)
    FROM (SELECT k.account_id, k.date, least(0, min(r.running)) AS low
            FROM jsonb_to_recordset(keys) AS k(account_id uuid, date date)
            LEFT JOIN LATERAL (
              SELECT sum(CASE WHEN p.type = 'credit' THEN p.amount_paise ELSE -p.amount_paise END)
                       OVER (ORDER BY p.seq) AS running
                FROM payments p WHERE p.account_id = k.account_id AND p.date = k.date) AS r ON true
           GROUP BY k.account_id, k.date) AS x
   WHERE d.account_id = x.account_id AND d.date = x.date AND d.low_paise IS DISTINCT FROM coalesce(x.low, 0);
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION payments_to_account_days() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  keys jsonb;
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
    SELECT jsonb_agg(DISTINCT jsonb_build_object('account_id', account_id, 'date', date))
      INTO keys FROM removed;
    PERFORM account_days_lows(keys);
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
    SELECT jsonb_agg(DISTINCT jsonb_build_object('account_id', account_id, 'date', date))
      INTO keys FROM added;
    PERFORM account_days_lows(keys);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
UPDATE account_days AS d SET low_paise = x.low
  FROM (SELECT account_id, date, least(0, min(running)) AS low
          FROM (SELECT account_id, date,
                       sum(CASE WHEN type = 'credit' THEN amount_paise ELSE -amount_paise END)
                         OVER (PARTITION BY account_id, date ORDER BY seq) AS running
                  FROM payments) AS r
         GROUP BY account_id, date) AS x
 WHERE d.account_id = x.account_id AND d.date = x.date;
--> statement-breakpoint
-- Posts one entry, or the two legs of a transfer or of a reversed transfer, all dated p_date,
-- in one call: the accounts are locked (in id order), then every debit is checked against
-- the running balance on p_date and on every later day, then the entries are written. Each
-- statement of a function sees what committed before it ran, so the check reads the state
-- the lock protects, and the lock is held inside the database only.
-- p_entries: [{ account, type, amount (paise), reverses? }]. Answers { notFound } when an
-- account is not the company's, { short: { account, date } } naming the first day a debit
-- would take below zero, or { entries: [{ id, account, seq, balanceAfter, balance }] }.
CREATE OR REPLACE FUNCTION ledger_post(
  p_company uuid, p_actor text, p_tenant text, p_date date, p_remark text, p_entries jsonb
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  e record;
  locked int;
  wanted int;
  bal bigint;
  later bigint;
  short date;
  added payments%ROWTYPE;
  answer jsonb := '[]';
  transfer uuid := CASE WHEN jsonb_array_length(p_entries) > 1 THEN gen_random_uuid() END;
BEGIN
  PERFORM set_config('app.actor', p_actor, true), set_config('app.tenant', p_tenant, true);
  SELECT count(DISTINCT x ->> 'account') INTO wanted FROM jsonb_array_elements(p_entries) x;
  SELECT count(*) INTO locked FROM (
    SELECT id FROM bank_accounts
     WHERE company_id = p_company
       AND id IN (SELECT (x ->> 'account')::uuid FROM jsonb_array_elements(p_entries) x)
     ORDER BY id FOR UPDATE) AS l;
  IF locked <> wanted THEN
    RETURN jsonb_build_object('notFound', true);
  END IF;
  FOR e IN SELECT (x ->> 'account')::uuid AS account, x ->> 'type' AS type,
                  (x ->> 'amount')::bigint AS amount, (x ->> 'reverses')::uuid AS reverses
             FROM jsonb_array_elements(p_entries) x LOOP
    CONTINUE WHEN e.type <> 'debit';
    SELECT balance_paise INTO bal FROM bank_accounts WHERE id = e.account;
    -- The balance at the end of day d is today's balance less every later day's net.
    SELECT min(s.date) INTO short FROM (
      SELECT p_date AS date,
             bal - coalesce((SELECT sum(credits_paise - debits_paise) FROM account_days
                              WHERE account_id = e.account AND date > p_date), 0) AS v
      UNION ALL
      SELECT date, bal - sum(credits_paise - debits_paise) OVER (ORDER BY date DESC) + low_paise
        FROM account_days WHERE account_id = e.account AND date > p_date
    ) AS s WHERE s.v < e.amount;
    IF short IS NOT NULL THEN
      RETURN jsonb_build_object('short', jsonb_build_object('account', e.account, 'date', short));
    END IF;
  END LOOP;
  FOR e IN SELECT (x ->> 'account')::uuid AS account, x ->> 'type' AS type,
                  (x ->> 'amount')::bigint AS amount, (x ->> 'reverses')::uuid AS reverses
             FROM jsonb_array_elements(p_entries) x LOOP
    UPDATE bank_accounts
       SET balance_paise = balance_paise + CASE WHEN e.type = 'credit' THEN e.amount ELSE -e.amount END,
           updated_at = now()
     WHERE id = e.account
     RETURNING balance_paise INTO bal;
    INSERT INTO payments (account_id, company_id, date, remark, type, amount_paise, reverses_id, transfer_id)
    VALUES (e.account, p_company, p_date, p_remark, e.type::payment_type, e.amount, e.reverses, transfer)
    RETURNING * INTO added;
    SELECT coalesce(sum(credits_paise - debits_paise), 0) INTO later FROM account_days
     WHERE account_id = e.account AND date > p_date;
    answer := answer || jsonb_build_array(jsonb_build_object(
      'id', added.id, 'account', e.account, 'balanceAfter', bal - later, 'balance', bal));
  END LOOP;
  RETURN jsonb_build_object('entries', answer);
END
$$;
