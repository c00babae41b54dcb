CREATE TYPE "public"."default_status" AS ENUM('active', 'deActive');--> statement-breakpoint
CREATE TYPE "public"."payment_type" AS ENUM('credit', 'debit');--> statement-breakpoint
CREATE TABLE "bank_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"holder_name" text NOT NULL,
	"account_no" text NOT NULL,
	"branch" text NOT NULL,
	"ifsc" text NOT NULL,
	"mobile" text NOT NULL,
	"address" text NOT NULL,
	"default_status" "default_status" DEFAULT 'deActive' NOT NULL,
	"opening_balance_paise" bigint DEFAULT 0 NOT NULL,
	"balance_paise" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"date" date NOT NULL,
	"remark" text NOT NULL,
	"type" "payment_type" NOT NULL,
	"amount_paise" bigint NOT NULL,
	"balance_after_paise" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_company_id_users_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_account_id_bank_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_company_id_users_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_accounts_company_created_idx" ON "bank_accounts" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_one_default_key" ON "bank_accounts" USING btree ("company_id") WHERE default_status = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_company_account_no_key" ON "bank_accounts" USING btree ("company_id","account_no");--> statement-breakpoint
CREATE INDEX "payments_account_date_idx" ON "payments" USING btree ("account_id","date","created_at","id");