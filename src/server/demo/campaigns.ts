import { eq, sql } from "drizzle-orm";
import type { DbExecutor } from "../db/client";
import { websites } from "../db/schema";

/** Visitors' countries, by weight: a Gig Harbor bakery's crowd, mostly local. */
const countries = [
  ["US", 78],
  ["CA", 8],
  ["GB", 3],
  ["MX", 3],
  ["DE", 2],
  ["AU", 2],
  ["JP", 2],
  ["FR", 1],
  ["IN", 1],
] as const;

/** The countries spelled out by weight, one entry per share, for a pick by the visitor's hash. */
const countryPool = countries.flatMap(([code, weight]) => Array<string>(weight).fill(code));

/**
 * The demo site's campaigns, countries and goals, written over the page views of
 * seedDemoHistory: a country for each visitor; UTM tags on the landing view of some visitors
 * (a newsletter, an Instagram campaign, a Google Ads campaign); and the goals those visitors
 * reach, more often from the campaigns. Everything is picked from the visitor hash, so the same
 * history gives the same figures. File downloads are on for the site (its catering menu PDF).
 */
export async function seedDemoCampaigns(tx: DbExecutor, websiteId: string, now: Date) {
  await tx.update(websites).set({ trackFileDownloads: true }).where(eq(websites.id, websiteId));
  const bucket = (salt: string, of: number) =>
    sql`(abs(hashtext(v.visitor_hash || ${salt})) % ${of})`;
  await tx.execute(sql`
    update page_views v
    set country = (string_to_array(${countryPool.join(",")}, ','))[1 + ${bucket("country", countryPool.length)}]
    where v.website_id = ${websiteId}`);
  // The first view of each visitor-day: where the visitor landed, with the link's UTM tags.
  const landings = sql`
    select distinct on (v.day, v.visitor_hash) v.id from page_views v
    where v.website_id = ${websiteId}
    order by v.day, v.visitor_hash, v.occurred_at, v.id`;
  await tx.execute(sql`
    update page_views v set
      utm_source = t.source, utm_medium = t.medium, utm_campaign = t.campaign
    from (values
      ('newsletter', 'email', 'fall-menu', 0, 30),
      ('instagram', 'social', 'holiday-cakes', 30, 40),
      ('google', 'cpc', 'catering', 40, 55)
    ) as t(source, medium, campaign, low, high)
    where v.id in (${landings})
      and (
        (v.referrer_host is null and t.source = 'newsletter')
        or (v.referrer_host = 'l.instagram.com' and t.source = 'instagram')
        or (v.referrer_host = 'www.google.com' and t.source = 'google')
      )
      and ${bucket("utm", 100)} >= t.low and ${bucket("utm", 100)} < t.high`);
  // Goals: a visitor orders, signs up or downloads the catering menu a few minutes after landing.
  await tx.execute(sql`
    insert into goal_events (website_id, occurred_at, day, visitor_hash, name, path)
    select ${websiteId}::uuid,
      least(v.occurred_at + interval '3 minutes', ${now.toISOString()}::timestamptz),
      v.day, v.visitor_hash, g.name, g.path
    from page_views v
    cross join (values
      ('Order online', '/order', 40, 110),
      ('Newsletter signup', '/', 15, 25),
      ('File download', '/catering', 10, 60)
    ) as g(name, path, usual, campaign)
    where v.id in (${landings})
      and abs(hashtext(v.visitor_hash || g.name)) % 1000
        < case when v.utm_campaign is null then g.usual else g.campaign end`);
}
