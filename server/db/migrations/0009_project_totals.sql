CREATE TABLE "project_totals" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"projects" integer DEFAULT 0 NOT NULL,
	"price_paise" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "project_totals" ADD CONSTRAINT "project_totals_company_id_users_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The totals so far; the triggers of server/db/functions/project_totals.sql keep them after.
INSERT INTO project_totals (company_id, projects, price_paise)
SELECT company_id, count(*), sum(price_paise) FROM projects GROUP BY company_id;
