ALTER TABLE "expenses" ADD COLUMN "description_lower" text GENERATED ALWAYS AS (lower("description")) STORED NOT NULL;--> statement-breakpoint
-- One ALTER for both columns: the table is rewritten once.
ALTER TABLE "loans" ADD COLUMN "name_lower" text GENERATED ALWAYS AS (lower("name")) STORED NOT NULL,
  ADD COLUMN "email_lower" text GENERATED ALWAYS AS (lower("email")) STORED NOT NULL;