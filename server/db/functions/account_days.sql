-- account_days follows payments whatever writes them (the app, a restore, the benchmark's
-- seed, an operator's SQL): statement-level triggers fold each statement's rows in, grouped
-- by account and day, in the same transaction.
--
-- Each day's lowest running balance (low_paise), relative to the day's start (0 or below), is
-- worked out again for the days `keys` names ([{ account_id, date }]): with it a backdated
-- debit is checked against every later day without reading their payments (ledger_post).
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

statement_triggers(payments_days, payments, payments_to_account_days, insert, update, delete);
