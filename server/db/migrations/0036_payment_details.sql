CREATE TYPE "public"."payment_mode" AS ENUM('upi', 'neft', 'imps', 'rtgs', 'cheque', 'cash', 'card');--> statement-breakpoint
CREATE TABLE "vendors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"name_lower" text GENERATED ALWAYS AS (lower("name")) STORED NOT NULL,
	"gstin" text,
	"email" text,
	"mobile" text,
	"address" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "bank_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "overdraft_limit_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "mode" "payment_mode";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "party_kind" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "party_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "party_name" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "project_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "category" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_company_id_users_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vendors_company_name_key" ON "vendors" USING btree ("company_id","name_lower");--> statement-breakpoint
CREATE INDEX "vendors_name_trgm_idx" ON "vendors" USING gin ("name_lower" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_company_date_idx" ON "payments" USING btree ("company_id","date");--> statement-breakpoint
CREATE INDEX "payments_party_idx" ON "payments" USING btree ("party_id");--> statement-breakpoint
CREATE INDEX "payments_project_idx" ON "payments" USING btree ("project_id");--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_overdraft_limit_check" CHECK ("bank_accounts"."overdraft_limit_paise" >= 0);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_party_check" CHECK (("payments"."party_kind" is null and "payments"."party_id" is null and "payments"."party_name" is null)
        or ("payments"."party_kind" = 'name' and "payments"."party_id" is null and "payments"."party_name" is not null)
        or ("payments"."party_kind" in ('client', 'vendor', 'employee') and "payments"."party_id" is not null
            and "payments"."party_name" is not null));