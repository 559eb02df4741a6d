import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "../db/client";

/**
 * What the daily roll-up (rollup.ts) and the site page (websites/traffic.ts, websites/audience.ts)
 * both count from the raw rows: the roll-up for the days it finishes, the page for the days not
 * rolled up yet. One definition, so a day counts the same before and after its roll-up.
 */

/** A site's range of days split where its roll-ups end (see siteRangeSplit). */
export type RangeSplit = {
  /** The roll-up rows (alias `r`) of the range's rolled-up days. */
  rolledUp: SQL;
  /** The raw rows (the alias given: `v` or `g`) of the range's days not rolled up yet. */
  raw: (alias: SQL) => SQL;
};

/**
 * A website's range of UTC days split at its latest rolled-up day: the days up to it are read
 * from the roll-ups (the roll-up finishes a site's days in order, so all of them are there), the
 * days after it from the raw rows. Fixed once per read, so a roll-up finishing meanwhile counts
 * no day twice.
 */
export async function siteRangeSplit(
  db: Db,
  websiteId: string,
  from: string,
  to: string,
): Promise<RangeSplit> {
  const [rolled] = await queryRows<{ through: string | null }>(
    db,
    sql`select max(r.day)::text as through from page_view_days r where r.website_id = ${websiteId}`,
  );
  const through = rolled?.through ?? null;
  return {
    // None when nothing is rolled up: `through` is null.
    rolledUp: sql`r.website_id = ${websiteId} and r.day >= ${from}::date
      and r.day <= ${to}::date and r.day <= ${through}::date`,
    raw: (alias) => sql`${alias}.website_id = ${websiteId}
      and ${alias}.day >= ${from}::date and ${alias}.day <= ${to}::date
      ${through ? sql`and ${alias}.day > ${through}::date` : sql``}`,
  };
}

/** Each day's page views and unique visitors, from the page_views `v` that `where` keeps. */
export const viewDays = (where: SQL) => sql`
  select v.website_id, v.day, count(*)::int as views,
    count(distinct v.visitor_hash)::int as visitors
  from page_views v
  where ${where}
  group by v.website_id, v.day`;

/** Each day's page views by path, from the page_views `v` that `where` keeps. */
export const pathViews = (where: SQL) => sql`
  select v.website_id, v.day, v.path, count(*)::int as views
  from page_views v
  where ${where}
  group by v.website_id, v.day, v.path`;

/**
 * Each day's page views by referring site (null: none), and the visitors who had one of them,
 * from the page_views `v` that `where` keeps.
 */
export const referrerVisits = (where: SQL) => sql`
  select v.website_id, v.day, v.referrer_host, count(distinct v.visitor_hash)::int as visitors,
    count(*)::int as views
  from page_views v
  where ${where}
  group by v.website_id, v.day, v.referrer_host`;

/** Each day's visitors by device class, from the page_views `v` that `where` keeps. */
export const deviceVisitors = (where: SQL) => sql`
  select v.website_id, v.day, v.device, count(distinct v.visitor_hash)::int as visitors
  from page_views v
  where ${where}
  group by v.website_id, v.day, v.device`;

/**
 * Each visitor's landing view of each day: their first page view that day, from the page_views
 * `v` that `where` keeps. Its UTM tags (else its referring site) say where the visitor came from;
 * the goals they reach that day count for that source and campaign.
 */
export const landingViews = (where: SQL) => sql`
  select distinct on (v.website_id, v.day, v.visitor_hash)
    v.website_id, v.day, coalesce(v.utm_source, v.referrer_host) as source,
    v.utm_source, v.utm_medium, v.utm_campaign, v.country
  from page_views v
  where ${where}
  order by v.website_id, v.day, v.visitor_hash, v.occurred_at, v.id`;

/**
 * Each visitor's goals of each day, from the goal_events `g` that `where` keeps: one row per
 * visitor, day and goal, with how many times they reached it and the source and campaign of their
 * landing view that day (`landed` false when they had none). Driven from the goals, each finding
 * its landing view by the index, so the plan does not hang on the planner's row estimates (PGlite
 * never analyzes by itself).
 */
export const goalVisits = (where: SQL) => sql`
  select g.website_id, g.day, g.name, l.found is not null as landed, l.source,
    l.utm_source, l.utm_medium, l.utm_campaign, g.completions
  from (
    select g.website_id, g.day, g.visitor_hash, g.name, count(*)::int as completions
    from goal_events g
    where ${where}
    group by g.website_id, g.day, g.visitor_hash, g.name
  ) g
  left join lateral (
    select true as found, coalesce(v.utm_source, v.referrer_host) as source, v.utm_source,
      v.utm_medium, v.utm_campaign
    from page_views v
    where v.website_id = g.website_id and v.day = g.day and v.visitor_hash = g.visitor_hash
    order by v.occurred_at, v.id
    limit 1
  ) l on true`;
