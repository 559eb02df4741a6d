import { createHash, randomBytes } from "node:crypto";
import { eq, lt, sql } from "drizzle-orm";
import { isbot } from "isbot";
import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import { plainText } from "@shared/schemas/fields";
import type { Db } from "../db/client";
import { eventsIngested } from "../metrics/metrics";
import { analyticsSalts, goalEvents, pageViews, websites } from "../db/schema";
import { utmFields, type Campaign } from "./campaigns";

/**
 * Cookieless visitor analytics (docs/decisions/011-cookieless-analytics.md): a page view becomes
 * one page_views row whose visitor is sha256(daily salt + site + ip + user agent), cut to 32 hex
 * characters. The salt of a UTC day is deleted once the day is over, so no hash can be tied to a
 * visitor afterwards. Views are buffered in memory and written in batches.
 */

/** The site key every event names (data-site of the script tag). */
export const siteKeyField = z
  .string({ error: "site must be the site key (32 hex digits)" })
  .regex(/^[0-9a-f]{32}$/, { error: "site must be the site key (32 hex digits)" });

/** The page an event comes from, as the tag sends it (no query or fragment). */
export const pageUrlField = plainText("url", "url must be the page's full http(s) address")
  .max(2000, { error: "url must be at most 2000 characters" })
  .pipe(z.url({ protocol: /^https?$/, error: "url must be the page's full http(s) address" }));

/** What a body with an unknown `type` is told (event-schema.ts lists the types). */
export const eventTypeMessage = 'type must be "goal" or "vitals", or left out for a page view';

/**
 * What /js/hl.js sends for a page view, as a text/plain JSON body (so the browser makes no CORS
 * preflight): no `type` (other events name theirs, event-schema.ts).
 */
export const pageViewEventSchema = z.object({
  type: z.undefined({ error: eventTypeMessage }).optional(),
  site: siteKeyField,
  url: pageUrlField,
  referrer: plainText("referrer", "referrer must be a string")
    .max(2000, { error: "referrer must be at most 2000 characters" })
    .optional(),
  width: z
    .number({ error: "width must be a number" })
    .int({ error: "width must be a whole number" })
    .min(0, { error: "width must be at least 0" })
    .max(100_000, { error: "width must be at most 100000" }),
  ...utmFields,
});
export type PageViewEvent = z.infer<typeof pageViewEventSchema>;

/** The longest path kept (page_views.path). */
export const MAX_PATH = 500;

export type Device = "mobile" | "tablet" | "desktop";

/** The device class by screen width, as Plausible draws the lines. */
export const deviceOf = (width: number): Device =>
  width < 576 ? "mobile" : width < 992 ? "tablet" : "desktop";

/** Crawlers by their user agent (isbot), headless browsers, and requests with no user agent. */
export const isBotAgent = (userAgent: string | undefined) =>
  !userAgent || isbot(userAgent) || /headless/i.test(userAgent);

/** The UTC date of a moment, YYYY-MM-DD. */
export const utcDate = (at: Date) => at.toISOString().slice(0, 10);

export const visitorHash = (salt: string, websiteId: string, ip: string, userAgent: string) =>
  createHash("sha256").update(`${salt}${websiteId}${ip}${userAgent}`).digest("hex").slice(0, 32);

/**
 * A website as the ingestion sees it: its id, the host names a view may come from, and which
 * automatic goals and real-user speed staff turned on.
 */
export type AnalyticsSite = {
  id: string;
  domain: string;
  checkHost: string | undefined;
  trackOutboundLinks: boolean;
  trackFileDownloads: boolean;
  /** Staff turned real-user speed on (vitals.ts). */
  vitalsEnabled: boolean;
};

/** Whether a host name belongs to the site: its domain, any subdomain (www.), or its check URL's. */
export function siteOwnsHost(site: AnalyticsSite, hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  const domain = site.domain.toLowerCase();
  return host === domain || host.endsWith(`.${domain}`) || host === site.checkHost;
}

const hostOf = (url: string | undefined): string | undefined => {
  if (!url) return undefined;
  try {
    return new URL(url).hostname.toLowerCase() || undefined;
  } catch {
    return undefined;
  }
};

