-- invoices_signed_rows(TG_OP) is the query of the rows an invoices statement-level trigger
-- sees, each with its `sign`: the added rows counted in (1), the removed rows counted out
-- (-1). A SQL function of one CASE, inlined where it is called.
CREATE OR REPLACE FUNCTION invoices_signed_rows(op text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE op
    WHEN 'INSERT' THEN 'SELECT 1 AS sign, * FROM added'
    WHEN 'UPDATE' THEN 'SELECT 1 AS sign, * FROM added UNION ALL SELECT -1, * FROM removed'
    ELSE 'SELECT -1 AS sign, * FROM removed' END
$$;

-- invoice_totals, client_receivables, project_receivables and receivable_dues follow
-- invoices whatever writes them: a draft saved or issued, a cancellation, a credit note
-- crediting its invoice, a receipt's allocation or its reversal moving what was received and
-- withheld, a deleted project's invoices moving to none. Receipts and credit notes change
-- the invoice row itself, so triggers on invoices see every change. Statement-level triggers
-- fold each statement's rows in, as project_totals does: a bulk insert is one trigger.
CREATE OR REPLACE FUNCTION invoices_to_totals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- The statement's rows, added counted in and removed counted out.
  changed text := invoices_signed_rows(TG_OP);
  -- Receivables count owed invoices only: issued, part paid or paid.
  owed constant text := $s$kind = 'invoice' AND status IN ('issued', 'part_paid', 'paid')$s$;
  money constant text := 'sum(sign)::int AS invoices, sum(sign * total_paise) AS total_paise, '
    || 'sum(sign * received_paise) AS received_paise, sum(sign * tds_paise) AS tds_paise, '
    || 'sum(sign * credited_paise) AS credited_paise';
  kept record;
  keys text;
  delta text;
BEGIN
  FOR kept IN
    SELECT k.name, k.keys, k.filter, k.sums,
           ARRAY(SELECT m[1] FROM regexp_matches(k.sums, 'AS (\w+)', 'g') AS m) AS cols
      FROM (VALUES
        ('invoice_totals', ARRAY['kind', 'status'], 'true', money),
        ('client_receivables', ARRAY['client_id'], owed, money),
        ('project_receivables', ARRAY['project_id'], owed, money),
        ('receivable_dues', ARRAY['due_date'], owed,
         'sum(sign * (total_paise - received_paise - tds_paise - credited_paise)) AS pending_paise')
      ) AS k(name, keys, filter, sums)
  LOOP
    keys := array_to_string(kept.keys, ', ');
    -- Per company and key, what the statement changed, in key order so that concurrent
    -- statements lock the kept rows in one order. Keys that net to nothing are left alone.
    delta := format(
      'SELECT * FROM (SELECT company_id, %1$s, %2$s FROM (%3$s) d WHERE %4$s GROUP BY company_id, %1$s) g
        WHERE %5$s ORDER BY company_id, %1$s',
      keys, kept.sums, changed, kept.filter,
      (SELECT string_agg(format('g.%I <> 0', c), ' OR ') FROM unnest(kept.cols) AS c));
    IF TG_OP = 'DELETE' THEN
      -- Removed rows only update companies that have a row: a company being deleted has
      -- lost its rows already (cascade) and must not get them back.
      EXECUTE format('UPDATE %I AS t SET %s FROM (%s) g WHERE t.company_id = g.company_id AND %s',
        kept.name,
        (SELECT string_agg(format('%1$I = t.%1$I + g.%1$I', c), ', ') FROM unnest(kept.cols) AS c),
        delta,
        (SELECT string_agg(format('t.%1$I IS NOT DISTINCT FROM g.%1$I', k), ' AND ')
           FROM unnest(kept.keys) AS k));
    ELSE
      EXECUTE format('INSERT INTO %1$I AS t (company_id, %2$s, %3$s) SELECT g.* FROM (%4$s) g
                      ON CONFLICT (company_id, %2$s) DO UPDATE SET %5$s',
        kept.name, keys, array_to_string(kept.cols, ', '), delta,
        (SELECT string_agg(format('%1$I = t.%1$I + excluded.%1$I', c), ', ')
           FROM unnest(kept.cols) AS c));
    END IF;
    -- A key left at nothing (a draft issued, a project's invoices moved) goes, so the kept
    -- rows are what summing the invoices gives, as a restore rebuilds them.
    EXECUTE format('DELETE FROM %I AS t USING (%s) g WHERE t.company_id = g.company_id AND %s AND %s',
      kept.name, delta,
      (SELECT string_agg(format('t.%1$I IS NOT DISTINCT FROM g.%1$I', k), ' AND ')
         FROM unnest(kept.keys) AS k),
      (SELECT string_agg(format('t.%I = 0', c), ' AND ') FROM unnest(kept.cols) AS c));
  END LOOP;
  RETURN NULL;
END
$$;

statement_triggers(invoices_totals, invoices, invoices_to_totals, insert, update, delete);
