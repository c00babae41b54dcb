-- The settings of each user's last import of a kind, so the next file starts from them.
CREATE TABLE "import_settings" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_settings_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
ALTER TABLE "import_settings" ADD CONSTRAINT "import_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
