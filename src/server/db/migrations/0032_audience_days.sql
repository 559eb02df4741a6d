CREATE TABLE "country_days" (
	"website_id" uuid NOT NULL,
	"day" date NOT NULL,
	"country" char(2),
	"visitors" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "goal_days" (
	"website_id" uuid NOT NULL,
	"day" date NOT NULL,
	"name" varchar(60) NOT NULL,
	"landed" boolean NOT NULL,
	"source" varchar(253),
	"utm_source" varchar(100),
	"utm_medium" varchar(100),
	"utm_campaign" varchar(100),
	"visitors" integer NOT NULL,
	"completions" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "source_days" (
	"website_id" uuid NOT NULL,
	"day" date NOT NULL,
	"source" varchar(253),
	"utm_source" varchar(100),
	"utm_medium" varchar(100),
	"utm_campaign" varchar(100),
	"visitors" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "country_days" ADD CONSTRAINT "country_days_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goal_days" ADD CONSTRAINT "goal_days_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "source_days" ADD CONSTRAINT "source_days_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "country_days_website_day_idx" ON "country_days" USING btree ("website_id","day");--> statement-breakpoint
CREATE INDEX "goal_days_website_day_idx" ON "goal_days" USING btree ("website_id","day");--> statement-breakpoint
CREATE INDEX "source_days_website_day_idx" ON "source_days" USING btree ("website_id","day");--> statement-breakpoint
-- Existing data: every finished UTC day with page views or goals gets its page_view_days row,
-- as the roll-up (analytics/rollup.ts) makes it, then every rolled-up day its sources, countries
-- and goals, counted from the raw rows still kept (analytics/audience-days.ts counts the same).
INSERT INTO "page_view_days" ("website_id", "day", "views", "visitors")
SELECT v.website_id, v.day, count(*)::int, count(DISTINCT v.visitor_hash)::int
FROM "page_views" v
WHERE v.day <= (now() AT TIME ZONE 'UTC')::date - 2
  AND NOT EXISTS (
    SELECT 1 FROM "page_view_days" r WHERE r.website_id = v.website_id AND r.day = v.day
  )
GROUP BY v.website_id, v.day
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "page_view_days" ("website_id", "day", "views", "visitors")
SELECT g.website_id, g.day, 0, 0
FROM "goal_events" g
WHERE g.day <= (now() AT TIME ZONE 'UTC')::date - 2
  AND NOT EXISTS (
    SELECT 1 FROM "page_view_days" r WHERE r.website_id = g.website_id AND r.day = g.day
  )
GROUP BY g.website_id, g.day
ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE TEMPORARY TABLE "landed_backfill" AS
SELECT DISTINCT ON (v.website_id, v.day, v.visitor_hash)
  v.website_id, v.day, coalesce(v.utm_source, v.referrer_host) AS source,
  v.utm_source, v.utm_medium, v.utm_campaign, v.country
FROM "page_views" v
WHERE EXISTS (
  SELECT 1 FROM "page_view_days" r WHERE r.website_id = v.website_id AND r.day = v.day
)
ORDER BY v.website_id, v.day, v.visitor_hash, v.occurred_at, v.id;--> statement-breakpoint
INSERT INTO "source_days"
  ("website_id", "day", "source", "utm_source", "utm_medium", "utm_campaign", "visitors")
SELECT website_id, day, source, utm_source, utm_medium, utm_campaign, count(*)::int
FROM "landed_backfill"
GROUP BY website_id, day, source, utm_source, utm_medium, utm_campaign;--> statement-breakpoint
INSERT INTO "country_days" ("website_id", "day", "country", "visitors")
SELECT website_id, day, country, count(*)::int
FROM "landed_backfill"
GROUP BY website_id, day, country;--> statement-breakpoint
DROP TABLE "landed_backfill";--> statement-breakpoint
INSERT INTO "goal_days" ("website_id", "day", "name", "landed", "source", "utm_source",
  "utm_medium", "utm_campaign", "visitors", "completions")
SELECT g.website_id, g.day, g.name, l.found IS NOT NULL, l.source, l.utm_source, l.utm_medium,
  l.utm_campaign, count(*)::int, sum(g.completions)::int
FROM (
  SELECT g.website_id, g.day, g.visitor_hash, g.name, count(*)::int AS completions
  FROM "goal_events" g
  WHERE EXISTS (
    SELECT 1 FROM "page_view_days" r WHERE r.website_id = g.website_id AND r.day = g.day
  )
  GROUP BY g.website_id, g.day, g.visitor_hash, g.name
) g
LEFT JOIN LATERAL (
  SELECT true AS found, coalesce(v.utm_source, v.referrer_host) AS source, v.utm_source,
    v.utm_medium, v.utm_campaign
  FROM "page_views" v
  WHERE v.website_id = g.website_id AND v.day = g.day AND v.visitor_hash = g.visitor_hash
  ORDER BY v.occurred_at, v.id
  LIMIT 1
) l ON true
GROUP BY g.website_id, g.day, g.name, l.found IS NOT NULL, l.source, l.utm_source, l.utm_medium,
  l.utm_campaign;
