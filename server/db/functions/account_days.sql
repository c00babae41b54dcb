-- account_days follows payments whatever writes them (the app, a restore, the benchmark's
-- seed, an operator's SQL): statement-level triggers fold each statement's rows in, grouped
-- by account and day, in the same transaction.
--
-- Each day's lowest running balance (low_paise), relative to the day's start (0 or below),
-- lets a backdated debit be checked against every later day without reading their payments
-- (ledger_post). New entries are numbered (seq) after every other, so they end their day: the
-- day's low follows from its low and net before them, and a posting does not read the day's
-- other entries (that read grew with each entry of a busy day, under the account's lock).
-- Rows that land among the day's others (an older seq restored, an entry changed in place) and
-- removed rows have their days worked out again from the entries, for the days `keys` names
-- ([{ account_id, date }]).
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
    INSERT INTO account_days AS d (account_id, date, credits_paise, debits_paise, entries,
                                   low_paise)
    SELECT account_id, date,
           coalesce(sum(amount_paise) FILTER (WHERE type = 'credit'), 0),
           coalesce(sum(amount_paise) FILTER (WHERE type = 'debit'), 0),
           count(*), least(0, min(running))
      FROM (SELECT account_id, date, type, amount_paise,
                   sum(CASE WHEN type = 'credit' THEN amount_paise ELSE -amount_paise END)
                     OVER (PARTITION BY account_id, date ORDER BY seq) AS running
              FROM added) AS r
     GROUP BY account_id, date
    -- The day's net before these rows is where their running balance starts; the day's low
    -- so far is at or below that net, so the lower of the two is the new low.
    ON CONFLICT (account_id, date) DO UPDATE
       SET credits_paise = d.credits_paise + excluded.credits_paise,
           debits_paise = d.debits_paise + excluded.debits_paise,
           entries = d.entries + excluded.entries,
           low_paise = least(d.low_paise,
                             d.credits_paise - d.debits_paise + excluded.low_paise);
    -- A separate statement, so that it sees what committed while the upsert waited: a day
    -- with an entry numbered after this statement's first that is not one of its rows.
    SELECT jsonb_agg(jsonb_build_object('account_id', g.account_id, 'date', g.date))
      INTO keys
      FROM (SELECT account_id, date, min(seq) AS first, count(*) AS n
              FROM added GROUP BY account_id, date) AS g
     WHERE (SELECT count(*) FROM payments p
             WHERE p.account_id = g.account_id AND p.date = g.date AND p.seq >= g.first) <> g.n;
    IF keys IS NOT NULL THEN
      PERFORM account_days_lows(keys);
    END IF;
  END IF;
  RETURN NULL;
END
$$;

statement_triggers(payments_days, payments, payments_to_account_days, insert, update, delete);
