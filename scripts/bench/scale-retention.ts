/**
 * The retention half of `npm run bench:scale`: with the clock moved a month (30 days) at a time
 * over a quarter, each step writes a month of raw rows, then runs the app's own pruning at the
 * moved clock (the monitor's pruneMonitorHistory and the analytics salt rotation, which deletes
 * page views past their 13 months), and prints the tables' sizes. Raw checks (a check a minute)
 * and raw page views are written for RAW_SITES sites, which start with the 13 months of views
 * the app keeps; hourly and daily roll-ups for every site.
 */
import pg from "pg";
import type { Db } from "../../src/server/db/client";
import { createSaltStore } from "../../src/server/analytics/ingest";
import { pruneMonitorHistory } from "../../src/server/monitoring/monitor";

const RAW_SITES = Number(process.env.BENCH_RAW_SITES ?? 20);
const VIEWS_PER_DAY = 25;
const DAY_MS = 86_400_000;
const MONTH_MS = 30 * DAY_MS;

/** Each table's size with its indexes and TOAST, largest first, with its row estimate. */
export async function tableSizes(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ table: string; bytes: string; rows: string }>(
      `select c.relname as table, pg_total_relation_size(c.oid) as bytes,
              greatest(c.reltuples, 0)::bigint as rows
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind = 'r' and n.nspname = 'public'
       order by pg_total_relation_size(c.oid) desc`,
    );
    return rows.map((row) => ({
      table: row.table,
      bytes: Number(row.bytes),
      rows: Number(row.rows),
    }));
  } finally {
    await client.end();
  }
}

export async function simulateQuarter(db: Db, url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const run = (text: string, params: unknown[] = []) => client.query(text, params);
  const watched = ["monitor_checks", "monitor_rollups", "page_views"];
  try {
    await run("set synchronous_commit = off");
    await run(`create temp table raw_sites as select id from websites order by id limit $1::int`, [
      RAW_SITES,
    ]);
    const start = new Date();
    // The raw sites start with the 13 months of page views the app keeps, as after a year.
    await run(`delete from page_views where website_id in (select id from raw_sites)`);
    const header =
      `${"step".padEnd(28)} ` +
      watched.map((t) => t.padStart(16)).join(" ") +
      `  ${"rows (checks / hourly / views of the raw sites)".padStart(50)}`;
    console.log(header);
    for (let step = 0; step <= 3; step++) {
      const clock = new Date(start.getTime() + step * MONTH_MS);
      const from = new Date(clock.getTime() - (step === 0 ? 395 : 30) * DAY_MS);
      const monthFrom = new Date(clock.getTime() - MONTH_MS);
      const at = performance.now();
      await run(
        `insert into monitor_checks (website_id, checked_at, ok, status_code, response_ms)
         select id, t, true, 200, 150 + (random() * 300)::int
         from raw_sites, generate_series($1::timestamptz, $2::timestamptz, interval '1 minute') t`,
        [monthFrom, clock],
      );
      await run(
        `insert into page_views (website_id, occurred_at, day, visitor_hash, path, device, country)
         select id, d + random() * interval '1 day', d::date, md5(id::text || d || i), '/', 'mobile',
                'US'
         from raw_sites, generate_series($1::timestamptz, $2::timestamptz - interval '1 day',
                                         interval '1 day') d,
              generate_series(1, $3::int) i`,
        [from, clock, VIEWS_PER_DAY],
      );
      if (step > 0) {
        await run(
          `insert into monitor_rollups (website_id, granularity, period_start, checks, up,
                                        response_ms_sum)
           select id, 'hour', h, 60, 60, 60 * 200
           from websites, generate_series(date_trunc('hour', $1::timestamptz),
                                          $2::timestamptz, interval '1 hour') h
           on conflict do nothing`,
          [monthFrom, clock],
        );
        await run(
          `insert into monitor_rollups (website_id, granularity, period_start, checks, up,
                                        response_ms_sum)
           select id, 'day', d, 1440, 1440, 1440 * 200
           from websites, generate_series(date_trunc('day', $1::timestamptz),
                                          $2::timestamptz, interval '1 day') d
           on conflict do nothing`,
          [monthFrom, clock],
        );
      }
      const wrote = (performance.now() - at) / 1000;
      // The app's pruning at the moved clock: the monitor's, and the salt rotation's.
      const pruning = performance.now();
      await pruneMonitorHistory(db, clock);
      await createSaltStore(db).salt(clock.toISOString().slice(0, 10));
      const pruned = (performance.now() - pruning) / 1000;
      // What autovacuum does in its own time: the deleted rows' space is reused, not returned.
      for (const table of watched) await run(`vacuum (analyze) ${table}`);
      const sizes = new Map((await tableSizes(url)).map((s) => [s.table, s.bytes]));
      const counts = (
        await run(
          `select (select count(*) from monitor_checks) as checks,
                  (select count(*) from monitor_rollups where granularity = 'hour') as hourly,
                  (select count(*) from page_views where website_id in (select id from raw_sites))
                    as views`,
        )
      ).rows[0];
      const label =
        step === 0 ? "today (13 months of views)" : `+${step} month${step > 1 ? "s" : ""}`;
      console.log(
        `${label.padEnd(28)} ` +
          watched
            .map((t) => `${((sizes.get(t) ?? 0) / 1024 / 1024).toFixed(1)} MB`.padStart(16))
            .join(" ") +
          `  ${
            `${Number(counts.checks).toLocaleString("en-US")} / ` +
            `${Number(counts.hourly).toLocaleString("en-US")} / ` +
            `${Number(counts.views).toLocaleString("en-US")}`.padStart(50)
          }` +
          `   (wrote ${wrote.toFixed(1)} s, pruned ${pruned.toFixed(1)} s)`,
      );
    }
  } finally {
    await client.end();
  }
}
