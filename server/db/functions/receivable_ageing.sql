-- client_receivables and project_receivables keep what is pending of each client's and
-- project's owed invoices aged by due date as of their row's aged_on: not yet due (or no due
-- date), 1–30, 31–60 and 61–90 days late; over 90 days is the rest of the row's pending
-- amount. These triggers move a statement's pending change into the buckets of its due dates
-- as of the row's own day, so a row stays exact for that day whatever writes the invoices (an
-- issue, a receipt or its reversal, a credit note, a cancellation); receivables_age moves
-- rows to a new day. They run after invoices_totals_* (triggers fire in name order), which
-- makes and locks the kept rows.
CREATE OR REPLACE FUNCTION invoices_to_ageing() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text := invoices_signed_rows(TG_OP);
  kept record;
  -- What the statement changed of what is still pending, per company, key and due date.
  delta text;
BEGIN
  FOR kept IN SELECT * FROM (VALUES ('client_receivables', 'client_id'),
                                    ('project_receivables', 'project_id')) AS k(name, key)
  LOOP
    delta := format(
      $q$SELECT company_id, %1$I AS key, due_date,
                sum(sign * (total_paise - received_paise - tds_paise - credited_paise)) AS pending
           FROM (%2$s) c WHERE kind = 'invoice' AND status IN ('issued', 'part_paid')
          GROUP BY company_id, %1$I, due_date
         HAVING sum(sign * (total_paise - received_paise - tds_paise - credited_paise)) <> 0$q$,
      kept.key, changed);
    -- Lock the rows first, in key order as the totals do, so that the statements below read
    -- their day after any receivables_age that held them has committed.
    EXECUTE format(
      'SELECT 1 FROM %1$I t JOIN (%3$s) d ON t.company_id = d.company_id AND t.%2$I IS NOT DISTINCT FROM d.key
        ORDER BY t.company_id, t.%2$I FOR UPDATE OF t',
      kept.name, kept.key, delta);
    -- A row this statement made had nothing pending before it: it is aged as of its company's
    -- other rows' day, or today in India (the app's default zone) for its first.
    EXECUTE format(
      $q$UPDATE %1$I AS t SET aged_on = coalesce(
             (SELECT max(o.aged_on) FROM %1$I o WHERE o.company_id = t.company_id),
             (now() AT TIME ZONE 'Asia/Kolkata')::date)
        FROM (SELECT DISTINCT company_id, %2$I AS key FROM (%3$s) c) d
        WHERE t.aged_on IS NULL AND t.company_id = d.company_id AND t.%2$I IS NOT DISTINCT FROM d.key$q$,
      kept.name, kept.key, changed);
    EXECUTE format(
      $q$UPDATE %1$I AS t SET not_due_paise = t.not_due_paise + a.not_due,
             days1to30_paise = t.days1to30_paise + a.d30,
             days31to60_paise = t.days31to60_paise + a.d60,
             days61to90_paise = t.days61to90_paise + a.d90
           FROM (SELECT k.company_id, k.%2$I AS key,
                   coalesce(sum(d.pending) FILTER (WHERE ageing_bucket(d.due_date, k.aged_on) = 0), 0) AS not_due,
                   coalesce(sum(d.pending) FILTER (WHERE ageing_bucket(d.due_date, k.aged_on) = 1), 0) AS d30,
                   coalesce(sum(d.pending) FILTER (WHERE ageing_bucket(d.due_date, k.aged_on) = 2), 0) AS d60,
                   coalesce(sum(d.pending) FILTER (WHERE ageing_bucket(d.due_date, k.aged_on) = 3), 0) AS d90
                   FROM (%3$s) d JOIN %1$I k
                     ON k.company_id = d.company_id AND k.%2$I IS NOT DISTINCT FROM d.key
                  GROUP BY k.company_id, k.%2$I) a
          WHERE t.company_id = a.company_id AND t.%2$I IS NOT DISTINCT FROM a.key
            AND (a.not_due <> 0 OR a.d30 <> 0 OR a.d60 <> 0 OR a.d90 <> 0)$q$,
      kept.name, kept.key, delta);
  END LOOP;
  RETURN NULL;
END
$$;

statement_triggers(receivables_ageing, invoices, invoices_to_ageing, insert, update, delete);
