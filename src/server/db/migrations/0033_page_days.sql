CREATE TABLE "device_days" (
	"website_id" uuid NOT NULL,
	"day" date NOT NULL,
	"device" varchar(10) NOT NULL,
	"visitors" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_days" (
	"website_id" uuid NOT NULL,
	"day" date NOT NULL,
	"path" varchar(500) NOT NULL,
	"views" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referrer_days" (
	"website_id" uuid NOT NULL,
	"day" date NOT NULL,
	"referrer_host" varchar(253),
	"visitors" integer NOT NULL,
	"views" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_days" ADD CONSTRAINT "device_days_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_days" ADD CONSTRAINT "page_days_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrer_days" ADD CONSTRAINT "referrer_days_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_days_website_day_idx" ON "device_days" USING btree ("website_id","day");--> statement-breakpoint
CREATE INDEX "page_days_website_day_idx" ON "page_days" USING btree ("website_id","day");--> statement-breakpoint
CREATE INDEX "referrer_days_website_day_idx" ON "referrer_days" USING btree ("website_id","day");--> statement-breakpoint
-- Existing data: every rolled-up day (migration 0032 gave each finished day its page_view_days
-- row) gets its pages, referring sites and devices, counted from the raw rows still kept as the
-- roll-up (analytics/rollup.ts, analytics/audience-days.ts) counts them.
INSERT INTO "page_days" ("website_id", "day", "path", "views")
SELECT v.website_id, v.day, v.path, count(*)::int
FROM "page_views" v
WHERE EXISTS (
  SELECT 1 FROM "page_view_days" r WHERE r.website_id = v.website_id AND r.day = v.day
)
GROUP BY v.website_id, v.day, v.path;--> statement-breakpoint
INSERT INTO "referrer_days" ("website_id", "day", "referrer_host", "visitors", "views")
SELECT v.website_id, v.day, v.referrer_host, count(DISTINCT v.visitor_hash)::int, count(*)::int
FROM "page_views" v
WHERE EXISTS (
  SELECT 1 FROM "page_view_days" r WHERE r.website_id = v.website_id AND r.day = v.day
)
GROUP BY v.website_id, v.day, v.referrer_host;--> statement-breakpoint
INSERT INTO "device_days" ("website_id", "day", "device", "visitors")
SELECT v.website_id, v.day, v.device, count(DISTINCT v.visitor_hash)::int
FROM "page_views" v
WHERE EXISTS (
  SELECT 1 FROM "page_view_days" r WHERE r.website_id = v.website_id AND r.day = v.day
)
GROUP BY v.website_id, v.day, v.device;