/** The referring host, or null when there is none or it is the site itself. */
export function referrerHost(site: AnalyticsSite, referrer: string | undefined): string | null {
  const host = hostOf(referrer);
  if (!host || siteOwnsHost(site, host)) return null;
  return host.replace(/^www\./, "").slice(0, 253);
}

/** The path of a page address, without query or fragment (they may hold personal data). */
export function pathOf(url: string): string {
  return new URL(url).pathname || "/";
}

const siteColumns = {
  id: websites.id,
  domain: websites.domain,
  checkUrl: websites.checkUrl,
  trackOutboundLinks: websites.trackOutboundLinks,
  trackFileDownloads: websites.trackFileDownloads,
  vitalsEnabled: websites.vitalsEnabled,
};

const toSite = ({
  checkUrl,
  domain,
  ...row
}: Omit<AnalyticsSite, "checkHost"> & { checkUrl: string | null }): AnalyticsSite => ({
  ...row,
  domain: domain.toLowerCase(),
  checkHost: hostOf(checkUrl ?? undefined),
});

/**
 * Site keys to websites, from memory: all of them reloaded every `refreshMs`; a key not known is
 * looked up once (a new site) and remembered as unknown until the next reload. At most
 * `maxMisses` unknown keys are remembered, so random keys cannot grow memory.
 */
export function createSiteCache(db: Db, { refreshMs = 60_000, maxMisses = 10_000 } = {}) {
  let sites = new Map<string, AnalyticsSite | null>();
  let loadedAt = 0;
  let loading: Promise<void> | undefined;
  let misses = 0;
  const lookups = new Map<string, Promise<AnalyticsSite | null>>();

  async function reload() {
    const rows = await db.select({ ...siteColumns, siteKey: websites.siteKey }).from(websites);
    sites = new Map(rows.map(({ siteKey, ...row }) => [siteKey, toSite(row)]));
    misses = 0;
    loadedAt = Date.now();
  }

  async function lookUp(siteKey: string): Promise<AnalyticsSite | null> {
    const [row] = await db.select(siteColumns).from(websites).where(eq(websites.siteKey, siteKey));
    const site = row ? toSite(row) : null;
    if (site || misses < maxMisses) {
      if (!site) misses++;
      sites.set(siteKey, site);
    }
    return site;
  }

  return {
    /** Reloads every site with the next event (staff changed one). */
    forget() {
      loadedAt = 0;
    },
    async get(siteKey: string): Promise<AnalyticsSite | null> {
      if (Date.now() - loadedAt > refreshMs) {
        loading ??= reload().finally(() => (loading = undefined));
        await loading;
      }
      const known = sites.get(siteKey);
      if (known !== undefined) return known;
      let lookup = lookups.get(siteKey);
      if (!lookup) {
        lookup = lookUp(siteKey).finally(() => lookups.delete(siteKey));
        lookups.set(siteKey, lookup);
      }
      return lookup;
    },
  };
}

/**
 * Today's salt: made once per UTC day by whichever instance needs it first (insert, on conflict
 * nothing, then read: every instance reads the same one), after which every older salt is
 * deleted.
 */
/** How long page views are kept. */
export const PAGE_VIEW_MONTHS = 13;

/** The day `months` calendar months before `day` (YYYY-MM-DD, UTC). */
export function monthsBefore(day: string, months: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() - months);
  return date.toISOString().slice(0, 10);
}

export function createSaltStore(db: Db) {
  let current: { day: string; salt: Promise<string> } | undefined;

  async function saltOf(day: string): Promise<string> {
    await db
      .insert(analyticsSalts)
      .values({ day, salt: randomBytes(32).toString("hex") })
      .onConflictDoNothing();
    const [row] = await db
      .select({ salt: analyticsSalts.salt })
      .from(analyticsSalts)
      .where(eq(analyticsSalts.day, day));
    await db.delete(analyticsSalts).where(lt(analyticsSalts.day, day));
    // Page views are kept 13 months, so a year can be compared with the one before.
    const kept = monthsBefore(day, PAGE_VIEW_MONTHS);
    await db.delete(pageViews).where(lt(pageViews.day, kept));
    await db.delete(goalEvents).where(lt(goalEvents.day, kept));
    if (!row) throw new Error(`No analytics salt for ${day}`);
    return row.salt;
  }

  return {
    /**
     * The salt of `day`; the first call of a new day rotates (and deletes the old salts and the
     * page views and goals past their 13 months).
     */
    salt(day: string): Promise<string> {
      if (current?.day !== day) {
        const salt = saltOf(day);
        current = { day, salt };
        // A failed read is tried again by the next view, not remembered.
        salt.catch(() => {
          if (current?.salt === salt) current = undefined;
        });
      }
      return current.salt;
    },
  };
}

