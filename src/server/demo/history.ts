import { sql } from "drizzle-orm";
import { addMonthsTo } from "@shared/work-time";
import type { DbExecutor } from "../db/client";
import { bandwidthUsage, monitorIncidents, monitorRollups, siteMonitors } from "../db/schema";
import { agencyMonth } from "../hours/reading";

/**
 * Measured history for the demo website since the first day of the month four months back (see
 * demoHistoryDays), so a fresh install shows living figures and its three archived reports each
 * have a whole month to report and a whole month before to compare with:
 * page views with a bakery's weekly rhythm, hourly and daily monitor roll-ups with two short
 * incidents in the last 30 days (and one before), the monitor's state with a certificate that
 * expires in about 60 days, and the bandwidth the host reported each day.
 *
 * Deterministic: the figures depend only on the UTC date (and, for the checks, the hour) of
 * `now`, so tests can assert them. The last 30 days' totals are exact whatever the date:
 * DEMO_HISTORY below.
 */
export const DEMO_HISTORY = {
  /** Unique visitors of the last 30 UTC days (today included). */
  visitors: 3_120,
  /** Page views of the same 30 days. */
  pageViews: 5_928,
  /** Uptime of the last 30 days, as the portal shows it (hourly roll-ups). */
  uptimePercent: 99.94,
  /** Checks that failed in the last 30 days (one a minute while down). */
  failedChecks: 22,
} as const;

/**
 * How many UTC days of page views and checks the demo has (today included): from the first day
 * of the agency's month four months back, so the oldest archived report (three months back) and
 * the month it compares with are whole. 121 to 154 days, whatever the date.
 */
export function demoHistoryDays(now: Date): number {
  const first = Date.parse(`${addMonthsTo(agencyMonth(now), -4)}-01T00:00:00Z`);
  return Math.round((dayStart(now, 0) - first) / DAY_MS) + 1;
}

/** Visitors and page views a day before those 30: the same rhythm, a little quieter. */
const EARLIER_PER_DAY = { visitors: 95.5, pageViews: 181.5 };
const BYTES_PER_DAY = 600_000_000;

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/** A small seeded PRNG (mulberry32): the same seed, the same numbers. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A seed from a string (FNV-1a), so each date draws its own numbers. */
function seedOf(text: string) {
  let hash = 0x811c9dc5;
  for (const char of text) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193);
  return hash >>> 0;
}

function pick<T>(next: () => number, weighted: readonly (readonly [T, number])[]): T {
  const total = weighted.reduce((sum, [, weight]) => sum + weight, 0);
  let point = next() * total;
  for (const [value, weight] of weighted) {
    point -= weight;
    if (point < 0) return value;
  }
  return weighted[weighted.length - 1]![0];
}

/** `total` split in proportion to the weights, in whole numbers that add up exactly. */
function apportion(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const shares = weights.map((w) => (total * w) / sum);
  const counts = shares.map(Math.floor);
  let left = total - counts.reduce((a, b) => a + b, 0);
  const order = shares
    .map((share, i) => [share - Math.floor(share), i] as const)
    .sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of order) {
    if (left-- <= 0) break;
    counts[i]! += 1;
  }
  return counts;
}

/** A bakery: busiest on weekends, quietest early in the week (Sunday first). */
const weekday = [1.2, 0.78, 0.84, 0.9, 0.96, 1.14, 1.38];
/** When people look: breakfast, lunch and the evening (UTC hours of a US West Coast bakery). */
const hourWeights = [5, 6, 5, 3, 2, 1, 1, 1, 1, 1, 1, 1, 1, 2, 4, 7, 8, 7, 6, 7, 8, 7, 6, 5].map(
  (weight, hour) => [hour, weight] as const,
);

const pages = [
  ["/", 30],
  ["/menu", 18],
  ["/catering", 10],
  ["/locations", 9],
  ["/order", 8],
  ["/menu/cakes", 6],
  ["/about", 5],
  ["/menu/breads", 4],
  ["/contact", 3.5],
  ["/blog/holiday-hours", 3],
  ["/gallery", 2],
  ["/careers", 1.5],
] as const;
const referrers = [
  [null, 36],
  ["www.google.com", 31],
  ["l.instagram.com", 10],
  ["m.facebook.com", 7],
  ["www.yelp.com", 5],
  ["maps.google.com", 4],
  ["www.bing.com", 2.5],
  ["duckduckgo.com", 1.5],
  ["nextdoor.com", 1.5],
  ["www.tripadvisor.com", 1],
  ["news.ycombinator.com", 0.5],
] as const;
const devices = [
  ["mobile", 64],
  ["desktop", 29],
  ["tablet", 7],
] as const;

