CREATE TABLE "clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"name_lower" text GENERATED ALWAYS AS (lower("name")) STORED NOT NULL,
	"gstin" text,
	"state_code" text NOT NULL,
	"billing_address" text NOT NULL,
	"email" text,
	"mobile" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_counters" (
	"company_id" uuid NOT NULL,
	"series" text NOT NULL,
	"fy_start" integer NOT NULL,
	"last" integer NOT NULL,
	"last_date" date NOT NULL,
	CONSTRAINT "document_counters_company_id_series_fy_start_pk" PRIMARY KEY("company_id","series","fy_start"),
	CONSTRAINT "document_counters_series_check" CHECK ("document_counters"."series" in ('invoice', 'credit_note')),
	CONSTRAINT "document_counters_last_check" CHECK ("document_counters"."last" >= 1)
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"sac_hsn" text NOT NULL,
	"quantity_milli" bigint NOT NULL,
	"rate_paise" bigint NOT NULL,
	"discount_kind" text,
	"discount_value" bigint,
	"gst_rate" integer NOT NULL,
	"taxable_paise" bigint NOT NULL,
	CONSTRAINT "invoice_lines_position_key" UNIQUE("invoice_id","position"),
	CONSTRAINT "invoice_lines_amounts_check" CHECK ("invoice_lines"."quantity_milli" > 0 and "invoice_lines"."rate_paise" >= 0 and "invoice_lines"."taxable_paise" >= 0),
	CONSTRAINT "invoice_lines_discount_check" CHECK (("invoice_lines"."discount_kind" is null and "invoice_lines"."discount_value" is null) or ("invoice_lines"."discount_kind" = 'amount' and "invoice_lines"."discount_value" >= 0) or ("invoice_lines"."discount_kind" = 'percent' and "invoice_lines"."discount_value" between 0 and 10000)),
	CONSTRAINT "invoice_lines_gst_rate_check" CHECK ("invoice_lines"."gst_rate" in (0, 5, 12, 18, 28, 40))
);
--> statement-breakpoint
CREATE TABLE "invoice_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "invoice_profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"legal_name" text NOT NULL,
	"address" text NOT NULL,
	"state_code" text NOT NULL,
	"gstin" text NOT NULL,
	"pan" text NOT NULL,
	"bank_account_id" uuid,
	"upi_id" text,
	"invoice_prefix" text DEFAULT 'INV' NOT NULL,
	"credit_note_prefix" text DEFAULT 'CN' NOT NULL,
	"terms_days" integer DEFAULT 15 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_profiles_terms_check" CHECK ("invoice_profiles"."terms_days" between 0 and 365),
	CONSTRAINT "invoice_profiles_prefixes_check" CHECK ("invoice_profiles"."invoice_prefix" <> "invoice_profiles"."credit_note_prefix")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"project_id" uuid,
	"kind" text DEFAULT 'invoice' NOT NULL,
	"credit_note_of" uuid,
	"status" text DEFAULT 'draft' NOT NULL,
	"number" text,
	"fy_start" integer,
	"serial" integer,
	"issue_date" date NOT NULL,
	"due_date" date,
	"place_of_supply" text NOT NULL,
	"export_under_lut" boolean DEFAULT false NOT NULL,
	"terms_days" integer,
	"notes" text DEFAULT '' NOT NULL,
	"reason" text,
	"seller" jsonb,
	"buyer" jsonb,
	"taxable_paise" bigint DEFAULT 0 NOT NULL,
	"cgst_paise" bigint DEFAULT 0 NOT NULL,
	"sgst_paise" bigint DEFAULT 0 NOT NULL,
	"igst_paise" bigint DEFAULT 0 NOT NULL,
	"tax_paise" bigint DEFAULT 0 NOT NULL,
	"round_off_paise" bigint DEFAULT 0 NOT NULL,
	"total_paise" bigint DEFAULT 0 NOT NULL,
	"received_paise" bigint DEFAULT 0 NOT NULL,
	"tds_paise" bigint DEFAULT 0 NOT NULL,
	"credited_paise" bigint DEFAULT 0 NOT NULL,
	"issued_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_series_serial_key" UNIQUE("company_id","kind","fy_start","serial"),
	CONSTRAINT "invoices_kind_check" CHECK ("invoices"."kind" in ('invoice', 'credit_note')),
	CONSTRAINT "invoices_status_check" CHECK ("invoices"."status" in ('draft', 'issued', 'part_paid', 'paid', 'cancelled')),
	CONSTRAINT "invoices_credit_note_check" CHECK (("invoices"."kind" = 'credit_note') = ("invoices"."credit_note_of" is not null)),
	CONSTRAINT "invoices_numbered_check" CHECK (("invoices"."status" = 'draft') = ("invoices"."number" is null) and ("invoices"."number" is null) = ("invoices"."serial" is null) and ("invoices"."serial" is null) = ("invoices"."fy_start" is null)),
	CONSTRAINT "invoices_money_check" CHECK ("invoices"."taxable_paise" >= 0 and "invoices"."cgst_paise" >= 0 and "invoices"."sgst_paise" >= 0 and "invoices"."igst_paise" >= 0 and "invoices"."tax_paise" >= 0 and "invoices"."total_paise" >= 0 and "invoices"."round_off_paise" between -49 and 50),
	CONSTRAINT "invoices_settled_check" CHECK ("invoices"."received_paise" >= 0 and "invoices"."tds_paise" >= 0 and "invoices"."credited_paise" >= 0 and "invoices"."received_paise" + "invoices"."tds_paise" + "invoices"."credited_paise" <= "invoices"."total_paise")
);
--> statement-breakpoint
CREATE TABLE "receipt_allocations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"receipt_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"amount_paise" bigint NOT NULL,
	"tds_paise" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "receipt_allocations_receipt_invoice_key" UNIQUE("receipt_id","invoice_id"),
	CONSTRAINT "receipt_allocations_money_check" CHECK ("receipt_allocations"."amount_paise" >= 0 and "receipt_allocations"."tds_paise" >= 0 and "receipt_allocations"."amount_paise" + "receipt_allocations"."tds_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"bank_account_id" uuid NOT NULL,
	"payment_id" uuid,
	"date" date NOT NULL,
	"amount_paise" bigint NOT NULL,
	"tds_paise" bigint DEFAULT 0 NOT NULL,
	"mode" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"advance_paise" bigint DEFAULT 0 NOT NULL,
	"reversed" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receipts_money_check" CHECK ("receipts"."amount_paise" >= 0 and "receipts"."tds_paise" >= 0 and "receipts"."amount_paise" + "receipts"."tds_paise" > 0 and "receipts"."advance_paise" >= 0 and "receipts"."advance_paise" <= "receipts"."amount_paise" + "receipts"."tds_paise")
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "client_id" uuid;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_company_id_users_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_counters" ADD CONSTRAINT "document_counters_company_id_users_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_links" ADD CONSTRAINT "invoice_links_company_id_users_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_links" ADD CONSTRAINT "invoice_links_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_links" ADD CONSTRAINT "invoice_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_profiles" ADD CONSTRAINT "invoice_profiles_company_id_users_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_profiles" ADD CONSTRAINT "invoice_profiles_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_company_id_users_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_credit_note_of_invoices_id_fk" FOREIGN KEY ("credit_note_of") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action DEFERRABLE INITIALLY DEFERRED;--> statement-breakpoint
ALTER TABLE "receipt_allocations" ADD CONSTRAINT "receipt_allocations_receipt_id_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."receipts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_allocations" ADD CONSTRAINT "receipt_allocations_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_company_id_users_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "clients_company_name_key" ON "clients" USING btree ("company_id","name_lower");--> statement-breakpoint
CREATE INDEX "clients_name_trgm_idx" ON "clients" USING gin ("name_lower" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_links_token_hash_key" ON "invoice_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "invoice_links_invoice_idx" ON "invoice_links" USING btree ("invoice_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_profiles_company_key" ON "invoice_profiles" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "invoices_company_issue_idx" ON "invoices" USING btree ("company_id","issue_date","id");--> statement-breakpoint
CREATE INDEX "invoices_company_client_idx" ON "invoices" USING btree ("company_id","client_id","issue_date");--> statement-breakpoint
CREATE INDEX "invoices_company_status_due_idx" ON "invoices" USING btree ("company_id","status","due_date");--> statement-breakpoint
CREATE INDEX "invoices_project_idx" ON "invoices" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "invoices_credit_note_of_idx" ON "invoices" USING btree ("credit_note_of");--> statement-breakpoint
CREATE INDEX "invoices_number_trgm_idx" ON "invoices" USING gin ("number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "receipt_allocations_invoice_idx" ON "receipt_allocations" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "receipts_company_date_idx" ON "receipts" USING btree ("company_id","date","id");--> statement-breakpoint
CREATE INDEX "receipts_company_client_idx" ON "receipts" USING btree ("company_id","client_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_payment_key" ON "receipts" USING btree ("payment_id");--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "projects_client_idx" ON "projects" USING btree ("client_id");