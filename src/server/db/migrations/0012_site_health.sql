CREATE TABLE "analytics_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" char(64) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bandwidth_usage" (
	"website_id" uuid NOT NULL,
	"day" date NOT NULL,
	"bytes" bigint NOT NULL,
	"reported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bandwidth_usage_website_id_day_pk" PRIMARY KEY("website_id","day"),
	CONSTRAINT "bandwidth_usage_bytes_check" CHECK ("bandwidth_usage"."bytes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "expiry_alerts" (
	"kind" varchar(12) NOT NULL,
	"subject_id" uuid NOT NULL,
	"expires_on" date NOT NULL,
	"days_before" smallint NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expiry_alerts_kind_subject_id_expires_on_days_before_pk" PRIMARY KEY("kind","subject_id","expires_on","days_before")
);
--> statement-breakpoint
CREATE TABLE "monitor_checks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "monitor_checks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"website_id" uuid NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"ok" boolean NOT NULL,
	"status_code" integer,
	"response_ms" integer,
	"cause" varchar(10),
	"cert_expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "monitor_incidents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"website_id" uuid NOT NULL,
	"cause" varchar(10) NOT NULL,
	"detail" varchar(300),
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"alerted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "monitor_rollups" (
	"website_id" uuid NOT NULL,
	"granularity" varchar(5) NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"checks" integer DEFAULT 0 NOT NULL,
	"up" integer DEFAULT 0 NOT NULL,
	"response_ms_sum" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "monitor_rollups_website_id_granularity_period_start_pk" PRIMARY KEY("website_id","granularity","period_start"),
	CONSTRAINT "monitor_rollups_granularity_check" CHECK ("monitor_rollups"."granularity" in ('hour', 'day'))
);
--> statement-breakpoint
CREATE TABLE "page_views" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "page_views_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"website_id" uuid NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"day" date NOT NULL,
	"visitor_hash" char(32) NOT NULL,
	"path" varchar(500) NOT NULL,
	"referrer_host" varchar(253),
	"device" varchar(10) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_monitors" (
	"website_id" uuid PRIMARY KEY NOT NULL,
	"next_check_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" varchar(10) DEFAULT 'unknown' NOT NULL,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"last_checked_at" timestamp with time zone,
	"last_status_code" integer,
	"last_response_ms" integer,
	"last_cause" varchar(10),
	"cert_expires_at" timestamp with time zone,
	CONSTRAINT "site_monitors_status_check" CHECK ("site_monitors"."status" in ('up', 'down', 'unknown'))
);
--> statement-breakpoint
CREATE TABLE "usage_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"website_id" uuid NOT NULL,
	"name" varchar(100) NOT NULL,
	"token_hash" char(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "usage_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "check_url" varchar(2048);--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "site_key" varchar(32) DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "bandwidth_usage" ADD CONSTRAINT "bandwidth_usage_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitor_checks" ADD CONSTRAINT "monitor_checks_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitor_incidents" ADD CONSTRAINT "monitor_incidents_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitor_rollups" ADD CONSTRAINT "monitor_rollups_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_views" ADD CONSTRAINT "page_views_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_monitors" ADD CONSTRAINT "site_monitors_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_tokens" ADD CONSTRAINT "usage_tokens_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "monitor_checks_website_checked_idx" ON "monitor_checks" USING btree ("website_id","checked_at");--> statement-breakpoint
CREATE INDEX "monitor_incidents_website_started_idx" ON "monitor_incidents" USING btree ("website_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "monitor_incidents_one_open_idx" ON "monitor_incidents" USING btree ("website_id") WHERE "monitor_incidents"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "page_views_website_day_idx" ON "page_views" USING btree ("website_id","day");--> statement-breakpoint
CREATE INDEX "site_monitors_next_check_at_idx" ON "site_monitors" USING btree ("next_check_at");--> statement-breakpoint
CREATE INDEX "usage_tokens_website_id_idx" ON "usage_tokens" USING btree ("website_id");--> statement-breakpoint
ALTER TABLE "websites" DROP COLUMN "monthly_visitors";--> statement-breakpoint
ALTER TABLE "websites" DROP COLUMN "uptime_percent";--> statement-breakpoint
ALTER TABLE "websites" DROP COLUMN "bandwidth_gb";--> statement-breakpoint
ALTER TABLE "websites" ADD CONSTRAINT "websites_site_key_unique" UNIQUE("site_key");