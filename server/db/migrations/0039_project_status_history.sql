CREATE TABLE "project_status_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"actor_name" text DEFAULT '' NOT NULL,
	"actor_role" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"payment_status" text NOT NULL,
	"risk" text NOT NULL,
	"status_by_pm" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "project_status_history" ADD CONSTRAINT "project_status_history_company_id_users_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_status_history" ADD CONSTRAINT "project_status_history_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_status_history_project_idx" ON "project_status_history" USING btree ("project_id","at","id");--> statement-breakpoint
CREATE INDEX "project_status_history_company_idx" ON "project_status_history" USING btree ("company_id");--> statement-breakpoint
-- Each project's history starts with what it holds now, as of its last change (who made it
-- is not known from before).
INSERT INTO "project_status_history" ("project_id", "company_id", "at", "status", "payment_status", "risk", "status_by_pm")
SELECT "id", "company_id", "updated_at", "status", "payment_status", "risk", "status_by_pm" FROM "projects";
