import { createHash, randomBytes } from "node:crypto";
import { eq, lt, sql } from "drizzle-orm";
import { isbot } from "isbot";
import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import { plainText } from "@shared/schemas/fields";
import type { Db } from "../db/client";
import { analyticsSalts, pageViews, websites } from "../db/schema";

/**
 * Cookieless visitor analytics (docs/decisions/011-cookieless-analytics.md): a page view becomes
 * one page_views row whose visitor is sha256(daily salt + site + ip + user agent), cut to 32 hex
 * characters. The salt of a UTC day is deleted once the day is over, so no hash can be tied to a
 * visitor afterwards. Views are buffered in memory and written in batches.
 */

/** What /js/hl.js sends, as a text/plain JSON body (so the browser makes no CORS preflight). */
export const pageViewEventSchema = z.object({
  site: z
    .string({ error: "site must be the site key (32 hex digits)" })
    .regex(/^[0-9a-f]{32}$/, { error: "site must be the site key (32 hex digits)" }),
  url: plainText("url", "url must be the page's full http(s) address")
    .max(2000, { error: "url must be at most 2000 characters" })
    .pipe(z.url({ protocol: /^https?$/, error: "url must be the page's full http(s) address" })),
  referrer: plainText("referrer", "referrer must be a string")
    .max(2000, { error: "referrer must be at most 2000 characters" })
    .optional(),
  width: z
    .number({ error: "width must be a number" })
    .int({ error: "width must be a whole number" })
    .min(0, { error: "width must be at least 0" })
    .max(100_000, { error: "width must be at most 100000" }),
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

/** A website as the ingestion sees it: its id and the host names a view may come from. */
export type AnalyticsSite = {
  id: string;
  domain: string;
  checkHost: string | undefined;
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

const toSite = (row: {
  id: string;
  domain: string;
  checkUrl: string | null;
  vitalsEnabled: boolean;
}): AnalyticsSite => ({
  id: row.id,
  domain: row.domain.toLowerCase(),
  checkHost: hostOf(row.checkUrl ?? undefined),
  vitalsEnabled: row.vitalsEnabled,
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
    const rows = await db
      .select({
        id: websites.id,
        siteKey: websites.siteKey,
        domain: websites.domain,
        checkUrl: websites.checkUrl,
        vitalsEnabled: websites.vitalsEnabled,
      })
      .from(websites);
    sites = new Map(rows.map((row) => [row.siteKey, toSite(row)]));
    misses = 0;
    loadedAt = Date.now();
  }

  async function lookUp(siteKey: string): Promise<AnalyticsSite | null> {
    const [row] = await db
      .select({
        id: websites.id,
        domain: websites.domain,
        checkUrl: websites.checkUrl,
        vitalsEnabled: websites.vitalsEnabled,
      })
      .from(websites)
      .where(eq(websites.siteKey, siteKey));
    const site = row ? toSite(row) : null;
    if (site || misses < maxMisses) {
      if (!site) misses++;
      sites.set(siteKey, site);
    }
    return site;
  }

  return {
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
    await db.delete(pageViews).where(lt(pageViews.day, monthsBefore(day, PAGE_VIEW_MONTHS)));
    if (!row) throw new Error(`No analytics salt for ${day}`);
    return row.salt;
  }

  return {
    /**
     * The salt of `day`; the first call of a new day rotates (and deletes the old salts and the
     * page views past their 13 months).
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
};

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

/**
 * Views waiting to be written. One flush at a time, each one multi-row INSERT from a single JSON
 * parameter; a crash loses at most the views of one flush window. close() writes what is left.
 */
export function createPageViewBuffer({
  db,
  log,
  flushMs = 250,
  batchSize = 1000,
  maxPending = 50_000,
}: PageViewBufferOptions) {
  const pending: PageViewRow[] = [];
  let flushing: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;

  async function write(rows: PageViewRow[]) {
    const json = JSON.stringify(rows);
    await db.execute(sql`
      insert into page_views (website_id, occurred_at, day, visitor_hash, path, referrer_host, device)
      select v."websiteId", v."occurredAt", v.day, v."visitorHash", v.path, v."referrerHost", v.device
      from json_to_recordset(${json}::json) as v(
        "websiteId" uuid, "occurredAt" timestamptz, day date, "visitorHash" text, path text,
        "referrerHost" text, device text
      )
      -- A website deleted since its key was cached takes its views with it.
      where exists (select 1 from websites w where w.id = v."websiteId")`);
  }

  async function drain() {
    while (pending.length > 0) {
      const rows = pending.splice(0, batchSize);
      try {
        await write(rows);
      } catch (error) {
        // Kept for the next flush while there is room: the database may be back by then.
        if (pending.length + rows.length <= maxPending) pending.unshift(...rows);
        else log.error({ dropped: rows.length }, "page views dropped: the buffer is full");
        throw error;
      }
    }
  }

  function flush(): Promise<void> {
    flushing ??= drain()
      .catch((error: unknown) => log.error({ err: error }, "page views not written"))
      .finally(() => (flushing = undefined));
    return flushing;
  }

  return {
    /** Queues a view; false when the buffer is full (the database is not keeping up). */
    add(row: PageViewRow): boolean {
      if (pending.length >= maxPending) return false;
      pending.push(row);
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
    /** Stops the timer and writes every view still waiting. */
    async close() {
      clearInterval(timer);
      timer = undefined;
      await flushing;
      await flush();
    },
  };
}
