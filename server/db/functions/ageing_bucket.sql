-- The ageing bucket of an amount due on `due` as of `on_day`: 0 not yet due (or no due date),
-- 1 for 1–30 days late, 2 for 31–60, 3 for 61–90, 4 over 90. The one statement of the rule
-- the receivables' kept ageing (receivable_ageing.sql, receivables_age.sql) and the ageing read
-- from invoices (receivable_ageing_of.sql) share; a plain SQL function, inlined by the planner.
CREATE OR REPLACE FUNCTION ageing_bucket(due date, on_day date) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN due IS NULL OR due >= on_day THEN 0
              WHEN on_day - due <= 30 THEN 1
              WHEN on_day - due <= 60 THEN 2
              WHEN on_day - due <= 90 THEN 3
              ELSE 4 END
$$;
