-- The ageing of one client's or project's pending invoices on `today`, read from the
-- invoices: what is not yet due (or has no due date), 1–30, 31–60 and 61–90 days late (over
-- 90 is the rest of what is pending). Only what fell due in the last 90 days or later is
-- read, from invoices_pending_client_idx or invoices_pending_project_idx: a range and a null
-- due date each a branch of their own, which the index reads (an OR of the two it would not). The receivables list
-- calls it for a group whose kept ageing (receivable_ageing.sql) is of another day; a project
-- of null is the invoices of no project of the companies given.
CREATE OR REPLACE FUNCTION receivable_ageing_of(
  companies uuid[], by_project boolean, gid uuid, today date
) RETURNS bigint[] LANGUAGE plpgsql STABLE AS $$
DECLARE
  ageing bigint[];
BEGIN
  SELECT ARRAY[
      coalesce(sum(p.pending) FILTER (WHERE ageing_bucket(p.due_date, today) = 0), 0),
      coalesce(sum(p.pending) FILTER (WHERE ageing_bucket(p.due_date, today) = 1), 0),
      coalesce(sum(p.pending) FILTER (WHERE ageing_bucket(p.due_date, today) = 2), 0),
      coalesce(sum(p.pending) FILTER (WHERE ageing_bucket(p.due_date, today) = 3), 0)]
    INTO ageing
    FROM (
      SELECT i.due_date, i.total_paise - i.received_paise - i.tds_paise - i.credited_paise AS pending
        FROM invoices i
       WHERE NOT by_project AND i.company_id = ANY (companies) AND i.client_id = gid
         AND i.kind = 'invoice' AND i.status IN ('issued', 'part_paid') AND i.due_date >= today - 90
      UNION ALL
      SELECT i.due_date, i.total_paise - i.received_paise - i.tds_paise - i.credited_paise AS pending
        FROM invoices i
       WHERE NOT by_project AND i.company_id = ANY (companies) AND i.client_id = gid
         AND i.kind = 'invoice' AND i.status IN ('issued', 'part_paid') AND i.due_date IS NULL
      UNION ALL
      SELECT i.due_date, i.total_paise - i.received_paise - i.tds_paise - i.credited_paise AS pending
        FROM invoices i
       WHERE by_project AND gid IS NOT NULL AND i.company_id = ANY (companies)
         AND i.project_id = gid
         AND i.kind = 'invoice' AND i.status IN ('issued', 'part_paid') AND i.due_date >= today - 90
      UNION ALL
      SELECT i.due_date, i.total_paise - i.received_paise - i.tds_paise - i.credited_paise AS pending
        FROM invoices i
       WHERE by_project AND gid IS NOT NULL AND i.company_id = ANY (companies)
         AND i.project_id = gid
         AND i.kind = 'invoice' AND i.status IN ('issued', 'part_paid') AND i.due_date IS NULL
      UNION ALL
      SELECT i.due_date, i.total_paise - i.received_paise - i.tds_paise - i.credited_paise AS pending
        FROM invoices i
       WHERE by_project AND gid IS NULL AND i.company_id = ANY (companies)
         AND i.project_id IS NULL
         AND i.kind = 'invoice' AND i.status IN ('issued', 'part_paid') AND i.due_date >= today - 90
      UNION ALL
      SELECT i.due_date, i.total_paise - i.received_paise - i.tds_paise - i.credited_paise AS pending
        FROM invoices i
       WHERE by_project AND gid IS NULL AND i.company_id = ANY (companies)
         AND i.project_id IS NULL
         AND i.kind = 'invoice' AND i.status IN ('issued', 'part_paid') AND i.due_date IS NULL
    ) p;
  RETURN ageing;
END
$$;
