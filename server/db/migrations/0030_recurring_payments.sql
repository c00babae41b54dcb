-- Recurring payments: each company's credit and debit templates on its own accounts, with
-- the schedule of a recurring expense, from which the app's job posts the payment of each day
-- due through ledger_post, once (see server/services/recurringPayments.ts). A new table:
-- existing data is untouched. The job's scan reads the due index (templates not paused, by
-- next day); the company's list reads its own; an account's deletion finds its templates.
CREATE TABLE "recurring_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"type" "payment_type" NOT NULL,
	"amount_paise" bigint NOT NULL,
	"remark" text NOT NULL,
	"schedule" "recurring_schedule" NOT NULL,
	"day" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"next_date" date,
	"last_date" date,
	"skipped" integer DEFAULT 0 NOT NULL,
	"last_skipped_date" date,
	"paused" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_payments_day_check" CHECK (("recurring_payments"."schedule" = 'monthly' and "recurring_payments"."day" between 1 and 31) or ("recurring_payments"."schedule" = 'weekly' and "recurring_payments"."day" between 0 and 6)),
	CONSTRAINT "recurring_payments_dates_check" CHECK ("recurring_payments"."end_date" is null or "recurring_payments"."end_date" >= "recurring_payments"."start_date"),
	CONSTRAINT "recurring_payments_amount_check" CHECK ("recurring_payments"."amount_paise" > 0)
);
--> statement-breakpoint
ALTER TABLE "recurring_payments" ADD CONSTRAINT "recurring_payments_company_id_users_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_payments" ADD CONSTRAINT "recurring_payments_account_id_bank_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recurring_payments_due_idx" ON "recurring_payments" USING btree ("next_date","id") WHERE "recurring_payments"."paused" = false;--> statement-breakpoint
CREATE INDEX "recurring_payments_company_next_idx" ON "recurring_payments" USING btree ("company_id","next_date","id");--> statement-breakpoint
CREATE INDEX "recurring_payments_account_idx" ON "recurring_payments" USING btree ("account_id");
