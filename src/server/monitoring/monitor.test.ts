import http from "node:http";
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  createPostgresDatabase,
  createTestDatabase,
  databaseKinds,
  dropPostgresDatabase,
  type TestDatabase,
} from "../../../tests/support/database";
import { openDatabase, type Db } from "../db/client";
import {
  companies,
  companyMembers,
  domains,
  expiryAlerts,
  monitorChecks,
  monitorIncidents,
  monitorRollups,
  outboxEmails,
  siteMonitors,
  users,
  websites,
} from "../db/schema";
import { monitorLateness } from "../metrics/metrics";
import { createCheckRecorder, runMonitorOnce, type MonitorRunOptions } from "./monitor";
import { close, listen } from "../../../tests/support/local-server";

const settings = { agencyInbox: "staff@example.test", publicUrl: "https://www.example.test" };
const MINUTE = 60_000;

/** A local site whose answer a test sets, counting the requests it gets. */
async function target() {
  const site = { status: 200, requests: 0, url: "", server: undefined as unknown as http.Server };
  site.server = http.createServer((_req, res) => {
    site.requests++;
    res.writeHead(site.status).end("ok");
  });
  site.url = await listen(site.server);
  return site;
}

async function company(db: Db, name: string) {
  const [row] = await db.insert(companies).values({ name }).returning();
  const [owner] = await db
    .insert(users)
    .values({ email: `owner@${name}.test`, firstName: "Olive" })
    .returning();
  const [member] = await db
    .insert(users)
    .values({ email: `member@${name}.test`, firstName: "Mel" })
    .returning();
  await db.insert(companyMembers).values([
    { companyId: row!.id, userId: owner!.id, role: "owner" },
    { companyId: row!.id, userId: member!.id, role: "member" },
  ]);
  return row!.id;
}

async function website(
  db: Db,
  companyId: string,
  domain: string,
  checkUrl: string,
  status = "active",
) {
  const [row] = await db
    .insert(websites)
    .values({ companyId, domain, plan: "VPS Hosting", status, checkUrl })
    .returning();
  return row!.id;
}

const emails = (db: Db, kind: string) =>
  db.select().from(outboxEmails).where(eq(outboxEmails.kind, kind));

