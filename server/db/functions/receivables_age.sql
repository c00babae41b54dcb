-- Moves the ageing that client_receivables and project_receivables keep (see
-- receivable_ageing.sql) to `today`, for the given companies or, with none, for all: each row
-- aged before `today` is aged again from its still-pending invoices by receivable_ageing_of.
-- Rows only move forward (a row of no day yet, with nothing pending, takes `today`). Run
-- hourly, a company at a time (server/services/receivables/ageing.ts); answers how many rows
-- moved.
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
      $q$UPDATE %1$I AS t SET aged_on = $1, not_due_paise = a.ageing[1],
             days1to30_paise = a.ageing[2], days31to60_paise = a.ageing[3],
             days61to90_paise = a.ageing[4]
           FROM (SELECT k.company_id, k.%2$I AS key,
                        receivable_ageing_of(ARRAY[k.company_id], %3$L, k.%2$I, $1) AS ageing
                   FROM %1$I k
                  WHERE (k.aged_on < $1 OR k.aged_on IS NULL) AND ($2 IS NULL OR k.company_id = ANY ($2))) a
          WHERE t.company_id = a.company_id AND t.%2$I IS NOT DISTINCT FROM a.key$q$,
      kept.name, kept.key, kept.key = 'project_id') USING today, companies;
    GET DIAGNOSTICS moved = ROW_COUNT;
    total := total + moved;
  END LOOP;
  RETURN total;
END
$$;
