CREATE TYPE "public"."reconciliation_line_status" AS ENUM('unmatched', 'suggested', 'matched', 'created', 'ignored');--> statement-breakpoint
CREATE TABLE "reconciliation_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reconciliation_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"row" integer NOT NULL,
	"date" date NOT NULL,
	"type" "payment_type" NOT NULL,
	"amount_paise" bigint NOT NULL,
	"balance_paise" bigint NOT NULL,
	"description" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"status" "reconciliation_line_status" DEFAULT 'unmatched' NOT NULL,
	"suggested_payment_id" uuid,
	"payment_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reconciliation_lines_reconciled" CHECK (("reconciliation_lines"."status" in ('matched', 'created')) = ("reconciliation_lines"."payment_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "reconciliations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"bank" text NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"opening_balance_paise" bigint NOT NULL,
	"closing_balance_paise" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reconciliation_lines" ADD CONSTRAINT "reconciliation_lines_reconciliation_id_reconciliations_id_fk" FOREIGN KEY ("reconciliation_id") REFERENCES "public"."reconciliations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_lines" ADD CONSTRAINT "reconciliation_lines_company_id_users_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_lines" ADD CONSTRAINT "reconciliation_lines_suggested_payment_id_payments_id_fk" FOREIGN KEY ("suggested_payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_lines" ADD CONSTRAINT "reconciliation_lines_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliations" ADD CONSTRAINT "reconciliations_company_id_users_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliations" ADD CONSTRAINT "reconciliations_account_id_bank_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_lines_line_key" ON "reconciliation_lines" USING btree ("reconciliation_id","line_no");--> statement-breakpoint
CREATE INDEX "reconciliation_lines_status_idx" ON "reconciliation_lines" USING btree ("reconciliation_id","status","line_no");--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_lines_payment_key" ON "reconciliation_lines" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "reconciliation_lines_suggested_idx" ON "reconciliation_lines" USING btree ("suggested_payment_id");--> statement-breakpoint
CREATE INDEX "reconciliations_account_idx" ON "reconciliations" USING btree ("account_id","created_at","id");
