import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { siteWindow } from "@shared/site-range";
import {
  createTestDatabase,
  databaseKinds,
  type TestDatabase,
} from "../../../tests/support/database";
import { aClient, aClientUser, aWebsite } from "../../../tests/support/factories";
import type { Db } from "../db/client";
import {
  companies,
  maintenanceWindows,
  maintenanceWindowSites,
  monitorChecks,
  monitorIncidents,
  notices,
  outboxEmails,
  siteMonitors,
} from "../db/schema";
import { siteFigures } from "../websites/figures";
import { siteHealth } from "../websites/health";
import { cancelMaintenanceWindow, sendMaintenanceNotices } from "./maintenance";
import type { ProbeResult } from "./probe";
import { recordChecks, type CheckMade, type ClaimedSite } from "./site-checks";

const settings = {
  agencyInbox: "staff@example.test",
  publicUrl: "https://www.example.test",
  checkIntervalSeconds: 300,
};
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** The day measured, and the moment it is read: the next midnight (UTC). */
const DAY_START = Date.UTC(2026, 10, 2);
const READ_AT = new Date(DAY_START + DAY);

type Span = { start: number; end: number };
const inside = (spans: Span[], at: number) => spans.some((s) => s.start <= at && at < s.end);

const up: ProbeResult = {
  ok: true,
  statusCode: 200,
  responseMs: 120,
  cause: null,
  detail: null,
  certExpiresAt: null,
};
const down: ProbeResult = {
  ok: false,
  statusCode: 503,
  responseMs: 40,
  cause: "http",
  detail: "HTTP 503",
  certExpiresAt: null,
};

