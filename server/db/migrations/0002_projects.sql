CREATE TABLE "projects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"date" date DEFAULT current_date NOT NULL,
	"project_name" text NOT NULL,
	"client_name" text NOT NULL,
	"client_number" text NOT NULL,
	"duration" text NOT NULL,
	"price_paise" bigint NOT NULL,
	"payment_status" text NOT NULL,
	"status" text DEFAULT '' NOT NULL,
	"risk" text DEFAULT '' NOT NULL,
	"status_by_pm" text DEFAULT '' NOT NULL,
	"project_manager_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_company_id_users_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_project_manager_id_users_id_fk" FOREIGN KEY ("project_manager_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "projects_company_created_idx" ON "projects" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "projects_company_date_idx" ON "projects" USING btree ("company_id","date");--> statement-breakpoint
CREATE INDEX "projects_pm_created_idx" ON "projects" USING btree ("project_manager_id","created_at");