/** One page_views row, ready to write. */
export type PageViewRow = {
  websiteId: string;
  occurredAt: string;
  day: string;
  visitorHash: string;
  path: string;
  referrerHost: string | null;
  device: Device;
  /** ISO 3166 code (analytics/countries.ts); null: not known. */
  country: string | null;
} & Campaign;

export type PageViewBufferOptions = {
  db: Db;
  log: FastifyBaseLogger;
  /** Flush at least this often (default 250 ms). */
  flushMs?: number;
  /** Flush as soon as this many views wait (default 1000). */
  batchSize?: number;
  /** Refuse views (503) while this many wait, the database being down (default 50,000). */
  maxPending?: number;
};

async function writePageViews(db: Db, rows: PageViewRow[]) {
  const json = JSON.stringify(rows);
  await db.execute(sql`
    insert into page_views (website_id, occurred_at, day, visitor_hash, path, referrer_host, device,
      utm_source, utm_medium, utm_campaign, country)
    select v."websiteId", v."occurredAt", v.day, v."visitorHash", v.path, v."referrerHost", v.device,
      v."utmSource", v."utmMedium", v."utmCampaign", v.country
    from json_to_recordset(${json}::json) as v(
      "websiteId" uuid, "occurredAt" timestamptz, day date, "visitorHash" text, path text,
      "referrerHost" text, device text, "utmSource" text, "utmMedium" text, "utmCampaign" text,
      country text
    )
    -- A website deleted since its key was cached takes its views with it.
    where exists (select 1 from websites w where w.id = v."websiteId")`);
}

/** Page views waiting to be written (createWriteBuffer). */
export const createPageViewBuffer = (options: PageViewBufferOptions) =>
  createWriteBuffer<PageViewRow>({
    ...options,
    what: "page views",
    write: (rows) => writePageViews(options.db, rows),
  });

/**
 * Events waiting to be written. One flush at a time, each one multi-row INSERT from a single JSON
 * parameter; a crash loses at most the events of one flush window. close() writes what is left.
 */
export function createWriteBuffer<Row>({
  log,
  write,
  what,
  flushMs = 250,
  batchSize = 1000,
  maxPending = 50_000,
}: PageViewBufferOptions & { write: (rows: Row[]) => Promise<void>; what: string }) {
  const pending: Row[] = [];
  const ingested = eventsIngested.labels({ kind: what });
  let flushing: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;

  async function drain() {
    while (pending.length > 0) {
      const rows = pending.splice(0, batchSize);
      try {
        await write(rows);
      } catch (error) {
        // Kept for the next flush while there is room: the database may be back by then.
        if (pending.length + rows.length <= maxPending) pending.unshift(...rows);
        else log.error({ dropped: rows.length }, `${what} dropped: the buffer is full`);
        throw error;
      }
    }
  }

  function flush(): Promise<void> {
    flushing ??= drain()
      .catch((error: unknown) => log.error({ err: error }, `${what} not written`))
      .finally(() => (flushing = undefined));
    return flushing;
  }

  return {
    /** Queues a row; false when the buffer is full (the database is not keeping up). */
    add(row: Row): boolean {
      if (pending.length >= maxPending) return false;
      pending.push(row);
      ingested.inc();
      if (pending.length >= batchSize && !flushing) void flush();
      return true;
    },
    flush,
    get pending() {
      return pending.length;
    },
    start() {
      timer ??= setInterval(() => {
        if (pending.length > 0 && !flushing) void flush();
      }, flushMs);
      timer.unref();
    },
    /** Stops the timer and writes every row still waiting. */
    async close() {
      clearInterval(timer);
      timer = undefined;
      await flushing;
      await flush();
    },
  };
}
