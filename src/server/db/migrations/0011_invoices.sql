CREATE TABLE "invoice_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_reminders" (
	"invoice_id" uuid NOT NULL,
	"days_past_due" smallint NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_reminders_invoice_id_days_past_due_pk" PRIMARY KEY("invoice_id","days_past_due")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"number" varchar(20),
	"status" varchar(20) DEFAULT 'draft' NOT NULL,
	"source" varchar(20) NOT NULL,
	"proposal_id" uuid,
	"recurring_plan_id" uuid,
	"period_start" date,
	"period_end" date,
	"lines" jsonb NOT NULL,
	"tax_rate_ppm" integer DEFAULT 0 NOT NULL,
	"subtotal_cents" bigint NOT NULL,
	"tax_cents" bigint NOT NULL,
	"total_cents" bigint NOT NULL,
	"paid_cents" bigint DEFAULT 0 NOT NULL,
	"memo" text,
	"issue_date" date,
	"due_date" date,
	"paid_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"autopay_attempted_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "invoices_status_check" CHECK ("invoices"."status" in ('draft', 'open', 'paid', 'void', 'uncollectible')),
	CONSTRAINT "invoices_source_check" CHECK ("invoices"."source" in ('manual', 'deposit', 'midpoint', 'completion', 'recurring')),
	CONSTRAINT "invoices_total_check" CHECK ("invoices"."subtotal_cents" + "invoices"."tax_cents" = "invoices"."total_cents"),
	CONSTRAINT "invoices_number_check" CHECK ("invoices"."status" = 'draft' or "invoices"."number" is not null)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"kind" varchar(20) DEFAULT 'payment' NOT NULL,
	"status" varchar(20) DEFAULT 'succeeded' NOT NULL,
	"amount_cents" bigint NOT NULL,
	"method" varchar(20) NOT NULL,
	"paid_on" date NOT NULL,
	"reference" varchar(255),
	"failure_message" varchar(500),
	"recorded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_kind_check" CHECK ("payments"."kind" in ('payment', 'refund')),
	CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('succeeded', 'failed')),
	CONSTRAINT "payments_method_check" CHECK ("payments"."method" in ('card', 'bank-transfer', 'check', 'cash', 'other')),
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "plan_change_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"plan_id" uuid,
	"requested_plan" varchar(100) NOT NULL,
	"note" text,
	"requested_by" uuid,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"approved_amount_cents" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_change_requests_status_check" CHECK ("plan_change_requests"."status" in ('pending', 'approved', 'declined'))
);
--> statement-breakpoint
CREATE TABLE "recurring_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" varchar(100) NOT NULL,
	"amount_cents" integer NOT NULL,
	"billing_day" smallint NOT NULL,
	"starts_on" date NOT NULL,
	"status" varchar(20) DEFAULT 'active' NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_plans_status_check" CHECK ("recurring_plans"."status" in ('active', 'cancelled')),
	CONSTRAINT "recurring_plans_billing_day_check" CHECK ("recurring_plans"."billing_day" between 1 and 28),
	CONSTRAINT "recurring_plans_amount_check" CHECK ("recurring_plans"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" varchar(255) PRIMARY KEY NOT NULL,
	"type" varchar(100) NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD COLUMN "stripe_customer_id" varchar(255);--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD COLUMN "stripe_payment_method_id" varchar(255);--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD COLUMN "autopay" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "project_milestones" ADD COLUMN "invoice_stage" varchar(20);--> statement-breakpoint
ALTER TABLE "invoice_reminders" ADD CONSTRAINT "invoice_reminders_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_recurring_plan_id_recurring_plans_id_fk" FOREIGN KEY ("recurring_plan_id") REFERENCES "public"."recurring_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_change_requests" ADD CONSTRAINT "plan_change_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_change_requests" ADD CONSTRAINT "plan_change_requests_plan_id_recurring_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."recurring_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_change_requests" ADD CONSTRAINT "plan_change_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_plans" ADD CONSTRAINT "recurring_plans_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_company_id_idx" ON "invoices" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "invoices_status_due_idx" ON "invoices" USING btree ("status","due_date");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_proposal_part_idx" ON "invoices" USING btree ("proposal_id","source") WHERE "invoices"."proposal_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_plan_period_idx" ON "invoices" USING btree ("recurring_plan_id","period_start") WHERE "invoices"."recurring_plan_id" is not null;--> statement-breakpoint
CREATE INDEX "payments_invoice_id_idx" ON "payments" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "payments_company_id_idx" ON "payments" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_card_reference_idx" ON "payments" USING btree ("kind","reference") WHERE "payments"."method" = 'card' and "payments"."status" = 'succeeded';--> statement-breakpoint
CREATE INDEX "plan_change_requests_company_id_idx" ON "plan_change_requests" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "recurring_plans_company_id_idx" ON "recurring_plans" USING btree ("company_id");--> statement-breakpoint
-- Each client's typed plan becomes a recurring plan, billed on the day of its next billing date
-- (kept within 1 to 28); the plan starts on that date, so nothing is invoiced for the past.
INSERT INTO "recurring_plans" ("company_id", "name", "amount_cents", "billing_day", "starts_on")
SELECT "company_id", "plan", "monthly_cost_cents",
       least(greatest(extract(day from coalesce("next_billing_date", current_date))::int, 1), 28),
       coalesce("next_billing_date", current_date)
FROM "billing_accounts"
WHERE "monthly_cost_cents" > 0;--> statement-breakpoint
-- Projects opened from a proposal invoice the mid-point when their second step is done and the
-- completion when their third is.
UPDATE "project_milestones" SET "invoice_stage" = CASE "position" WHEN 1 THEN 'midpoint' ELSE 'completion' END
WHERE "position" IN (1, 2)
  AND "project_id" IN (SELECT "id" FROM "projects" WHERE "proposal_id" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "billing_accounts" DROP COLUMN "plan";--> statement-breakpoint
ALTER TABLE "billing_accounts" DROP COLUMN "monthly_cost_cents";--> statement-breakpoint
ALTER TABLE "billing_accounts" DROP COLUMN "next_billing_date";--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD CONSTRAINT "billing_accounts_stripe_customer_id_unique" UNIQUE("stripe_customer_id");