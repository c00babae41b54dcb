-- expense_months follows expenses whatever writes them (the app, a restore, the seed, an
-- operator's SQL): statement-level triggers fold each statement's rows in, grouped by user,
-- month and category, in the same transaction. A renamed category's expenses are left out of
-- an update: its months were renamed by the same cascade, and counting those expenses again
-- would double them. They are the updated rows whose old category no longer exists (a rename
-- is the only way a category in use stops existing), whichever order the cascades ran in.
CREATE OR REPLACE FUNCTION expenses_to_months() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Removed rows come out of their months (on an update, a renamed category's are left out):
  -- only months that exist, since when the user itself is being deleted, its months have gone
  -- already (cascade) and must not be inserted again.
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE expense_months AS m
       SET entries = m.entries - r.entries,
           amount_paise = m.amount_paise - r.amount_paise
      FROM (SELECT user_id, date_trunc('month', date)::date AS month, category,
                   count(*) AS entries, sum(amount_paise) AS amount_paise
              FROM removed o
             WHERE TG_OP = 'DELETE'
                OR EXISTS (SELECT 1 FROM categories c
                            WHERE c.user_id = o.user_id AND c.name = o.category)
             GROUP BY 1, 2, 3) AS r
     WHERE m.user_id = r.user_id AND m.month = r.month AND m.category = r.category;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    INSERT INTO expense_months AS m (user_id, month, category, entries, amount_paise)
    SELECT user_id, date_trunc('month', date)::date, category, count(*), sum(amount_paise)
      FROM added n
     WHERE NOT EXISTS (SELECT 1 FROM removed o
                        WHERE o.id = n.id
                          AND NOT EXISTS (SELECT 1 FROM categories c
                                           WHERE c.user_id = o.user_id AND c.name = o.category))
     GROUP BY 1, 2, 3
    ON CONFLICT (user_id, month, category) DO UPDATE
       SET entries = m.entries + excluded.entries,
           amount_paise = m.amount_paise + excluded.amount_paise;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO expense_months AS m (user_id, month, category, entries, amount_paise)
    SELECT user_id, date_trunc('month', date)::date, category, count(*), sum(amount_paise)
      FROM added GROUP BY 1, 2, 3
    ON CONFLICT (user_id, month, category) DO UPDATE
       SET entries = m.entries + excluded.entries,
           amount_paise = m.amount_paise + excluded.amount_paise;
  END IF;
  RETURN NULL;
END
$$;

statement_triggers(expenses_months, expenses, expenses_to_months, insert, update, delete);
