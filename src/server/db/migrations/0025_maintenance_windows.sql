CREATE TABLE "maintenance_window_sites" (
	"window_id" uuid NOT NULL,
	"website_id" uuid NOT NULL,
	CONSTRAINT "maintenance_window_sites_window_id_website_id_pk" PRIMARY KEY("window_id","website_id")
);
--> statement-breakpoint
CREATE TABLE "maintenance_windows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"note" varchar(1000) NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	"ahead_notice_at" timestamp with time zone,
	"start_notice_at" timestamp with time zone,
	CONSTRAINT "maintenance_windows_order_check" CHECK ("maintenance_windows"."ends_at" > "maintenance_windows"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "monitor_checks" ADD COLUMN "in_maintenance" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "monitor_rollups" ADD COLUMN "maintenance" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "maintenance_window_sites" ADD CONSTRAINT "maintenance_window_sites_window_id_maintenance_windows_id_fk" FOREIGN KEY ("window_id") REFERENCES "public"."maintenance_windows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_window_sites" ADD CONSTRAINT "maintenance_window_sites_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_windows" ADD CONSTRAINT "maintenance_windows_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_windows" ADD CONSTRAINT "maintenance_windows_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "maintenance_window_sites_website_idx" ON "maintenance_window_sites" USING btree ("website_id");--> statement-breakpoint
CREATE INDEX "maintenance_windows_company_idx" ON "maintenance_windows" USING btree ("company_id","starts_at");--> statement-breakpoint
CREATE INDEX "maintenance_windows_ends_at_idx" ON "maintenance_windows" USING btree ("ends_at");