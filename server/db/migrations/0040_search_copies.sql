-- Every list searches one way (server/db/search.ts): a lowercase copy of each searched column,
-- tested with LIKE. These lists are read per company or per user, through their own indexes.
ALTER TABLE "bank_accounts" ADD COLUMN "holder_name_lower" text GENERATED ALWAYS AS (lower("holder_name")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "branch_lower" text GENERATED ALWAYS AS (lower("branch")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "ifsc_lower" text GENERATED ALWAYS AS (lower("ifsc")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "bank_name_lower" text GENERATED ALWAYS AS (lower("bank_name")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "project_name_lower" text GENERATED ALWAYS AS (lower("project_name")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "client_name_lower" text GENERATED ALWAYS AS (lower("client_name")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "reference_lower" text GENERATED ALWAYS AS (lower("reference")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "recurring_expenses" ADD COLUMN "description_lower" text GENERATED ALWAYS AS (lower("description")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "recurring_payments" ADD COLUMN "remark_lower" text GENERATED ALWAYS AS (lower("remark")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "name_lower" text GENERATED ALWAYS AS (lower("name")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_lower" text GENERATED ALWAYS AS (lower("email")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "registration_number_lower" text GENERATED ALWAYS AS (lower("registration_number")) STORED;