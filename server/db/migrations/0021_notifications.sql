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
