-- project_totals follows projects whatever writes them, as account_days and expense_months
-- do: statement-level triggers fold each statement's rows in, per company.
CREATE OR REPLACE FUNCTION projects_to_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Removed rows only update companies that have a row: a company being deleted has lost
  -- its row already (cascade) and must not get it back.
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE project_totals AS t
       SET projects = t.projects - r.projects, price_paise = t.price_paise - r.price_paise
      FROM (SELECT company_id, count(*) AS projects, sum(price_paise) AS price_paise
              FROM removed GROUP BY company_id) AS r
     WHERE t.company_id = r.company_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO project_totals AS t (company_id, projects, price_paise)
    SELECT company_id, count(*), sum(price_paise) FROM added GROUP BY company_id
    ON CONFLICT (company_id) DO UPDATE
       SET projects = t.projects + excluded.projects,
           price_paise = t.price_paise + excluded.price_paise;
  END IF;
  RETURN NULL;
END
$$;

statement_triggers(projects_totals, projects, projects_to_totals, insert, update, delete);
