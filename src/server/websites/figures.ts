import { sql } from "drizzle-orm";
import type { Website } from "@shared/schemas/websites";
import type { Db } from "../db/client";
import { bandwidthUsage, monitorRollups, siteMonitors } from "../db/schema";
import { visitorsSince } from "../analytics/rollup";
import { prepared } from "../db/prepared";

/** The measured figures of a website, as the portal shows them. */
export type SiteFigures = Pick<
  Website,
  "monthlyVisitors" | "uptimePercent" | "health" | "bandwidthBytes"
>;

const DAY_MS = 86_400_000;

/** The UTC date `days` days before `now`, as YYYY-MM-DD. */
export const utcDay = (now: Date, days = 0) =>
  new Date(now.getTime() - days * DAY_MS).toISOString().slice(0, 10);

/** Uptime in percent to two decimals, or null when nothing was checked. */
export const uptimePercent = (checks: number, up: number) =>
  checks === 0 ? null : Math.floor((up / checks) * 10_000) / 100;

/** One site's roll-ups of a granularity starting in [from, to), or from `from` on. */
const rollupsOf = (granularity: "hour" | "day", from: string, to?: string) => {
  const start = monitorRollups.periodStart;
  const until = to ? sql`and ${start} < ${sql.placeholder(to)}::timestamptz` : sql``;
  return sql`select ${monitorRollups.checks} as checks, ${monitorRollups.up} as up
    from ${monitorRollups}
    where ${monitorRollups.websiteId} = s.id
      and ${monitorRollups.granularity} = ${sql.raw(`'${granularity}'`)}
      and ${start} >= ${sql.placeholder(from)}::timestamptz ${until}`;
};

/**
 * The figures of some websites: unique visitors over the last 30 days (daily page view roll-ups),
 * uptime over the last 30 days, and the bytes served this calendar month. Uptime sums the daily
 * check roll-ups of the whole UTC days (the monitor's days are UTC) and the hourly ones of the
 * rest, today and the first day's last hours: the same sums as the last 720 hourly roll-ups, in
 * about 50 rows a site instead of 720. Sites that are not live get no uptime and no health. One prepared statement, as every dashboard read asks.
 */
export async function siteFigures(
  db: Db,
  sites: { id: string; live: boolean }[],
  now = new Date(),
): Promise<Map<string, SiteFigures>> {
  const figures = new Map<string, SiteFigures>();
  if (sites.length === 0) return figures;
  const site = sql`s.id`;
  const query = prepared(db, "site_figures", (db) =>
    db
      .select({
        websiteId: sql<string>`${site}`,
        checks: sql<number>`coalesce(uptime.checks, 0)::int`,
        up: sql<number>`coalesce(uptime.up, 0)::int`,
        visitors: visitorsSince(site, sql`${sql.placeholder("visitorsFrom")}::date`),
        bytes: sql<string>`coalesce((
          select sum(${bandwidthUsage.bytes}) from ${bandwidthUsage}
          where ${bandwidthUsage.websiteId} = ${site}
            and ${bandwidthUsage.day} >= ${sql.placeholder("monthStart")}::date
        ), 0)`,
        status: sql<string | null>`(
          select ${siteMonitors.status} from ${siteMonitors} where ${siteMonitors.websiteId} = ${site}
        )`,
      })
      .from(
        sql`unnest(${sql.placeholder("ids")}::uuid[]) as s(id)
          left join lateral (
            select sum(r.checks) as checks, sum(r.up) as up from (
              ${rollupsOf("hour", "uptimeSince", "firstWholeDay")}
              union all
              ${rollupsOf("day", "firstWholeDay", "today")}
              union all
              ${rollupsOf("hour", "today")}
            ) as r
          ) as uptime on true`,
      ),
  );
  const since = now.getTime() - 30 * DAY_MS;
  const rows = await query.execute({
    ids: sites.map(({ id }) => id),
    uptimeSince: new Date(since).toISOString(),
    firstWholeDay: new Date(Math.ceil(since / DAY_MS) * DAY_MS).toISOString(),
    today: new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS).toISOString(),
    visitorsFrom: utcDay(now, 29),
    monthStart: `${utcDay(now).slice(0, 7)}-01`,
  });
  const byId = new Map(rows.map((row) => [row.websiteId, row]));
  for (const { id, live } of sites) {
    const row = byId.get(id);
    const checks = Number(row?.checks ?? 0);
    const status = row?.status;
    figures.set(id, {
      monthlyVisitors: Number(row?.visitors ?? 0),
      uptimePercent: live && checks > 0 ? uptimePercent(checks, Number(row?.up ?? 0)) : null,
      health: live ? (status === "up" || status === "down" ? status : "unknown") : null,
      bandwidthBytes: Number(row?.bytes ?? 0),
    });
  }
  return figures;
}
