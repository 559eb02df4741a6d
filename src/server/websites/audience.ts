import { sql } from "drizzle-orm";
import {
  conversionRate,
  type SiteAudience,
  type SiteCampaign,
  type SiteSource,
} from "@shared/schemas/site-audience";
import { queryRows, type Db } from "../db/client";

const TOP = 10;

/** A visitor-day's landing page view, grouped: how many visitors landed this way. */
type Landing = {
  source: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  country: string | null;
  visitors: number;
};
/** The same, for those of them who reached a goal. */
type Reached = Omit<Landing, "country"> & { goal: string };

/**
 * A visitor's landing view of each day: their first page view that day. Its UTM tags (else its
 * referring site) say where the visitor came from, and the goals they reached that day count for
 * that source and campaign. Counted over the range's page views, as the top pages are.
 */
const landings = (websiteId: string, from: string, to: string) => sql`
  select distinct on (v.day, v.visitor_hash)
    v.day, v.visitor_hash, coalesce(v.utm_source, v.referrer_host) as source,
    v.utm_source, v.utm_medium, v.utm_campaign, v.country
  from page_views v
  where v.website_id = ${websiteId} and v.day >= ${from}::date and v.day <= ${to}::date
  order by v.day, v.visitor_hash, v.occurred_at, v.id`;

const sumBy = <T, K>(rows: T[], key: (row: T) => K, value: (row: T) => number) => {
  const sums = new Map<K, number>();
  for (const row of rows) sums.set(key(row), (sums.get(key(row)) ?? 0) + value(row));
  return sums;
};

/** The biggest `TOP` entries of a sum, largest first, then by key for a stable order. */
const top = <K>(sums: Map<K, number>) =>
  [...sums].sort((a, b) => b[1] - a[1] || String(a[0]).localeCompare(String(b[0]))).slice(0, TOP);

/**
 * Sources, campaigns, goals with their conversion rates per source and campaign, and countries
 * of a website's range of UTC days, for its page in the portal.
 */
export async function siteAudience(
  db: Db,
  websiteId: string,
  from: string,
  to: string,
): Promise<SiteAudience> {
  const [landed, reached, goals] = await Promise.all([
    queryRows<Landing>(
      db,
      sql`select l.source, l.utm_source as "utmSource", l.utm_medium as "utmMedium",
            l.utm_campaign as "utmCampaign", l.country, count(*)::int as visitors
          from (${landings(websiteId, from, to)}) l
          group by 1, 2, 3, 4, 5`,
    ),
    // Driven from the goals' visitor-days, each finding its landing view by the index, so the
    // plan does not hang on the planner's row estimates (PGlite never analyzes by itself).
    queryRows<Reached>(
      db,
      sql`select l.source, l."utmSource", l."utmMedium", l."utmCampaign", g.name as goal,
            count(*)::int as visitors
          from (
            select distinct g.day, g.visitor_hash, g.name from goal_events g
            where g.website_id = ${websiteId} and g.day >= ${from}::date and g.day <= ${to}::date
          ) g
          cross join lateral (
            select coalesce(v.utm_source, v.referrer_host) as source, v.utm_source as "utmSource",
              v.utm_medium as "utmMedium", v.utm_campaign as "utmCampaign"
            from page_views v
            where v.website_id = ${websiteId} and v.day = g.day and v.visitor_hash = g.visitor_hash
            order by v.occurred_at, v.id
            limit 1
          ) l
          group by 1, 2, 3, 4, 5`,
    ),
    queryRows<{ name: string; visitors: number; completions: number }>(
      db,
      sql`select g.name, count(distinct (g.day, g.visitor_hash))::int as visitors,
            count(*)::int as completions
          from goal_events g
          where g.website_id = ${websiteId} and g.day >= ${from}::date and g.day <= ${to}::date
          group by g.name
          order by visitors desc, completions desc, g.name
          limit ${TOP}`,
    ),
  ]);
  const goalNames = goals.map((goal) => goal.name);
  // A visitor lands once a day: the landings are the range's unique visitors.
  const totalVisitors = landed.reduce((sum, row) => sum + row.visitors, 0);

  /** A row's conversions: for each goal listed, its visitors who reached it. */
  const conversionsOf = (visitors: number, matches: (row: Reached) => boolean) =>
    goalNames.flatMap((goal) => {
      const count = reached
        .filter((row) => row.goal === goal && matches(row))
        .reduce((sum, row) => sum + row.visitors, 0);
      return count > 0 ? [{ goal, visitors: count, rate: conversionRate(count, visitors) }] : [];
    });

  const sources: SiteSource[] = top(
    sumBy(
      landed,
      (row) => row.source,
      (row) => row.visitors,
    ),
  ).map(([source, visitors]) => ({
    source,
    visitors,
    conversions: conversionsOf(visitors, (row) => row.source === source),
  }));

  const campaignKey = (row: Omit<Landing, "country" | "visitors">) =>
    JSON.stringify([row.utmSource, row.utmMedium, row.utmCampaign]);
  const tagged = landed.filter((row) => row.utmSource || row.utmMedium || row.utmCampaign);
  const campaigns: SiteCampaign[] = top(sumBy(tagged, campaignKey, (row) => row.visitors)).map(
    ([key, visitors]) => {
      const [source, medium, campaign] = JSON.parse(key) as (string | null)[];
      return {
        source: source ?? null,
        medium: medium ?? null,
        campaign: campaign ?? null,
        visitors,
        conversions: conversionsOf(visitors, (row) => campaignKey(row) === key),
      };
    },
  );

  return {
    sources,
    campaigns,
    goals: goals.map((goal) => ({ ...goal, rate: conversionRate(goal.visitors, totalVisitors) })),
    countries: top(
      sumBy(
        landed,
        (row) => row.country,
        (row) => row.visitors,
      ),
    ).map(([country, visitors]) => ({ country, visitors })),
  };
}
