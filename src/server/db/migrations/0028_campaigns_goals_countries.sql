CREATE TABLE "goal_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "goal_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"website_id" uuid NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"day" date NOT NULL,
	"visitor_hash" char(32) NOT NULL,
	"name" varchar(60) NOT NULL,
	"path" varchar(500) NOT NULL
);
--> statement-breakpoint
DROP INDEX "page_views_website_day_idx";--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "track_outbound_links" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "track_file_downloads" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "page_views" ADD COLUMN "utm_source" varchar(100);--> statement-breakpoint
ALTER TABLE "page_views" ADD COLUMN "utm_medium" varchar(100);--> statement-breakpoint
ALTER TABLE "page_views" ADD COLUMN "utm_campaign" varchar(100);--> statement-breakpoint
ALTER TABLE "page_views" ADD COLUMN "country" char(2);--> statement-breakpoint
ALTER TABLE "goal_events" ADD CONSTRAINT "goal_events_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "goal_events_website_day_idx" ON "goal_events" USING btree ("website_id","day");--> statement-breakpoint
CREATE INDEX "page_views_website_day_visitor_idx" ON "page_views" USING btree ("website_id","day","visitor_hash");