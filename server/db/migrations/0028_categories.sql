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
-- The version trigger names the column, which blocks a change of its type: dropped here and
-- made again after the migrations (server/db/functions/record_versions.sql).
DROP TRIGGER IF EXISTS expenses_version ON expenses;
--> statement-breakpoint
ALTER TABLE "expense_months" ALTER COLUMN "category" SET DATA TYPE text USING "category"::text;--> statement-breakpoint
ALTER TABLE "expenses" ALTER COLUMN "category" SET DATA TYPE text USING "category"::text;--> statement-breakpoint
ALTER TABLE "recurring_expenses" ALTER COLUMN "category" SET DATA TYPE text USING "category"::text;--> statement-breakpoint
DROP TYPE "public"."expense_category";
--> statement-breakpoint
-- A record's category is one of its owner's. A rename cascades to every record naming it in
-- the same statement; a category still named by any record cannot be deleted (deleting a user
-- still deletes its categories together with its records).
ALTER TABLE "expense_months" ADD CONSTRAINT "expense_months_category_fk" FOREIGN KEY ("user_id","category") REFERENCES "public"."categories"("user_id","name") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_category_fk" FOREIGN KEY ("user_id","category") REFERENCES "public"."categories"("user_id","name") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "recurring_expenses" ADD CONSTRAINT "recurring_expenses_category_fk" FOREIGN KEY ("user_id","category") REFERENCES "public"."categories"("user_id","name") ON DELETE restrict ON UPDATE cascade;
