CREATE TABLE "client_receivables" (
	"company_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"invoices" integer DEFAULT 0 NOT NULL,
	"total_paise" bigint DEFAULT 0 NOT NULL,
	"received_paise" bigint DEFAULT 0 NOT NULL,
	"tds_paise" bigint DEFAULT 0 NOT NULL,
	"credited_paise" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "client_receivables_company_id_client_id_pk" PRIMARY KEY("company_id","client_id")
);
--> statement-breakpoint
CREATE TABLE "invoice_totals" (
	"company_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"invoices" integer DEFAULT 0 NOT NULL,
	"total_paise" bigint DEFAULT 0 NOT NULL,
	"received_paise" bigint DEFAULT 0 NOT NULL,
	"tds_paise" bigint DEFAULT 0 NOT NULL,
	"credited_paise" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "invoice_totals_company_id_kind_status_pk" PRIMARY KEY("company_id","kind","status")
);
--> statement-breakpoint
CREATE TABLE "project_receivables" (
	"company_id" uuid NOT NULL,
	"project_id" uuid,
	"invoices" integer DEFAULT 0 NOT NULL,
	"total_paise" bigint DEFAULT 0 NOT NULL,
	"received_paise" bigint DEFAULT 0 NOT NULL,
	"tds_paise" bigint DEFAULT 0 NOT NULL,
	"credited_paise" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "project_receivables_key" UNIQUE NULLS NOT DISTINCT("company_id","project_id")
);
--> statement-breakpoint
CREATE TABLE "receivable_dues" (
	"company_id" uuid NOT NULL,
	"due_date" date,
	"pending_paise" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "receivable_dues_key" UNIQUE NULLS NOT DISTINCT("company_id","due_date")
);
--> statement-breakpoint
ALTER TABLE "client_receivables" ADD CONSTRAINT "client_receivables_company_id_users_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "client_receivables" ADD CONSTRAINT "client_receivables_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoice_totals" ADD CONSTRAINT "invoice_totals_company_id_users_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "project_receivables" ADD CONSTRAINT "project_receivables_company_id_users_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "receivable_dues" ADD CONSTRAINT "receivable_dues_company_id_users_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "invoices_pending_client_idx" ON "invoices" USING btree ("company_id","client_id","due_date") INCLUDE ("total_paise","received_paise","tds_paise","credited_paise") WHERE "invoices"."kind" = 'invoice' and "invoices"."status" in ('issued', 'part_paid');
--> statement-breakpoint
CREATE INDEX "invoices_pending_project_idx" ON "invoices" USING btree ("company_id","project_id","due_date") INCLUDE ("total_paise","received_paise","tds_paise","credited_paise") WHERE "invoices"."kind" = 'invoice' and "invoices"."status" in ('issued', 'part_paid');
--> statement-breakpoint
CREATE INDEX "receipts_advance_idx" ON "receipts" USING btree ("company_id","client_id") INCLUDE ("advance_paise") WHERE "receipts"."advance_paise" > 0 and not "receipts"."reversed";--> statement-breakpoint
-- The totals so far; the triggers of server/db/functions/invoice_totals.sql keep them after.
INSERT INTO invoice_totals (company_id, kind, status, invoices, total_paise, received_paise, tds_paise, credited_paise)
SELECT company_id, kind, status, count(*), sum(total_paise), sum(received_paise), sum(tds_paise), sum(credited_paise)
  FROM invoices GROUP BY company_id, kind, status;
--> statement-breakpoint
INSERT INTO client_receivables (company_id, client_id, invoices, total_paise, received_paise, tds_paise, credited_paise)
SELECT company_id, client_id, count(*), sum(total_paise), sum(received_paise), sum(tds_paise), sum(credited_paise)
  FROM invoices WHERE kind = 'invoice' AND status IN ('issued', 'part_paid', 'paid')
 GROUP BY company_id, client_id;
--> statement-breakpoint
INSERT INTO project_receivables (company_id, project_id, invoices, total_paise, received_paise, tds_paise, credited_paise)
SELECT company_id, project_id, count(*), sum(total_paise), sum(received_paise), sum(tds_paise), sum(credited_paise)
  FROM invoices WHERE kind = 'invoice' AND status IN ('issued', 'part_paid', 'paid')
 GROUP BY company_id, project_id;
--> statement-breakpoint
INSERT INTO receivable_dues (company_id, due_date, pending_paise)
SELECT company_id, due_date, sum(total_paise - received_paise - tds_paise - credited_paise)
  FROM invoices WHERE kind = 'invoice' AND status IN ('issued', 'part_paid', 'paid')
 GROUP BY company_id, due_date
HAVING sum(total_paise - received_paise - tds_paise - credited_paise) <> 0;
