/**
 * The dashboard's own statements, written once for the app (services/dashboard.ts) and for the
 * ratio bench's baseline (bench/baseline.ts), which must send the very same text. Each is
 * written with the template tag it is given, `me` (the caller's id) and `today` being what
 * that tag takes in their places: Drizzle's `sql` and its placeholders in the app, `$n`
 * parameters in the baseline. Plain TypeScript, so that the baseline stays a plain server.
 */

/** A template tag: `sql` of drizzle-orm, or one that numbers the parameters. */
export type StatementTag<V, S> = (strings: TemplateStringsArray, ...values: V[]) => S;

/** Counts and sums of the caller's expenses (from expense_months), lends and borrowed. */
export const totalsStatement = <V, S>(
  sql: StatementTag<V, S>,
  me: NoInfer<V>,
  today: NoInfer<V>,
) => sql`
      select
        (select coalesce(sum(entries), 0)::int from expense_months where user_id = ${me}) as expense_count,
        (select coalesce(sum(amount_paise), 0) from expense_months where user_id = ${me}) as expense_paise,
        count(*) filter (where direction = 'lend')::int as lend_count,
        coalesce(sum(amount_paise) filter (where direction = 'lend'), 0) as lend_paise,
        coalesce(sum(repaid_paise) filter (where direction = 'lend'), 0) as lend_repaid,
        count(*) filter (where direction = 'borrowed')::int as borrowed_count,
        coalesce(sum(amount_paise) filter (where direction = 'borrowed'), 0) as borrowed_paise,
        coalesce(sum(repaid_paise) filter (where direction = 'borrowed'), 0) as borrowed_repaid,
        count(*) filter (where direction = 'lend' and repaid_paise < amount_paise
                         and repayment_date < ${today})::int as overdue_lends,
        count(*) filter (where direction = 'borrowed' and repaid_paise < amount_paise
                         and repayment_date < ${today})::int as overdue_borroweds
      from loans where user_id = ${me}`;

/** The five latest entries, expenses and loans together. */
export const recentStatement = <V, S>(sql: StatementTag<V, S>, me: NoInfer<V>) => sql`
      (select 'expense' as kind, id, description as label, amount_paise, date::text as date, created_at
         from expenses where user_id = ${me} order by created_at desc limit 5)
      union all
      (select direction::text, id, name, amount_paise, issue_date::text, created_at
         from loans where user_id = ${me} order by created_at desc limit 5)
      order by created_at desc limit 5`;

/**
 * Expenses by month and category for the 12 months up to today: the eleven months before
 * this one from expense_months; this month from the rows, up to today (an expense dated
 * later this month is not spent yet).
 */
export const monthsStatement = <V, S>(
  sql: StatementTag<V, S>,
  me: NoInfer<V>,
  today: NoInfer<V>,
) => sql`
      select to_char(month, 'YYYY-MM') as month, category,
             sum(amount_paise) as paise
        from (select month, category, amount_paise
                from expense_months
               where user_id = ${me} and entries > 0
                 and month >= (date_trunc('month', ${today}::date) - interval '11 months')::date
                 and month < date_trunc('month', ${today}::date)::date
              union all
              select date_trunc('month', date)::date, category, amount_paise
                from expenses
               where user_id = ${me}
                 and date >= date_trunc('month', ${today}::date)::date
                 and date <= ${today}::date) as spent
       group by 1, 2
       order by 1, 2`;