describe.each(databaseKinds)("maintenance windows and uptime (%s)", (kind) => {
  let database: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = database.db;
  });
  afterAll(() => database.drop());
  afterEach(async () => {
    await db.delete(companies);
    await db.delete(outboxEmails);
  });

  /** A client's live site with its monitor row, as the monitor's first pass makes it. */
  async function liveSite() {
    const { company, owner } = await aClient(db);
    const site = await aWebsite(db, company.id, { checkUrl: "https://example.test/" });
    await db.insert(siteMonitors).values({ websiteId: site.id });
    const claimed: ClaimedSite = { ...site, companyId: company.id };
    return { company, owner, site: claimed };
  }

  async function aWindow(companyId: string, websiteIds: string[], span: Span, note = "Upgrade") {
    const [window] = await db
      .insert(maintenanceWindows)
      .values({ companyId, startsAt: new Date(span.start), endsAt: new Date(span.end), note })
      .returning();
    await db
      .insert(maintenanceWindowSites)
      .values(websiteIds.map((websiteId) => ({ windowId: window!.id, websiteId })));
    return window!;
  }

  /**
   * Checks the site every `everyMs` over the day, failing inside `failures`, recorded as one
   * batch (as the monitor records the checks that end together), each check after the one before.
   */
  async function checkDay(site: ClaimedSite, everyMs: number, failures: Span[]) {
    const checks: CheckMade[] = [];
    for (let at = DAY_START; at < DAY_START + DAY; at += everyMs) {
      checks.push({ site, result: inside(failures, at) ? down : up, at: new Date(at) });
    }
    await recordChecks(db, checks, settings);
  }

  /** The day's uptime as the site page, its range and the dashboard read it. */
  async function uptimeRead(companyId: string, websiteId: string) {
    const window = siteWindow("7d", READ_AT)!;
    const health = await siteHealth(
      db,
      companyId,
      websiteId,
      { ...window, range: "7d", checkIntervalSeconds: 300 },
      READ_AT,
    );
    const day = health!.days.find((d) => d.day === "2026-11-02")!;
    const figures = await siteFigures(db, [{ id: websiteId, live: true }], READ_AT);
    return {
      day: day.uptimePercent,
      range: health!.uptime.percent,
      dashboard: figures.get(websiteId)!.uptimePercent,
      maintenanceChecks: day.maintenanceChecks,
      maintenanceHours: health!.responseTimes.points
        .filter((point) => point.maintenance)
        .map((point) => point.at.slice(11, 16)),
    };
  }

  it("leaves a 2-hour window with a 1-hour failure inside it out of the day's uptime", async () => {
    const { company, site } = await liveSite();
    // Maintenance 10:00-12:00; the site fails 10:30-11:30 (checked every 5 minutes).
    await aWindow(company.id, [site.id], {
      start: DAY_START + 10 * HOUR,
      end: DAY_START + 12 * HOUR,
    });
    await checkDay(site, 5 * MINUTE, [
      { start: DAY_START + 10.5 * HOUR, end: DAY_START + 11.5 * HOUR },
    ]);

    expect(await uptimeRead(company.id, site.id)).toEqual({
      day: 100,
      range: 100,
      dashboard: 100,
      maintenanceChecks: 24,
      maintenanceHours: ["10:00", "11:00"],
    });
    // The checks were made and kept, and the failure opened nothing and emailed no one.
    const checks = await db
      .select()
      .from(monitorChecks)
      .where(eq(monitorChecks.websiteId, site.id));
    expect(checks).toHaveLength(288);
    expect(checks.filter((check) => check.inMaintenance)).toHaveLength(24);
    expect(checks.filter((check) => !check.ok)).toHaveLength(12);
    expect(await db.select().from(monitorIncidents)).toHaveLength(0);
    expect(await db.select().from(outboxEmails)).toHaveLength(0);
  });

  it("counts the same hour of failure when it falls outside the window", async () => {
    const { company, site } = await liveSite();
    await aWindow(company.id, [site.id], {
      start: DAY_START + 10 * HOUR,
      end: DAY_START + 12 * HOUR,
    });
    // Failing 10:30-11:30 (in the window) and 14:00-15:00 (not): 12 of 264 counted checks fail.
    await checkDay(site, 5 * MINUTE, [
      { start: DAY_START + 10.5 * HOUR, end: DAY_START + 11.5 * HOUR },
      { start: DAY_START + 14 * HOUR, end: DAY_START + 15 * HOUR },
    ]);
    const read = await uptimeRead(company.id, site.id);
    expect(read).toMatchObject({ day: 95.45, range: 95.45, dashboard: 95.45 });
    // Outside the window it is an outage like any other.
    expect(await db.select().from(monitorIncidents)).toHaveLength(1);
  });

  it("opens the incident when a site still failing at the window's end keeps failing", async () => {
    const { company, site } = await liveSite();
    await aWindow(company.id, [site.id], { start: DAY_START, end: DAY_START + HOUR });
    for (const minutes of [50, 55, 60, 65]) {
      await recordChecks(
        db,
        [{ site, result: down, at: new Date(DAY_START + minutes * MINUTE) }],
        settings,
      );
    }
    const incidents = await db.select().from(monitorIncidents);
    expect(incidents).toHaveLength(1);
    expect(incidents[0]!.startedAt).toEqual(new Date(DAY_START + 60 * MINUTE));
  });

  it("agrees with a plain count for any windows and failures (property)", async () => {
    const hourSpan = fc
      .tuple(fc.integer({ min: 0, max: 47 }), fc.integer({ min: 1, max: 12 }))
      .map(([start, length]) => ({
        start: DAY_START + start * 30 * MINUTE,
        end: DAY_START + Math.min(48, start + length) * 30 * MINUTE,
      }));
    await fc.assert(
      fc.asyncProperty(
        fc.array(hourSpan, { maxLength: 3 }),
        fc.array(hourSpan, { maxLength: 3 }),
        fc.boolean(),
        async (windows, failures, cancelOne) => {
          const { company, site } = await liveSite();
          const made = [];
          for (const span of windows) made.push(await aWindow(company.id, [site.id], span));
          // A cancelled window suppresses nothing.
          let counting = windows;
          if (cancelOne && made.length > 0) {
            await db
              .update(maintenanceWindows)
              .set({ cancelledAt: new Date(DAY_START) })
              .where(eq(maintenanceWindows.id, made[0]!.id));
            counting = windows.slice(1);
          }
          const every = 15 * MINUTE;
          await checkDay(site, every, failures);

          let counted = 0;
          let upCount = 0;
          let maintenance = 0;
          for (let at = DAY_START; at < DAY_START + DAY; at += every) {
            if (inside(counting, at)) maintenance++;
            else {
              counted++;
              if (!inside(failures, at)) upCount++;
            }
          }
          const expected = counted === 0 ? null : Math.floor((upCount / counted) * 10_000) / 100;
          const read = await uptimeRead(company.id, site.id);
          expect(read.day).toBe(expected);
          expect(read.range).toBe(expected);
          expect(read.dashboard).toBe(expected);
          expect(read.maintenanceChecks).toBe(maintenance);
          // No incident ever starts inside a (not cancelled) window.
          const incidents = await db
            .select()
            .from(monitorIncidents)
            .where(eq(monitorIncidents.websiteId, site.id));
          for (const incident of incidents) {
            expect(inside(counting, incident.startedAt.getTime())).toBe(false);
          }
          await db.delete(companies).where(eq(companies.id, company.id));
        },
      ),
      { numRuns: 12, seed: 20261102 },
    );
  }, 120_000);

  describe("notices", () => {
    const at = (hours: number) => new Date(DAY_START + hours * HOUR);
    const toldOf = (companyId: string) =>
      db.select().from(notices).where(eq(notices.companyId, companyId));

    it("tells every member 48 hours ahead and at the start, each once", async () => {
      const { company, site } = await liveSite();
      await aClientUser(db, company.id, { role: "member" });
      await aWindow(
        company.id,
        [site.id],
        { start: at(72).getTime(), end: at(74).getTime() },
        "New server",
      );

      expect(await sendMaintenanceNotices(db, at(23), settings)).toEqual({
        notices: 0,
        emailsQueued: 0,
      });
      // Two passes at once, as two instances would run them: one sends.
      const passes = await Promise.all([
        sendMaintenanceNotices(db, at(24), settings),
        sendMaintenanceNotices(db, at(24), settings),
      ]);
      expect(passes.map((p) => p.emailsQueued).sort()).toEqual([0, 2]);
      let emails = await db.select().from(outboxEmails);
      expect(emails.map((email) => email.subject)).toEqual([
        `Maintenance planned on ${site.domain}`,
        `Maintenance planned on ${site.domain}`,
      ]);
      expect(emails[0]!.text).toContain("New server");
      expect(await toldOf(company.id)).toHaveLength(2);

      expect((await sendMaintenanceNotices(db, at(71), settings)).notices).toBe(0);
      expect((await sendMaintenanceNotices(db, at(72), settings)).emailsQueued).toBe(2);
      expect((await sendMaintenanceNotices(db, at(73), settings)).notices).toBe(0);
      emails = await db.select().from(outboxEmails);
      expect(emails.filter((e) => e.subject.startsWith("Maintenance has started"))).toHaveLength(2);
      expect(await toldOf(company.id)).toHaveLength(4);
    });

    it("tells the members who were told of a window that it is cancelled, and no one else", async () => {
      const { company, owner, site } = await liveSite();
      const cancel = (id: string, now: Date) =>
        db.transaction((tx) => cancelMaintenanceWindow(tx, id, now, settings));
      const cancelledNotices = async () =>
        (await toldOf(company.id)).filter((n) => n.title.startsWith("Maintenance cancelled"));
      // Called off before anyone heard of it: nothing to say.
      const unheard = await aWindow(company.id, [site.id], {
        start: at(72).getTime(),
        end: at(74).getTime(),
      });
      expect((await cancel(unheard.id, at(10))).ok).toBe(true);
      expect(await cancelledNotices()).toHaveLength(0);
      expect(await db.select().from(outboxEmails)).toHaveLength(0);

      const told = await aWindow(
        company.id,
        [site.id],
        { start: at(80).getTime(), end: at(82).getTime() },
        "New server",
      );
      expect((await sendMaintenanceNotices(db, at(40), settings)).emailsQueued).toBe(1);
      // Joined after the notice: was not told, so hears of no cancellation either.
      const newcomer = await aClientUser(db, company.id, { role: "member" });
      expect((await cancel(told.id, at(50))).ok).toBe(true);
      const cancelled = (await db.select().from(outboxEmails)).filter((email) =>
        email.subject.startsWith("Maintenance cancelled"),
      );
      expect(cancelled.map((email) => [email.to, email.subject])).toEqual([
        [owner.email, `Maintenance cancelled on ${site.domain}`],
      ]);
      expect(cancelled[0]!.text).toContain("is cancelled");
      expect(cancelled[0]!.text).toContain("New server");
      expect((await cancelledNotices()).map((n) => n.userId)).toEqual([owner.id]);
      expect((await cancelledNotices()).map((n) => n.userId)).not.toContain(newcomer.id);
      // Neither the start notice nor a second cancellation follows.
      expect((await sendMaintenanceNotices(db, at(80), settings)).notices).toBe(0);
      expect((await cancel(told.id, at(51))).ok).toBe(false);
      expect(await cancelledNotices()).toHaveLength(1);
    });

    it("after downtime sends no start notice of a window already over, nor any of a cancelled one", async () => {
      const { company, site } = await liveSite();
      await aWindow(company.id, [site.id], { start: at(1).getTime(), end: at(3).getTime() });
      const cancelled = await aWindow(company.id, [site.id], {
        start: at(5).getTime(),
        end: at(6).getTime(),
      });
      await db
        .update(maintenanceWindows)
        .set({ cancelledAt: at(0) })
        .where(eq(maintenanceWindows.id, cancelled.id));
      // The server was down from before the first window until after it.
      expect(await sendMaintenanceNotices(db, at(4), settings)).toEqual({
        notices: 0,
        emailsQueued: 0,
      });
      expect(await sendMaintenanceNotices(db, at(5.5), settings)).toEqual({
        notices: 0,
        emailsQueued: 0,
      });
      expect(await db.select().from(outboxEmails)).toHaveLength(0);
    });
  });
});
