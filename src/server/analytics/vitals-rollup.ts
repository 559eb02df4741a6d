import { sql, type SQL } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { vitalMetrics, vitalThresholds, type VitalMetric } from "@shared/vitals";
import { queryRows, type Db, type DbExecutor } from "../db/client";
import { webVitalDays, webVitals } from "../db/schema";
import { createPeriodicWorker } from "../scheduling/periodic";
import { utcDate, type Device } from "./ingest";
import { bucketSql, histogramOf, type Histogram } from "./vitals-buckets";

/*
 * The daily roll-up of real-user speed (decision 022): each finished UTC day's web_vitals become
 * one web_vital_days row per site, page path, device class and metric, a histogram over the fixed
 * buckets of vitals-buckets.ts; raw rows older than 7 days are deleted.
 */

const DAY_MS = 86_400_000;
/** As for page views (rollup.ts): a day is final once the day after it is over too. */
export const FINAL_AFTER_DAYS = 2;
/** Raw vitals are kept this many UTC days, today included. */
export const RAW_VITALS_DAYS = 7;

export const dayBefore = (now: Date, days: number) =>
  utcDate(new Date(now.getTime() - days * DAY_MS));

/** One day's histogram of one metric of one page on one device class. */
export type VitalGroup = {
  websiteId: string;
  day: string;
  path: string;
  device: Device;
  metric: VitalMetric;
  visits: number;
  good: number;
  histogram: Histogram;
};

const metricRows = sql.raw(
  vitalMetrics
    .map(
      (metric) =>
        `('${metric}', v.${metric}, ${bucketSql(metric, `v.${metric}`)}, ${vitalThresholds[metric].good})`,
    )
    .join(", "),
);

/**
 * The raw vitals matching `where` (on web_vitals as v), counted per site, day, page, device,
 * metric and bucket in SQL, then gathered into one histogram per group.
 */
export async function vitalGroups(db: DbExecutor, where: SQL): Promise<VitalGroup[]> {
  const rows = await queryRows<{
    website_id: string;
    day: string;
    path: string;
    device: Device;
    metric: VitalMetric;
    bucket: number;
    visits: number;
    good: number;
  }>(
    db,
    sql`select v.website_id, v.day::text as day, v.path, v.device, m.metric, m.bucket::int as bucket,
          count(*)::int as visits, sum((m.value <= m.good)::int)::int as good
        from ${webVitals} v
        cross join lateral (values ${metricRows}) as m(metric, value, bucket, good)
        where m.value is not null and ${where}
        group by v.website_id, v.day, v.path, v.device, m.metric, m.bucket`,
  );
  const groups = new Map<string, VitalGroup & { pairs: [number, number][] }>();
  for (const row of rows) {
    const key = `${row.website_id}|${row.day}|${row.device}|${row.metric}|${row.path}`;
    let group = groups.get(key);
    if (!group) {
      group = {
        websiteId: row.website_id,
        day: row.day,
        path: row.path,
        device: row.device,
        metric: row.metric,
        visits: 0,
        good: 0,
        histogram: { first: 0, counts: [] },
        pairs: [],
      };
      groups.set(key, group);
    }
    group.visits += row.visits;
    group.good += row.good;
    group.pairs.push([row.bucket, row.visits]);
  }
  return [...groups.values()].map(({ pairs, ...group }) => ({
    ...group,
    histogram: histogramOf(pairs),
  }));
}

/**
 * Rolls up every final day not rolled up yet (for each site, a day is rolled up whole, in one
 * transaction, so a day with any row is complete), then deletes raw vitals past their 7 days.
 * Idempotent: instances that run it at once insert the same rows once. Returns the rows added.
 */
export async function rollUpVitals(db: Db, now = new Date()): Promise<number> {
  const through = dayBefore(now, FINAL_AFTER_DAYS);
  const added = await db.transaction(async (tx) => {
    const groups = await vitalGroups(
      tx,
      sql`v.day <= ${through}::date and not exists (
        select 1 from ${webVitalDays} r where r.website_id = v.website_id and r.day = v.day
      )`,
    );
    if (groups.length === 0) return 0;
    // In key order, so instances inserting at once wait for each other instead of deadlocking.
    groups.sort((a, b) =>
      `${a.websiteId}|${a.day}|${a.path}|${a.device}|${a.metric}`.localeCompare(
        `${b.websiteId}|${b.day}|${b.path}|${b.device}|${b.metric}`,
      ),
    );
    let count = 0;
    for (let start = 0; start < groups.length; start += 1000) {
      const rows = groups.slice(start, start + 1000).map((group) => ({
        websiteId: group.websiteId,
        day: group.day,
        path: group.path,
        device: group.device,
        metric: group.metric,
        visits: group.visits,
        good: group.good,
        first: group.histogram.first,
        counts: group.histogram.counts,
      }));
      const inserted = await queryRows<{ day: string }>(
        tx,
        sql`insert into ${webVitalDays}
              (website_id, day, path, device, metric, visits, good, first_bucket, counts)
            select r."websiteId", r.day, r.path, r.device, r.metric, r.visits, r.good, r.first,
              array(select e.x::int from json_array_elements_text(r.counts) with ordinality as e(x, i)
                    order by e.i)
            from json_to_recordset(${JSON.stringify(rows)}::json) as r(
              "websiteId" uuid, day date, path text, device text, metric text, visits int,
              good int, first int, counts json
            )
            where exists (select 1 from websites w where w.id = r."websiteId")
            on conflict do nothing
            returning day`,
      );
      count += inserted.length;
    }
    return count;
  });
  await db.execute(
    sql`delete from ${webVitals} where ${webVitals.day} < ${dayBefore(now, RAW_VITALS_DAYS - 1)}::date`,
  );
  return added;
}

/** The roll-up at start (catching up), then every hour; `after` runs after each pass. */
export function createVitalsRollupWorker(options: {
  db: Db;
  log: Pick<FastifyBaseLogger, "error">;
  everyMs?: number;
  now?: () => Date;
  after?: (now: Date) => Promise<unknown>;
}) {
  const { db, log, everyMs = 60 * 60 * 1000, now = () => new Date(), after } = options;
  return createPeriodicWorker({
    name: "vitals roll-up",
    log,
    everyMs,
    pass: async () => {
      const at = now();
      const added = await rollUpVitals(db, at);
      await after?.(at);
      return added;
    },
  });
}
