-- Moves the ageing that client_receivables and project_receivables keep (see
-- receivable_ageing.sql) to `today`, for the given companies or, with none, for all: each row
-- aged before `today` is aged again from its still-pending invoices that fell due in the last
-- 90 days or are not yet due (invoices_pending_client_idx, invoices_pending_project_idx).
-- Rows only move forward (a row of no day yet, with nothing pending, takes `today`). Run hourly and by the receivables list when it meets a row of an
-- earlier day; answers how many rows moved.
CREATE OR REPLACE FUNCTION receivables_age(today date, companies uuid[] DEFAULT NULL)
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  kept record;
  moved integer;
  total integer := 0;
BEGIN
  FOR kept IN SELECT * FROM (VALUES ('client_receivables', 'client_id'),
                                    ('project_receivables', 'project_id')) AS k(name, key)
  LOOP
    -- Lock the rows first, in the triggers' order, so that the invoices read below are those
    -- of every writer that changed these rows before (a later one waits, then adds its change
    -- as of the new day).
    EXECUTE format(
      'SELECT 1 FROM %1$I t WHERE (t.aged_on < $1 OR t.aged_on IS NULL) AND ($2 IS NULL OR t.company_id = ANY ($2))
        ORDER BY t.company_id, t.%2$I FOR UPDATE',
      kept.name, kept.key) USING today, companies;
    EXECUTE format(
      $q$UPDATE %1$I AS t SET aged_on = $1, not_due_paise = a.not_due, days1to30_paise = a.d30,
             days31to60_paise = a.d60, days61to90_paise = a.d90
           FROM (SELECT k.company_id, k.%2$I AS key,
                   coalesce(sum(i.pending) FILTER (WHERE ageing_bucket(i.due_date, $1) = 0), 0) AS not_due,
                   coalesce(sum(i.pending) FILTER (WHERE ageing_bucket(i.due_date, $1) = 1), 0) AS d30,
                   coalesce(sum(i.pending) FILTER (WHERE ageing_bucket(i.due_date, $1) = 2), 0) AS d60,
                   coalesce(sum(i.pending) FILTER (WHERE ageing_bucket(i.due_date, $1) = 3), 0) AS d90
                   FROM %1$I k
                   LEFT JOIN LATERAL (
                     SELECT p.due_date, p.total_paise - p.received_paise - p.tds_paise - p.credited_paise AS pending
                       FROM invoices p
                      WHERE p.company_id = k.company_id AND p.%2$I = k.%2$I
                        AND p.kind = 'invoice' AND p.status IN ('issued', 'part_paid')
                        AND (p.due_date >= $1 - 90 OR p.due_date IS NULL)
                     UNION ALL
                     SELECT p.due_date, p.total_paise - p.received_paise - p.tds_paise - p.credited_paise
                       FROM invoices p
                      WHERE p.company_id = k.company_id AND k.%2$I IS NULL AND p.%2$I IS NULL
                        AND p.kind = 'invoice' AND p.status IN ('issued', 'part_paid')
                        AND (p.due_date >= $1 - 90 OR p.due_date IS NULL)) i ON true
                  WHERE (k.aged_on < $1 OR k.aged_on IS NULL) AND ($2 IS NULL OR k.company_id = ANY ($2))
                  GROUP BY k.company_id, k.%2$I) a
          WHERE t.company_id = a.company_id AND t.%2$I IS NOT DISTINCT FROM a.key$q$,
      kept.name, kept.key) USING today, companies;
    GET DIAGNOSTICS moved = ROW_COUNT;
    total := total + moved;
  END LOOP;
  RETURN total;
END
$$;
