-- Categories of one's own: each user keeps a list of expense categories instead of the three
-- of the expense_category enum. Every user, existing or new, starts with those three under the
-- same names, so every expense, month and recurring template keeps the category it had.
-- Converting the three columns from the enum to text rewrites expenses and rebuilds their
-- indexes (same definitions): on a large install, upgrade in a quiet hour.
CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_user_name_key" UNIQUE("user_id","name"),
	CONSTRAINT "categories_name_check" CHECK (char_length("categories"."name") <= 50 and "categories"."name" ~ '^[^[:space:]](.*[^[:space:]])?$')
);
--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Names are unique per user regardless of case ("Food" and "food" would read as one).
CREATE UNIQUE INDEX "categories_user_name_lower_key" ON "categories" USING btree ("user_id",lower("name"));--> statement-breakpoint
INSERT INTO categories (user_id, name)
SELECT u.id, d.name FROM users u CROSS JOIN unnest(ARRAY['shopping', 'movie', 'other']) AS d(name);
--> statement-breakpoint
-- Every new user gets the starting three, whichever path creates it (registration, a company
-- creating its people, an admin its companies, an invite, the seed). A statement-level
-- trigger: a bulk insert of users adds their categories in one statement. A restore replaces
-- them with the backup's own (server/db/backup.ts).
CREATE FUNCTION users_default_categories() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO categories (user_id, name)
  SELECT a.id, d.name FROM added a CROSS JOIN unnest(ARRAY['shopping', 'movie', 'other']) AS d(name);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_default_categories AFTER INSERT ON users
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION users_default_categories();
--> statement-breakpoint
-- The version trigger names the column, which blocks a change of its type: dropped and made
-- again as it was (0018).
DROP TRIGGER expenses_version ON expenses;
--> statement-breakpoint
ALTER TABLE "expense_months" ALTER COLUMN "category" SET DATA TYPE text USING "category"::text;--> statement-breakpoint
ALTER TABLE "expenses" ALTER COLUMN "category" SET DATA TYPE text USING "category"::text;--> statement-breakpoint
ALTER TABLE "recurring_expenses" ALTER COLUMN "category" SET DATA TYPE text USING "category"::text;--> statement-breakpoint
CREATE TRIGGER expenses_version BEFORE UPDATE OF date, description, amount_paise, category
  ON expenses FOR EACH ROW
  WHEN (OLD.version = NEW.version
        AND (OLD.date, OLD.description, OLD.amount_paise, OLD.category)
            IS DISTINCT FROM (NEW.date, NEW.description, NEW.amount_paise, NEW.category))
  EXECUTE FUNCTION next_version();
--> statement-breakpoint
DROP TYPE "public"."expense_category";
--> statement-breakpoint
-- A record's category is one of its owner's. A rename cascades to every record naming it in
-- the same statement; a category still named by any record cannot be deleted (deleting a user
-- still deletes its categories together with its records).
ALTER TABLE "expense_months" ADD CONSTRAINT "expense_months_category_fk" FOREIGN KEY ("user_id","category") REFERENCES "public"."categories"("user_id","name") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_category_fk" FOREIGN KEY ("user_id","category") REFERENCES "public"."categories"("user_id","name") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "recurring_expenses" ADD CONSTRAINT "recurring_expenses_category_fk" FOREIGN KEY ("user_id","category") REFERENCES "public"."categories"("user_id","name") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
-- As in 0008, except that a renamed category's expenses are left out of an update: its months
-- were renamed by the same cascade, and counting those expenses again would double them. They
-- are the updated rows whose old category no longer exists (a rename is the only way a
-- category in use stops existing), whichever order the cascades ran in.
CREATE OR REPLACE FUNCTION expenses_to_months() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    UPDATE expense_months AS m
       SET entries = m.entries - r.entries,
           amount_paise = m.amount_paise - r.amount_paise
      FROM (SELECT user_id, date_trunc('month', date)::date AS month, category,
                   count(*) AS entries, sum(amount_paise) AS amount_paise
              FROM removed o
             WHERE EXISTS (SELECT 1 FROM categories c
                            WHERE c.user_id = o.user_id AND c.name = o.category)
             GROUP BY 1, 2, 3) AS r
     WHERE m.user_id = r.user_id AND m.month = r.month AND m.category = r.category;
    INSERT INTO expense_months AS m (user_id, month, category, entries, amount_paise)
    SELECT user_id, date_trunc('month', date)::date, category, count(*), sum(amount_paise)
      FROM added n
     WHERE NOT EXISTS (SELECT 1 FROM removed o
                        WHERE o.id = n.id
                          AND NOT EXISTS (SELECT 1 FROM categories c
                                           WHERE c.user_id = o.user_id AND c.name = o.category))
     GROUP BY 1, 2, 3
    ON CONFLICT (user_id, month, category) DO UPDATE
       SET entries = m.entries + excluded.entries,
           amount_paise = m.amount_paise + excluded.amount_paise;
  ELSIF TG_OP = 'DELETE' THEN
    -- Only months that exist: when the user itself is being deleted, its months have gone
    -- already (cascade) and must not be inserted again.
    UPDATE expense_months AS m
       SET entries = m.entries - r.entries,
           amount_paise = m.amount_paise - r.amount_paise
      FROM (SELECT user_id, date_trunc('month', date)::date AS month, category,
                   count(*) AS entries, sum(amount_paise) AS amount_paise
              FROM removed GROUP BY 1, 2, 3) AS r
     WHERE m.user_id = r.user_id AND m.month = r.month AND m.category = r.category;
  ELSE
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
-- Live updates: a category added, renamed or deleted reaches its owner's other sessions.
SELECT change_feed_install('categories', $$jsonb_build_object('u', r.user_id)$$);