/** The UTC day `back` days before `now`'s, as midnight. */
const dayStart = (now: Date, back: number) =>
  Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - back);
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** How busy a day is: its weekday, a little growth over the quarter, and some luck. */
function dayWeight(ms: number) {
  const next = random(seedOf(`weight ${isoDay(ms)}`));
  return weekday[new Date(ms).getUTCDay()]! * (0.85 + 0.3 * next());
}

type View = {
  occurred_at: string;
  day: string;
  visitor_hash: string;
  path: string;
  referrer_host: string | null;
  device: string;
};

/** The page views of days `first`..`last` days back, `visitors` and `views` in all. */
function viewsOf(now: Date, first: number, last: number, visitors: number, views: number) {
  const backs = Array.from({ length: last - first + 1 }, (_, i) => first + i);
  const todayShare = Math.max(0.05, (now.getTime() - dayStart(now, 0)) / DAY_MS);
  const perDay = apportion(
    visitors,
    backs.map((back) => dayWeight(dayStart(now, back)) * (back === 0 ? todayShare : 1)),
  );
  const next = random(seedOf(`views ${isoDay(dayStart(now, first))} ${first}-${last}`));
  // Everyone sees one page; the extra views go to visitors drawn at random.
  const pagesSeen = new Uint16Array(visitors).fill(1);
  for (let extra = views - visitors; extra > 0; extra -= 1) {
    pagesSeen[Math.floor(next() * visitors)]! += 1;
  }
  const rows: View[] = [];
  let visitor = 0;
  backs.forEach((back, i) => {
    const start = dayStart(now, back);
    const day = isoDay(start);
    const end = Math.min(start + DAY_MS, now.getTime());
    for (let n = 0; n < perDay[i]!; n += 1, visitor += 1) {
      const hash =
        visitor.toString(16).padStart(8, "0") +
        Math.floor(next() * 2 ** 48)
          .toString(16)
          .padStart(12, "0") +
        Math.floor(next() * 2 ** 48)
          .toString(16)
          .padStart(12, "0");
      const referrer = pick(next, referrers);
      const device = pick(next, devices);
      let at =
        back === 0
          ? start + next() * (end - start - 30 * MINUTE_MS)
          : start + pick(next, hourWeights) * HOUR_MS + next() * 50 * MINUTE_MS;
      at = Math.max(start, at);
      for (let page = 0; page < pagesSeen[visitor]!; page += 1) {
        rows.push({
          occurred_at: new Date(Math.min(at, end - 1)).toISOString(),
          day,
          visitor_hash: hash,
          path: pick(next, pages),
          referrer_host: referrer,
          device,
        });
        at += (20 + next() * 100) * 1000;
      }
    }
  });
  return rows;
}

/** The incidents: hours before the current hour, the minute it began, minutes down. */
const incidents = [
  { hoursBack: 5 * 24 + 3, minute: 41, minutes: 8, cause: "http", detail: "HTTP 503" },
  {
    hoursBack: 18 * 24 + 7,
    minute: 12,
    minutes: 14,
    cause: "timeout",
    detail: "No answer within 10 seconds",
  },
  { hoursBack: 61 * 24 + 9, minute: 3, minutes: 6, cause: "http", detail: "HTTP 502" },
  { hoursBack: 97 * 24 + 14, minute: 27, minutes: 4, cause: "http", detail: "HTTP 500" },
] as const;

/** The bytes the host reported for each complete day of the last 90 (yesterday and before). */
export function demoBandwidth(now: Date): { day: string; bytes: number }[] {
  return Array.from({ length: 90 }, (_, i) => {
    const start = dayStart(now, i + 1);
    const next = random(seedOf(`bytes ${isoDay(start)}`));
    const load = (weekday[new Date(start).getUTCDay()]! / 1.0314) * (0.88 + 0.24 * next());
    return { day: isoDay(start), bytes: Math.round(BYTES_PER_DAY * load) };
  });
}

