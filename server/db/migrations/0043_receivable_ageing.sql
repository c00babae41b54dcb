ALTER TABLE "client_receivables" ADD COLUMN "aged_on" date;--> statement-breakpoint
ALTER TABLE "client_receivables" ADD COLUMN "not_due_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "client_receivables" ADD COLUMN "days1to30_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "client_receivables" ADD COLUMN "days31to60_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "client_receivables" ADD COLUMN "days61to90_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "project_receivables" ADD COLUMN "aged_on" date;--> statement-breakpoint
ALTER TABLE "project_receivables" ADD COLUMN "not_due_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "project_receivables" ADD COLUMN "days1to30_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "project_receivables" ADD COLUMN "days31to60_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "project_receivables" ADD COLUMN "days61to90_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "invoices_company_issued_at_idx" ON "invoices" USING btree ("company_id","issued_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "invoices"."kind" = 'invoice' and "invoices"."status" <> 'draft';--> statement-breakpoint
-- The ageing so far, as of today in India (the app's default zone); the triggers of
-- server/db/functions/receivable_ageing.sql keep it, receivables_age moves it to a new day.
UPDATE client_receivables t SET aged_on = a.today, not_due_paise = a.not_due,
       days1to30_paise = a.d30, days31to60_paise = a.d60, days61to90_paise = a.d90
  FROM (SELECT k.company_id, k.client_id, d.today,
               coalesce(sum(i.total_paise - i.received_paise - i.tds_paise - i.credited_paise)
                 FILTER (WHERE i.due_date IS NULL OR i.due_date >= d.today), 0) AS not_due,
               coalesce(sum(i.total_paise - i.received_paise - i.tds_paise - i.credited_paise)
                 FILTER (WHERE d.today - i.due_date BETWEEN 1 AND 30), 0) AS d30,
               coalesce(sum(i.total_paise - i.received_paise - i.tds_paise - i.credited_paise)
                 FILTER (WHERE d.today - i.due_date BETWEEN 31 AND 60), 0) AS d60,
               coalesce(sum(i.total_paise - i.received_paise - i.tds_paise - i.credited_paise)
                 FILTER (WHERE d.today - i.due_date BETWEEN 61 AND 90), 0) AS d90
          FROM client_receivables k
          CROSS JOIN (SELECT (now() AT TIME ZONE 'Asia/Kolkata')::date AS today) d
          LEFT JOIN invoices i ON i.company_id = k.company_id AND i.client_id = k.client_id
           AND i.kind = 'invoice' AND i.status IN ('issued', 'part_paid')
         GROUP BY k.company_id, k.client_id, d.today) a
 WHERE t.company_id = a.company_id AND t.client_id = a.client_id;--> statement-breakpoint
UPDATE project_receivables t SET aged_on = a.today, not_due_paise = a.not_due,
       days1to30_paise = a.d30, days31to60_paise = a.d60, days61to90_paise = a.d90
  FROM (SELECT k.company_id, k.project_id, d.today,
               coalesce(sum(i.total_paise - i.received_paise - i.tds_paise - i.credited_paise)
                 FILTER (WHERE i.due_date IS NULL OR i.due_date >= d.today), 0) AS not_due,
               coalesce(sum(i.total_paise - i.received_paise - i.tds_paise - i.credited_paise)
                 FILTER (WHERE d.today - i.due_date BETWEEN 1 AND 30), 0) AS d30,
               coalesce(sum(i.total_paise - i.received_paise - i.tds_paise - i.credited_paise)
                 FILTER (WHERE d.today - i.due_date BETWEEN 31 AND 60), 0) AS d60,
               coalesce(sum(i.total_paise - i.received_paise - i.tds_paise - i.credited_paise)
                 FILTER (WHERE d.today - i.due_date BETWEEN 61 AND 90), 0) AS d90
          FROM project_receivables k
          CROSS JOIN (SELECT (now() AT TIME ZONE 'Asia/Kolkata')::date AS today) d
          LEFT JOIN invoices i ON i.company_id = k.company_id
           AND coalesce(i.project_id, '00000000-0000-0000-0000-000000000000'::uuid) = coalesce(k.project_id, '00000000-0000-0000-0000-000000000000'::uuid)
           AND i.kind = 'invoice' AND i.status IN ('issued', 'part_paid')
         GROUP BY k.company_id, k.project_id, d.today) a
 WHERE t.company_id = a.company_id
   AND coalesce(t.project_id, '00000000-0000-0000-0000-000000000000'::uuid) = coalesce(a.project_id, '00000000-0000-0000-0000-000000000000'::uuid);
