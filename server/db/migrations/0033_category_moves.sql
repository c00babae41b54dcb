-- Where a category name went, so that an undone delete of an expense finds its category: a
-- name one of the user's categories had before a rename, or that of a category merged into
-- another, with the category that carries on (services/categories.ts). Read by an undo within
-- a minute; rows older than an hour are dropped as new ones are written.
CREATE TABLE "category_moves" (
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"category_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "category_moves_user_id_name_pk" PRIMARY KEY("user_id","name")
);
--> statement-breakpoint
ALTER TABLE "category_moves" ADD CONSTRAINT "category_moves_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_moves" ADD CONSTRAINT "category_moves_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "category_moves_category_idx" ON "category_moves" USING btree ("category_id");