/** The bytes of this calendar month's complete days, as the portal shows them (Bandwidth Used). */
export function demoBandwidthThisMonth(now = new Date()): number {
  const month = now.toISOString().slice(0, 7);
  return demoBandwidth(now)
    .filter((row) => row.day.startsWith(month))
    .reduce((sum, row) => sum + row.bytes, 0);
}

/** Writes the demo website's history (see above). */
export async function seedDemoHistory(tx: DbExecutor, websiteId: string, now: Date) {
  const days = demoHistoryDays(now);
  const earlier = days - 30;
  const views = [
    ...viewsOf(
      now,
      30,
      days - 1,
      Math.round(EARLIER_PER_DAY.visitors * earlier),
      Math.round(EARLIER_PER_DAY.pageViews * earlier),
    ),
    ...viewsOf(now, 0, 29, DEMO_HISTORY.visitors, DEMO_HISTORY.pageViews),
  ];
  for (let from = 0; from < views.length; from += 20_000) {
    const batch = JSON.stringify(views.slice(from, from + 20_000));
    await tx.execute(sql`
      insert into page_views (website_id, occurred_at, day, visitor_hash, path, referrer_host, device)
      select ${websiteId}::uuid, v.occurred_at, v.day, v.visitor_hash, v.path, v.referrer_host, v.device
      from json_to_recordset(${batch}::json) as v(
        occurred_at timestamptz, day date, visitor_hash text, path text, referrer_host text, device text
      )`);
  }

  // One check a minute; the current hour so far.
  const hourNow = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
  const next = random(seedOf(`checks ${new Date(hourNow).toISOString()}`));
  const down = new Map(incidents.map((i) => [i.hoursBack, i.minutes]));
  const hours = Array.from({ length: days * 24 }, (_, back) => {
    const periodStart = hourNow - back * HOUR_MS;
    const checks = back === 0 ? Math.floor((now.getTime() - hourNow) / MINUTE_MS) : 60;
    const up = checks - (down.get(back) ?? 0);
    const hourOfDay = new Date(periodStart).getUTCHours();
    const busy = hourWeights[hourOfDay]![1];
    const responseMs = 170 + busy * 9 + Math.round(next() * 60);
    return { periodStart, checks, up, responseMsSum: up * responseMs };
  }).filter((hour) => hour.checks > 0);
  const daySums = new Map<number, { checks: number; up: number; responseMsSum: number }>();
  for (const hour of hours) {
    const day = Math.floor(hour.periodStart / DAY_MS) * DAY_MS;
    const sums = daySums.get(day) ?? { checks: 0, up: 0, responseMsSum: 0 };
    sums.checks += hour.checks;
    sums.up += hour.up;
    sums.responseMsSum += hour.responseMsSum;
    daySums.set(day, sums);
  }
  const rollups = [
    ...hours.map(({ periodStart, ...sums }) => ({
      granularity: "hour" as const,
      periodStart: new Date(periodStart),
      ...sums,
    })),
    ...[...daySums].map(([day, sums]) => ({
      granularity: "day" as const,
      periodStart: new Date(day),
      ...sums,
    })),
  ];
  for (let from = 0; from < rollups.length; from += 1_000) {
    await tx
      .insert(monitorRollups)
      .values(rollups.slice(from, from + 1_000).map((row) => ({ websiteId, ...row })));
  }

  await tx.insert(monitorIncidents).values(
    incidents.map((incident) => {
      const startedAt = hourNow - incident.hoursBack * HOUR_MS + incident.minute * MINUTE_MS;
      return {
        websiteId,
        cause: incident.cause,
        detail: incident.detail,
        startedAt: new Date(startedAt),
        endedAt: new Date(startedAt + incident.minutes * MINUTE_MS),
      };
    }),
  );

  const monitor = {
    status: "up",
    nextCheckAt: now,
    consecutiveFailures: 0,
    lastCheckedAt: new Date(now.getTime() - 20_000),
    lastStatusCode: 200,
    lastResponseMs: 214,
    certExpiresAt: new Date(dayStart(now, -61) - 7 * HOUR_MS),
  };
  await tx
    .insert(siteMonitors)
    .values({ websiteId, ...monitor })
    .onConflictDoUpdate({ target: siteMonitors.websiteId, set: monitor });

  await tx.insert(bandwidthUsage).values(
    demoBandwidth(now).map((row) => ({
      websiteId,
      ...row,
      reportedAt: new Date(`${row.day}T23:55:00Z`),
    })),
  );
}
