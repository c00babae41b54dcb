-- Every editable record carries its version: an update names the version it was read at
-- and changes nothing once the record has moved on (the app answers 409), so two tabs or
-- two people never silently overwrite each other. Existing rows start at 1; a constant
-- default adds the column without rewriting the table.
ALTER TABLE "users" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
