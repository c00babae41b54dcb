-- Recurring expenses: each user's expense templates with a schedule (monthly on a day, a
-- shorter month's last day past its end; weekly on a weekday), from which the app's job
-- records the expense of each day due, once (see server/services/recurring.ts). A new
-- table: existing data is untouched. The job's scan reads the due index (templates not
-- paused, by next day); the owner's list reads its own.
CREATE TYPE "public"."recurring_schedule" AS ENUM('monthly', 'weekly');--> statement-breakpoint
CREATE TABLE "recurring_expenses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"description" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"category" "expense_category" NOT NULL,
	"schedule" "recurring_schedule" NOT NULL,
	"day" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"next_date" date,
	"last_date" date,
	"paused" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_expenses_day_check" CHECK (("recurring_expenses"."schedule" = 'monthly' and "recurring_expenses"."day" between 1 and 31) or ("recurring_expenses"."schedule" = 'weekly' and "recurring_expenses"."day" between 0 and 6)),
	CONSTRAINT "recurring_expenses_dates_check" CHECK ("recurring_expenses"."end_date" is null or "recurring_expenses"."end_date" >= "recurring_expenses"."start_date"),
	CONSTRAINT "recurring_expenses_amount_check" CHECK ("recurring_expenses"."amount_paise" > 0)
);
--> statement-breakpoint
ALTER TABLE "recurring_expenses" ADD CONSTRAINT "recurring_expenses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recurring_expenses_due_idx" ON "recurring_expenses" USING btree ("next_date","id") WHERE "recurring_expenses"."paused" = false;--> statement-breakpoint
CREATE INDEX "recurring_expenses_user_next_idx" ON "recurring_expenses" USING btree ("user_id","next_date","id");
