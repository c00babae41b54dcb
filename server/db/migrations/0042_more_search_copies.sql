-- More lowercase copies for the one search (server/db/search.ts): payments by remark,
-- reference and party, a reconciliation's lines, and the khata's people.
ALTER TABLE "counterparties" ADD COLUMN "name_lower" text GENERATED ALWAYS AS (lower("name")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "counterparties" ADD COLUMN "email_lower" text GENERATED ALWAYS AS (lower("email")) STORED;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "remark_lower" text GENERATED ALWAYS AS (lower("remark")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reference_lower" text GENERATED ALWAYS AS (lower("reference")) STORED;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "party_name_lower" text GENERATED ALWAYS AS (lower("party_name")) STORED;--> statement-breakpoint
ALTER TABLE "reconciliation_lines" ADD COLUMN "description_lower" text GENERATED ALWAYS AS (lower("description")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "reconciliation_lines" ADD COLUMN "reference_lower" text GENERATED ALWAYS AS (lower("reference")) STORED NOT NULL;