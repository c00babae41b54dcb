-- Notifications: what happened that a person did not do themselves, kept per reader until
-- read. Written by the database in the same transaction as what they tell of, as the audit
-- trail is: a payment someone recorded on a company's accounts (for the company and its
-- admin, whoever of them did not record it; rows loaded by a tool, naming no actor, are no
-- one's news), a PM's status update of a project (for its company).
-- Lends that became overdue are added by an hourly job. One per reader, kind and record:
-- the job can run on every app server, any number of times.
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"record_id" uuid NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_user_kind_record_key" ON "notifications" USING btree ("user_id","kind","record_id");
--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at","id");
--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_payments_recorded() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  actor uuid := nullif(current_setting('app.actor', true), '')::uuid;
BEGIN
  IF actor IS NULL THEN
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
--> statement-breakpoint
CREATE TRIGGER payments_notifications AFTER INSERT ON payments
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION notify_payments_recorded();
--> statement-breakpoint
-- A project's latest status by its PM: one notification per project, brought back unread
-- with each update.
CREATE OR REPLACE FUNCTION notify_project_status() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  actor uuid := nullif(current_setting('app.actor', true), '')::uuid;
BEGIN
  INSERT INTO notifications (user_id, kind, record_id, details)
  SELECT n.company_id, 'project_status', n.id, jsonb_build_object(
           'project', n.project_name, 'status', n.status_by_pm, 'by', pm.name)
    FROM removed o
    JOIN added n ON n.id = o.id
    JOIN users pm ON pm.id = actor AND pm.role = 'pm'
   WHERE n.status_by_pm IS DISTINCT FROM o.status_by_pm
  ON CONFLICT (user_id, kind, record_id) DO UPDATE
     SET details = excluded.details, created_at = now(), read_at = NULL;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER projects_notifications AFTER UPDATE ON projects
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION notify_project_status();
--> statement-breakpoint
-- The change feed tells a reader of its own notifications (new, read), as of every record.
CREATE TRIGGER notifications_changes_insert AFTER INSERT ON notifications
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION notify_changes();
--> statement-breakpoint
CREATE TRIGGER notifications_changes_update AFTER UPDATE ON notifications
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION notify_changes();
--> statement-breakpoint
CREATE TRIGGER notifications_changes_delete AFTER DELETE ON notifications
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION notify_changes();
