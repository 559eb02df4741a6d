import { sql } from "drizzle-orm";
import {
  conversionRate,
  type SiteAudience,
  type SiteCampaign,
  type SiteSource,
} from "@shared/schemas/site-audience";
import { goalVisits, landingViews, type RangeSplit } from "../analytics/audience-days";
import { queryRows, type Db } from "../db/client";

const TOP = 10;

/** Visitors who landed one way (the source and campaign of their first view of the day). */
type Landing = {
  source: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  visitors: number;
};
/** Visitors who reached a goal, by how they landed (`landed` false: no view that day). */
type Reached = Omit<Landing, "visitors"> & {
  goal: string;
  landed: boolean;
  visitors: number;
  completions: number;
};

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
 * of a website's range of UTC days (split by siteRangeSplit), for its page in the portal: the
 * days up to the site's latest rolled-up day from the daily roll-ups (analytics/rollup.ts), so
 * they outlive the raw rows, and the days after it counted the same way from the raw rows
 * (analytics/audience-days.ts).
 */
export async function siteAudience(db: Db, { rolledUp, raw }: RangeSplit): Promise<SiteAudience> {
  const [landed, countries, goalRows] = await Promise.all([
    queryRows<Landing>(
      db,
      sql`select source, utm_source as "utmSource", utm_medium as "utmMedium",
            utm_campaign as "utmCampaign", sum(visitors)::int as visitors
          from (
            select r.source, r.utm_source, r.utm_medium, r.utm_campaign, r.visitors
            from source_days r where ${rolledUp}
            union all
            select l.source, l.utm_source, l.utm_medium, l.utm_campaign, 1
            from (${landingViews(raw(sql`v`))}) l
          ) landings
          group by 1, 2, 3, 4`,
    ),
    queryRows<{ country: string | null; visitors: number }>(
      db,
      sql`select country, sum(visitors)::int as visitors
          from (
            select r.country, r.visitors from country_days r where ${rolledUp}
            union all
            select l.country, 1 from (${landingViews(raw(sql`v`))}) l
          ) landings
          group by 1`,
    ),
    queryRows<Reached>(
      db,
      sql`select name as goal, landed, source, utm_source as "utmSource",
            utm_medium as "utmMedium", utm_campaign as "utmCampaign",
            sum(visitors)::int as visitors, sum(completions)::int as completions
          from (
            select r.name, r.landed, r.source, r.utm_source, r.utm_medium, r.utm_campaign,
              r.visitors, r.completions
            from goal_days r where ${rolledUp}
            union all
            select x.name, x.landed, x.source, x.utm_source, x.utm_medium, x.utm_campaign, 1,
              x.completions
            from (${goalVisits(raw(sql`g`))}) x
          ) reached
          group by 1, 2, 3, 4, 5, 6`,
    ),
  ]);
  // Each goal's visitors and completions, the most reached first.
  const goals = [
    ...sumBy(
      goalRows,
      (row) => row.goal,
      (row) => row.visitors,
    ),
  ]
    .map(([name, visitors]) => ({
      name,
      visitors,
      completions: goalRows
        .filter((row) => row.goal === name)
        .reduce((sum, row) => sum + row.completions, 0),
    }))
    .sort(
      (a, b) =>
        b.visitors - a.visitors || b.completions - a.completions || a.name.localeCompare(b.name),
    )
    .slice(0, TOP);
  const reached = goalRows.filter((row) => row.landed);
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

  const campaignKey = (row: Omit<Landing, "visitors">) =>
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
        countries,
        (row) => row.country,
        (row) => row.visitors,
      ),
    ).map(([country, visitors]) => ({ country, visitors })),
  };
}
