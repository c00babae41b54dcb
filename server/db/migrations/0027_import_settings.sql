-- The settings of each user's last import of a kind, so the next file starts from them.
CREATE TABLE "import_settings" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_settings_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
ALTER TABLE "import_settings" ADD CONSTRAINT "import_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A payment recorded by someone tells the company and its admin, whoever did not record it,
-- as in the notifications migration; except the rows of an import (app.import set in its
-- transaction), of which the import itself writes one notification, not one per row.
CREATE OR REPLACE FUNCTION notify_payments_recorded() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  actor uuid := nullif(current_setting('app.actor', true), '')::uuid;
BEGIN
  IF actor IS NULL OR current_setting('app.import', true) = 'on' THEN
    RETURN NULL;
  END IF;
  INSERT INTO notifications (user_id, kind, record_id, details)
  SELECT reader.id, 'payment', p.id, jsonb_build_object(
           'type', p.type, 'amountPaise', p.amount_paise, 'date', p.date,
           'account', a.holder_name, 'accountNo', a.account_no,
           'reversal', p.reverses_id IS NOT NULL, 'transfer', p.transfer_id IS NOT NULL,
           'by', (SELECT name FROM users WHERE id = actor))
    FROM added p
    JOIN bank_accounts a ON a.id = p.account_id
    JOIN users c ON c.id = p.company_id
    CROSS JOIN LATERAL (VALUES (c.id), (c.created_by)) AS reader(id)
   WHERE reader.id IS NOT NULL AND reader.id <> actor
  ON CONFLICT (user_id, kind, record_id) DO NOTHING;
  RETURN NULL;
END
$$;
