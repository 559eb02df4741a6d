import { sql, type SQL } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { queryRows, type Db, type DbExecutor } from "../db/client";
import { pageViewDays, pageViews } from "../db/schema";
import { createPeriodicWorker } from "../scheduling/periodic";
import {
  deviceVisitors,
  goalVisits,
  landingViews,
  pathViews,
  referrerVisits,
  viewDays,
} from "./audience-days";
import { utcDate } from "./ingest";

const DAY_MS = 86_400_000;
/**
 * A UTC day is final once the day after it is over too: a view is stamped with the day it was
 * received, and the ingest buffer writes within seconds, so nothing lands on a day two days old.
 */
const FINAL_AFTER_DAYS = 2;
/**
 * How far back a pass looks for days not rolled up when it has rolled up lately: longer than any
 * figure's window (30 days). After a longer stop it looks back to the last day it rolled up.
 */
const CATCH_UP_DAYS = 35;

const dayBefore = (now: Date, days: number) => utcDate(new Date(now.getTime() - days * DAY_MS));

/**
 * Counts each site's views and unique visitors of every final day not counted yet, and with them
 * the day's sources and campaigns, countries and goals (source_days, country_days, goal_days) and
 * its pages, referring sites and devices (page_days, referrer_days, device_days), in one
 * statement: a page_view_days row says its day is rolled up whole, and for each site the days up
 * to its latest rolled-up day are all there (what visitorsSince and the site page rely on). A day
 * with goals and no view gets a row of zero views, so its goals are rolled up too.
 * Idempotent: instances that run it at once insert the same rows once. Returns how many site-days
 * it added.
 */
export async function rollUpPageViews(
  db: DbExecutor,
  now = new Date(),
  /** How many days back to look: the demo's seed rolls up its 90 days of history at once. */
  catchUpDays = CATCH_UP_DAYS,
): Promise<number> {
  const through = dayBefore(now, FINAL_AFTER_DAYS);
  const [done] = await queryRows<{ latest: string | null }>(
    db,
    sql`select max(${pageViewDays.day})::text as latest from ${pageViewDays}`,
  );
  // One pass rolls every site up to `through`: a row for that day means it has run.
  if (done?.latest && done.latest >= through) return 0;
  // After a stop longer than the look-back, from the last day rolled up: no day is skipped.
  const lookBack = dayBefore(now, catchUpDays);
  const from = done?.latest && done.latest < lookBack ? done.latest : lookBack;
  const notRolledUp = (alias: SQL) => sql`${alias}.day > ${from}::date
    and ${alias}.day <= ${through}::date
    and not exists (
      select 1 from ${pageViewDays} r where r.website_id = ${alias}.website_id and r.day = ${alias}.day
    )`;
  const ofTheseDays = (alias: SQL) =>
    sql`(${alias}.website_id, ${alias}.day) in (select website_id, day from days)`;
  const inserted = await queryRows<{ day: string }>(
    db,
    sql`with counted as (
          select website_id, day, views, visitors from (${viewDays(notRolledUp(sql`v`))}) c
          union all
          select g.website_id, g.day, 0, 0
          from goal_events g
          where ${notRolledUp(sql`g`)}
            and not exists (
              select 1 from ${pageViews} v where v.website_id = g.website_id and v.day = g.day
            )
          group by g.website_id, g.day
        ),
        days as (
          insert into ${pageViewDays} (website_id, day, views, visitors)
          select website_id, day, views, visitors from counted
          -- In key order, so instances inserting at once wait for each other instead of
          -- deadlocking; the days another instance took are not returned, nor counted below.
          order by website_id, day
          on conflict do nothing
          returning website_id, day
        ),
        landed as (${landingViews(ofTheseDays(sql`v`))}),
        sources as (
          insert into source_days
            (website_id, day, source, utm_source, utm_medium, utm_campaign, visitors)
          select website_id, day, source, utm_source, utm_medium, utm_campaign, count(*)::int
          from landed
          group by website_id, day, source, utm_source, utm_medium, utm_campaign
        ),
        countries as (
          insert into country_days (website_id, day, country, visitors)
          select website_id, day, country, count(*)::int from landed
          group by website_id, day, country
        ),
        goals as (
          insert into goal_days (website_id, day, name, landed, source, utm_source, utm_medium,
            utm_campaign, visitors, completions)
          select website_id, day, name, landed, source, utm_source, utm_medium, utm_campaign,
            count(*)::int, sum(completions)::int
          from (${goalVisits(ofTheseDays(sql`g`))}) reached
          group by website_id, day, name, landed, source, utm_source, utm_medium, utm_campaign
        ),
        pages as (
          insert into page_days (website_id, day, path, views)
          select website_id, day, path, views from (${pathViews(ofTheseDays(sql`v`))}) p
        ),
        referrers as (
          insert into referrer_days (website_id, day, referrer_host, visitors, views)
          select website_id, day, referrer_host, visitors, views
          from (${referrerVisits(ofTheseDays(sql`v`))}) f
        ),
        devices as (
          insert into device_days (website_id, day, device, visitors)
          select website_id, day, device, visitors from (${deviceVisitors(ofTheseDays(sql`v`))}) d
        )
        select day::text from days`,
  );
  return inserted.length;
}

/**
 * The unique visitors of the site `site` (an SQL uuid) from the day `from` (an SQL date) to now:
 * its rolled-up days summed, and the days after its latest rolled-up day counted from its views
 * (a visitor hash is only meaningful within its day, so a day's visitors add up). Right whether
 * or not the roll-up has run; the roll-up only makes it cheap.
 */
export const visitorsSince = (site: SQL, from: SQL) => sql<number>`(
  coalesce((
    select sum(r.visitors) from ${pageViewDays} r where r.website_id = ${site} and r.day >= ${from}
  ), 0)
  + (
    -- Distinct pairs counted, not count(distinct (day, hash)): comparing rows costs twice as much.
    select count(*) from (
      select distinct v.day, v.visitor_hash from ${pageViews} v
      where v.website_id = ${site} and v.day >= ${from}
        and v.day > coalesce(
          (select max(r.day) from ${pageViewDays} r where r.website_id = ${site}),
          '-infinity'::date
        )
    ) as seen
  )
)::int`;

/** The roll-up of finished days: at start (catching up), then every hour. */
export function createPageViewRollupWorker(options: {
  db: Db;
  log: Pick<FastifyBaseLogger, "error">;
  everyMs?: number;
  now?: () => Date;
}) {
  const { db, log, everyMs = 60 * 60 * 1000, now = () => new Date() } = options;
  return createPeriodicWorker({
    name: "page view roll-up",
    log,
    everyMs,
    pass: () => rollUpPageViews(db, now()),
  });
}