describe.each(databaseKinds)("the monitor (%s)", (kind) => {
  let database: TestDatabase;
  let db: Db;
  const sites: Awaited<ReturnType<typeof target>>[] = [];
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = database.db;
  });
  afterAll(async () => {
    await Promise.all(sites.map((site) => close(site.server)));
    await database.drop();
  });
  afterEach(async () => {
    await db.delete(websites);
    await db.delete(outboxEmails);
    await db.delete(expiryAlerts);
  });

  const options = (now: Date): MonitorRunOptions => ({
    db,
    settings,
    intervalMs: MINUTE,
    probe: { allowPrivate: true, timeoutMs: 1_000 },
    now,
  });
  const at = (minutes: number, seconds = 0) =>
    new Date(Date.UTC(2026, 10, 2, 9) + minutes * MINUTE + seconds * 1000);

  it("opens an incident on the second failure, closes it on recovery, and emails each once", async () => {
    const site = await target();
    sites.push(site);
    const companyId = await company(db, "bakery");
    const id = await website(db, companyId, "bakery.example", site.url);

    await runMonitorOnce(options(at(0)));
    let [state] = await db.select().from(siteMonitors).where(eq(siteMonitors.websiteId, id));
    expect(state!.lastResponseMs).toEqual(expect.any(Number));
    site.status = 503;
    await runMonitorOnce(options(at(1)));
    [state] = await db.select().from(siteMonitors).where(eq(siteMonitors.websiteId, id));
    // A failed check did not answer: it keeps no response time.
    expect(state).toMatchObject({
      status: "up",
      consecutiveFailures: 1,
      lastCause: "http",
      lastStatusCode: 503,
      lastResponseMs: null,
    });
    // A first failure is retried 20 s later, not an interval later.
    expect(state!.nextCheckAt).toEqual(at(1, 20));
    expect(await db.select().from(monitorIncidents)).toHaveLength(0);
    await runMonitorOnce(options(at(1, 10))); // not due yet
    expect(site.requests).toBe(2);

    await runMonitorOnce(options(at(1, 20)));
    [state] = await db.select().from(siteMonitors).where(eq(siteMonitors.websiteId, id));
    expect(state).toMatchObject({ status: "down", consecutiveFailures: 2 });
    const [incident] = await db.select().from(monitorIncidents);
    expect(incident).toMatchObject({
      cause: "http",
      detail: "HTTP 503",
      startedAt: at(1, 20),
      endedAt: null,
    });
    await runMonitorOnce(options(at(3)));
    await runMonitorOnce(options(at(4)));
    expect(await db.select().from(monitorIncidents)).toHaveLength(1);
    const down = await emails(db, "site-down");
    expect(down.map((email) => email.to).sort()).toEqual([
      "owner@bakery.test",
      "staff@example.test",
    ]);
    expect(down[0]!.text).toContain("HTTP 503");
    // The monitor's own interval, and the time in the agency's zone (after the clocks went back).
    expect(down[0]!.text).toContain(`We check ${site.url} every minute`);
    expect(down[0]!.text).toContain("since Nov 2, 2026, 1:01 AM PST");

    site.status = 200;
    await runMonitorOnce(options(at(5)));
    await runMonitorOnce(options(at(6)));
    const [closed] = await db.select().from(monitorIncidents);
    expect(closed!.endedAt).toEqual(at(5));
    const recovered = await emails(db, "site-recovered");
    expect(recovered).toHaveLength(2);
    expect(recovered[0]!.subject).toBe("bakery.example is back up (down 3 min)");
    expect(await emails(db, "site-down")).toHaveLength(2);

    // Flapping: down again 10 minutes after the recovery email: recorded, no email...
    site.status = 500;
    await runMonitorOnce(options(at(15)));
    await runMonitorOnce(options(at(15, 20)));
    expect(
      await db.select().from(monitorIncidents).where(isNull(monitorIncidents.endedAt)),
    ).toHaveLength(1);
    expect(await emails(db, "site-down")).toHaveLength(2);
    // ...and if it stays down past the quiet half hour, the down email goes out then, once.
    for (let minute = 16; minute <= 40; minute++) await runMonitorOnce(options(at(minute)));
    expect(await emails(db, "site-down")).toHaveLength(4);
    site.status = 200;
    await runMonitorOnce(options(at(41)));
    expect(await emails(db, "site-recovered")).toHaveLength(4);

    // A short blip inside the quiet window sends nothing at all.
    site.status = 500;
    await runMonitorOnce(options(at(50)));
    await runMonitorOnce(options(at(50, 20)));
    site.status = 200;
    await runMonitorOnce(options(at(51)));
    expect(await db.select().from(monitorIncidents)).toHaveLength(3);
    expect(await emails(db, "site-down")).toHaveLength(4);
    expect(await emails(db, "site-recovered")).toHaveLength(4);

    // The hour and day roll-ups count every check.
    const rollups = await db.select().from(monitorRollups).where(eq(monitorRollups.websiteId, id));
    const checks = await db.select().from(monitorChecks).where(eq(monitorChecks.websiteId, id));
    const sum = (granularity: string) =>
      rollups
        .filter((row) => row.granularity === granularity)
        .reduce((total, row) => total + row.checks, 0);
    expect(sum("hour")).toBe(checks.length);
    expect(sum("day")).toBe(checks.length);
    expect(checks.length).toBe(site.requests);
  });

  it("records checks that end together as one batch, in order, and one unwritable check loses no other", async () => {
    const companyId = await company(db, "harbor");
    const ids = await Promise.all(
      ["one", "two", "three"].map((name) =>
        website(db, companyId, `${name}.example`, `https://${name}.example`),
      ),
    );
    await runMonitorOnce({ ...options(at(0)), batchSize: 0 }); // their monitor rows, no check
    const siteOf = async (id: string) =>
      (await db.select().from(websites).where(eq(websites.id, id)))[0]!;
    const [one, two, three] = await Promise.all(ids.map(siteOf));
    const answer = { statusCode: 200, responseMs: 40, cause: null, detail: null };
    const failed = { ...answer, ok: false, statusCode: 503, cause: "http" as const };
    const recorder = createCheckRecorder(db, settings, MINUTE);
    const outcomes = await Promise.allSettled([
      recorder.record({ site: one!, result: { ...failed, certExpiresAt: null }, at: at(1) }),
      // Beyond the column's range: this check cannot be written.
      recorder.record({
        site: two!,
        result: { ...answer, ok: true, responseMs: 2 ** 31, certExpiresAt: null },
        at: at(1),
      }),
      recorder.record({
        site: three!,
        result: { ...answer, ok: true, certExpiresAt: null },
        at: at(1),
      }),
      // The same site again in the same batch: recorded after its first check.
      recorder.record({ site: one!, result: { ...failed, certExpiresAt: null }, at: at(1, 20) }),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      "fulfilled",
      "rejected",
      "fulfilled",
      "fulfilled",
    ]);
    expect(outcomes[3]).toMatchObject({ value: { incidentOpened: true, emailsQueued: 2 } });
    const states = await db.select().from(siteMonitors);
    const stateOf = (id: string) => states.find((state) => state.websiteId === id);
    expect(stateOf(one!.id)).toMatchObject({ status: "down", consecutiveFailures: 2 });
    expect(stateOf(two!.id)).toMatchObject({ status: "unknown", lastCheckedAt: null });
    expect(stateOf(three!.id)).toMatchObject({ status: "up", lastResponseMs: 40 });
    const checks = await db.select().from(monitorChecks);
    expect(checks.map((check) => check.websiteId).sort()).toEqual(
      [one!.id, one!.id, three!.id].sort(),
    );
    expect(await db.select().from(monitorIncidents)).toMatchObject([
      { websiteId: one!.id, startedAt: at(1, 20), endedAt: null },
    ]);
  });

  it("says in the down email how often the site is checked, in the agency's time zone", async () => {
    const site = await target();
    sites.push(site);
    site.status = 502;
    const companyId = await company(db, "ferry");
    await website(db, companyId, "ferry.example", site.url);
    // A summer morning: Pacific daylight time.
    const june = (seconds: number) => new Date(Date.UTC(2026, 5, 15, 16, 30, seconds));
    const everyFive = (now: Date) => ({ ...options(now), intervalMs: 5 * MINUTE });
    await runMonitorOnce(everyFive(june(0)));
    await runMonitorOnce(everyFive(june(20)));
    const down = await emails(db, "site-down");
    expect(down).toHaveLength(2);
    expect(down[0]!.text).toContain(`We check ${site.url} every 5 minutes`);
    expect(down[0]!.text).toContain("since Jun 15, 2026, 9:30 AM PDT");
  });

  it("checks once after downtime, never checks Building or Paused sites, and prunes old history", async () => {
    const live = await target();
    const building = await target();
    const paused = await target();
    sites.push(live, building, paused);
    const companyId = await company(db, "catch-up");
    const id = await website(db, companyId, "live.example", live.url);
    await website(db, companyId, "building.example", building.url, "building");
    await website(db, companyId, "paused.example", paused.url, "paused");

    await runMonitorOnce(options(at(0)));
    const late = async () => {
      const { values } = await monitorLateness.get();
      const value = (suffix: string) =>
        values.find((v) => v.metricName === `harborline_monitor_check_lateness_seconds_${suffix}`)
          ?.value ?? 0;
      return { checks: value("count"), seconds: value("sum") };
    };
    const before = await late();
    // Three days without any instance running: one check, not thousands.
    await runMonitorOnce({ ...options(at(3 * 1440)), prune: true });
    // The figures tell that the check ran about three days after it was due.
    const after = await late();
    expect(after.checks).toBeGreaterThan(before.checks);
    expect(after.seconds - before.seconds).toBeGreaterThan(3 * 86_400 - 3_600);
    await runMonitorOnce(options(at(3 * 1440, 30)));
    expect(live.requests).toBe(2);
    expect(building.requests + paused.requests).toBe(0);

    // 10 days later, pruning keeps the daily roll-ups only for the old days.
    await runMonitorOnce({ ...options(at(10 * 1440 + 1)), prune: true });
    const checks = await db.select().from(monitorChecks).where(eq(monitorChecks.websiteId, id));
    expect(checks.map((row) => row.checkedAt)).toEqual([at(10 * 1440 + 1)]);
    await runMonitorOnce({ ...options(at(100 * 1440 + 60)), prune: true });
    const rollups = await db.select().from(monitorRollups).where(eq(monitorRollups.websiteId, id));
    expect(
      rollups.filter((row) => row.granularity === "hour").map((row) => row.periodStart),
    ).toEqual([at(100 * 1440 + 60)]);
    expect(rollups.filter((row) => row.granularity === "day")).toHaveLength(4);
  });

  it("warns of a certificate or domain expiring at 30, 14 and 7 days, once each", async () => {
    const site = await target();
    sites.push(site);
    const companyId = await company(db, "expiry");
    const id = await website(db, companyId, "expiry.example", site.url);
    await runMonitorOnce(options(at(0)));
    const day = (days: number) => new Date(at(0).getTime() + days * 1440 * MINUTE);
    await db
      .update(siteMonitors)
      .set({ certExpiresAt: day(40) })
      .where(eq(siteMonitors.websiteId, id));
    const [domain] = await db
      .insert(domains)
      .values({ companyId, domain: "expiry.example", expiresAt: day(40), autoRenew: false })
      .returning();
    for (let d = 1; d <= 40; d++)
      await runMonitorOnce({ ...options(day(d)), probe: { allowPrivate: false } });
    const warnings = await emails(db, "expiry-warning");
    // 3 stages x 2 subjects x (owner + staff).
    expect(warnings).toHaveLength(12);
    const alerts = await db.select().from(expiryAlerts);
    expect(alerts.map((row) => `${row.kind} ${row.daysBefore}`).sort()).toEqual([
      "certificate 14",
      "certificate 30",
      "certificate 7",
      "domain 14",
      "domain 30",
      "domain 7",
    ]);
    expect(
      warnings.some((email) => email.subject === "Domain expiry.example expires in 7 days"),
    ).toBe(true);

    // Renewed, then a long downtime: only the most urgent warning of the new date.
    await db
      .update(domains)
      .set({ expiresAt: day(400) })
      .where(eq(domains.id, domain!.id));
    await db.delete(outboxEmails);
    await runMonitorOnce({ ...options(day(392)), probe: { allowPrivate: false } });
    const late = await emails(db, "expiry-warning");
    expect(late.map((email) => email.subject)).toEqual([
      "Domain expiry.example expires in 8 days",
      "Domain expiry.example expires in 8 days",
    ]);
    const renewed = await db
      .select()
      .from(expiryAlerts)
      .where(
        and(
          eq(expiryAlerts.kind, "domain"),
          eq(expiryAlerts.expiresOn, day(400).toISOString().slice(0, 10)),
        ),
      );
    expect(renewed.map((row) => row.daysBefore).sort()).toEqual([14, 30]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  "two instances on PostgreSQL (skipped without TEST_DATABASE_URL)",
  () => {
    it("check each site once per interval, counted at the target servers", async () => {
      const url = await createPostgresDatabase();
      const first = await openDatabase({ url });
      const second = await openDatabase({ url });
      const targets = await Promise.all([target(), target(), target(), target()]);
      try {
        const companyId = await company(first.db, "twins");
        for (const [index, site] of targets.entries()) {
          await website(first.db, companyId, `site${index}.example`, site.url);
        }
        const start = Date.UTC(2026, 10, 2, 9);
        for (let minute = 0; minute < 5; minute++) {
          for (let second10 = 0; second10 < 6; second10++) {
            const now = new Date(start + minute * MINUTE + second10 * 10_000);
            const pass = (db: Db) =>
              runMonitorOnce({
                db,
                settings,
                intervalMs: MINUTE,
                probe: { allowPrivate: true, timeoutMs: 1_000 },
                now,
                concurrency: 2,
              });
            await Promise.all([pass(first.db), pass(second.db)]);
          }
        }
        // 5 minutes, one check a minute each, whichever instance made it.
        expect(targets.map((site) => site.requests)).toEqual([5, 5, 5, 5]);
        const checks = await first.db.select().from(monitorChecks);
        expect(checks).toHaveLength(20);
      } finally {
        await Promise.all(targets.map((site) => close(site.server)));
        await first.close();
        await second.close();
        await dropPostgresDatabase(url);
      }
    });
  },
);
