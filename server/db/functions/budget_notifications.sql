-- Going over a budget: when a month's spending in a category rises and is then above the
-- category's budget, its owner is told, once per budget and month (the record id is made of
-- the budget and the month; the notifications' key refuses a second). In the database, so
-- that every path that writes expenses (a form, an import, the recurring job, any app server)
-- tells alike, in the same transaction. Only a rise tells: a deletion or a rename of the
-- category does not, nor does setting a budget below what the month spent already (its owner
-- sees the figures as it sets it); the next expense of that month then tells. Months before the
-- budget was set are not watched (with a day's grace for the owner's time zone): an import of
-- past years is no news.
CREATE OR REPLACE FUNCTION notify_budgets_overspent() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO notifications (user_id, kind, record_id, details)
    SELECT b.user_id, 'budget_over', md5(b.id::text || n.month::text)::uuid,
           jsonb_build_object('category', c.name, 'month', to_char(n.month, 'YYYY-MM'),
                              'budgetPaise', b.amount_paise, 'spentPaise', n.amount_paise)
      FROM added n
      JOIN categories c ON c.user_id = n.user_id AND c.name = n.category
      JOIN budgets b ON b.user_id = c.user_id AND b.category_id = c.id
     WHERE n.amount_paise > b.amount_paise
       AND n.month >= date_trunc('month', b.created_at - interval '1 day')::date
    ON CONFLICT (user_id, kind, record_id) DO NOTHING;
  ELSE
    INSERT INTO notifications (user_id, kind, record_id, details)
    SELECT b.user_id, 'budget_over', md5(b.id::text || n.month::text)::uuid,
           jsonb_build_object('category', c.name, 'month', to_char(n.month, 'YYYY-MM'),
                              'budgetPaise', b.amount_paise, 'spentPaise', n.amount_paise)
      FROM added n
      JOIN removed o ON o.user_id = n.user_id AND o.month = n.month AND o.category = n.category
      JOIN categories c ON c.user_id = n.user_id AND c.name = n.category
      JOIN budgets b ON b.user_id = c.user_id AND b.category_id = c.id
     WHERE n.amount_paise > o.amount_paise
       AND n.amount_paise > b.amount_paise
       AND n.month >= date_trunc('month', b.created_at - interval '1 day')::date
    ON CONFLICT (user_id, kind, record_id) DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;

statement_triggers(expense_months_budgets, expense_months, notify_budgets_overspent, insert, update);
