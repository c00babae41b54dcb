CREATE TABLE "counterparties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"mobile" text,
	"email" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "counterparties_contact_check" CHECK ("counterparties"."mobile" is not null or "counterparties"."email" is not null),
	CONSTRAINT "counterparties_mobile_check" CHECK ("counterparties"."mobile" ~ '^\+91[6-9][0-9]{9}$')
);
--> statement-breakpoint
ALTER TABLE "counterparties" ADD CONSTRAINT "counterparties_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "counterparties_user_mobile_key" ON "counterparties" USING btree ("user_id","mobile") WHERE "counterparties"."mobile" is not null;--> statement-breakpoint
CREATE INDEX "counterparties_user_email_idx" ON "counterparties" USING btree ("user_id",lower("email"));--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "upi_id" text;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "mobile" text;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "counterparty_id" uuid;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "auto_remind" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "repayments" ADD COLUMN "settlement" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Everyone the users already lent to or borrowed from: one person per e-mail (any case),
-- named as on their latest entry. Filling in the new column is no change anyone made: the
-- audit trail and the change feed stay out of it.
INSERT INTO "counterparties" ("user_id", "name", "email", "created_at")
SELECT DISTINCT ON ("user_id", lower("email")) "user_id", "name", "email", "created_at"
  FROM "loans"
 ORDER BY "user_id", lower("email"), "created_at" DESC;--> statement-breakpoint
ALTER TABLE "loans" DISABLE TRIGGER USER;--> statement-breakpoint
UPDATE "loans" l SET "counterparty_id" = c."id"
  FROM "counterparties" c
 WHERE c."user_id" = l."user_id" AND lower(c."email") = lower(l."email");--> statement-breakpoint
ALTER TABLE "loans" ENABLE TRIGGER USER;--> statement-breakpoint
ALTER TABLE "loans" ALTER COLUMN "counterparty_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_counterparty_id_counterparties_id_fk" FOREIGN KEY ("counterparty_id") REFERENCES "public"."counterparties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_contact_check" CHECK ("loans"."email" <> '' or "loans"."mobile" is not null);--> statement-breakpoint
CREATE INDEX "loans_counterparty_idx" ON "loans" USING btree ("counterparty_id","issue_date");--> statement-breakpoint
CREATE TABLE "khata_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"counterparty_id" uuid NOT NULL,
	"loan_id" uuid,
	"channel" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "khata_reminders_channel_check" CHECK ("khata_reminders"."channel" in ('whatsapp', 'sms', 'email', 'scheduled'))
);
--> statement-breakpoint
ALTER TABLE "khata_reminders" ADD CONSTRAINT "khata_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "khata_reminders" ADD CONSTRAINT "khata_reminders_counterparty_id_counterparties_id_fk" FOREIGN KEY ("counterparty_id") REFERENCES "public"."counterparties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "khata_reminders" ADD CONSTRAINT "khata_reminders_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "khata_reminders_counterparty_idx" ON "khata_reminders" USING btree ("counterparty_id","date");--> statement-breakpoint
CREATE INDEX "khata_reminders_user_idx" ON "khata_reminders" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "khata_reminders_loan_idx" ON "khata_reminders" USING btree ("loan_id");--> statement-breakpoint
CREATE TABLE "khata_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"counterparty_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "khata_links" ADD CONSTRAINT "khata_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "khata_links" ADD CONSTRAINT "khata_links_counterparty_id_counterparties_id_fk" FOREIGN KEY ("counterparty_id") REFERENCES "public"."counterparties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "khata_links_token_hash_key" ON "khata_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "khata_links_counterparty_idx" ON "khata_links" USING btree ("counterparty_id","created_at");--> statement-breakpoint
CREATE INDEX "khata_links_user_idx" ON "khata_links" USING btree ("user_id");--> statement-breakpoint
CREATE TABLE "lend_reminder_schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"loan_id" uuid NOT NULL,
	"schedule" "recurring_schedule" DEFAULT 'weekly' NOT NULL,
	"day" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"next_date" date,
	"last_date" date,
	"paused" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lend_reminder_schedules_day_check" CHECK ("lend_reminder_schedules"."day" between 0 and 6)
);
--> statement-breakpoint
ALTER TABLE "lend_reminder_schedules" ADD CONSTRAINT "lend_reminder_schedules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lend_reminder_schedules" ADD CONSTRAINT "lend_reminder_schedules_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lend_reminder_schedules_loan_key" ON "lend_reminder_schedules" USING btree ("loan_id");--> statement-breakpoint
CREATE INDEX "lend_reminder_schedules_due_idx" ON "lend_reminder_schedules" USING btree ("next_date","id") WHERE "lend_reminder_schedules"."paused" = false;--> statement-breakpoint
CREATE INDEX "lend_reminder_schedules_user_idx" ON "lend_reminder_schedules" USING btree ("user_id");
