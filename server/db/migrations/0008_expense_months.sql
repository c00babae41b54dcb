CREATE TABLE "expense_months" (
	"user_id" uuid NOT NULL,
	"month" date NOT NULL,
	"category" "expense_category" NOT NULL,
	"entries" integer DEFAULT 0 NOT NULL,
	"amount_paise" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "expense_months_user_id_month_category_pk" PRIMARY KEY("user_id","month","category")
);
--> statement-breakpoint
ALTER TABLE "expense_months" ADD CONSTRAINT "expense_months_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The months so far; the triggers of server/db/functions/expense_months.sql keep them after.
INSERT INTO expense_months (user_id, month, category, entries, amount_paise)
SELECT user_id, date_trunc('month', date)::date, category, count(*), sum(amount_paise)
  FROM expenses GROUP BY 1, 2, 3;
