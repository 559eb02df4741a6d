import { sql, type SQL } from "drizzle-orm";

/**
 * What the daily roll-up (rollup.ts) and the site page (websites/audience.ts) both count from the
 * raw rows: the roll-up for the days it finishes, the page for the days not rolled up yet. One
 * definition, so a day counts the same before and after its roll-up.
 */

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
