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
-- expense_months follows expenses whatever writes them (the app, a restore, the seed, an
-- operator's SQL): statement-level triggers fold each statement's rows in, grouped by user,
-- month and category, in the same transaction.
CREATE OR REPLACE FUNCTION expenses_to_months() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Removed rows only update months that exist: when the user itself is being deleted, its
  -- months have gone already (cascade) and must not be inserted again.
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE expense_months AS m
       SET entries = m.entries - r.entries,
           amount_paise = m.amount_paise - r.amount_paise
      FROM (SELECT user_id, date_trunc('month', date)::date AS month, category,
                   count(*) AS entries, sum(amount_paise) AS amount_paise
              FROM removed GROUP BY 1, 2, 3) AS r
     WHERE m.user_id = r.user_id AND m.month = r.month AND m.category = r.category;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO expense_months AS m (user_id, month, category, entries, amount_paise)
    SELECT user_id, date_trunc('month', date)::date, category, count(*), sum(amount_paise)
      FROM added GROUP BY 1, 2, 3
    ON CONFLICT (user_id, month, category) DO UPDATE
       SET entries = m.entries + excluded.entries,
           amount_paise = m.amount_paise + excluded.amount_paise;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER expenses_months_insert AFTER INSERT ON expenses
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION expenses_to_months();
--> statement-breakpoint
CREATE TRIGGER expenses_months_update AFTER UPDATE ON expenses
  REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION expenses_to_months();
--> statement-breakpoint
CREATE TRIGGER expenses_months_delete AFTER DELETE ON expenses
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION expenses_to_months();
--> statement-breakpoint
INSERT INTO expense_months (user_id, month, category, entries, amount_paise)
SELECT user_id, date_trunc('month', date)::date, category, count(*), sum(amount_paise)
  FROM expenses GROUP BY 1, 2, 3;
