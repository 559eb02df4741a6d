import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP_BROWSER } from "../../../tests/support/analytics";
import type { SiteVitals } from "@shared/schemas/vitals";
import { callApi, createTestApp, signInAs, type TestApp } from "../../../tests/support/app";
import { databaseKinds } from "../../../tests/support/database";
import { aClient, aStaffMember, aWebsite } from "../../../tests/support/factories";
import { fetchRaw } from "../../../tests/support/raw-http";
import { notices, outboxEmails, webVitalDays, webVitals, websites } from "../db/schema";
import { checkVitalRatings } from "./vitals-alerts";
import { bucketOf, histogramOf } from "./vitals-buckets";
import { rollUpVitals } from "./vitals-rollup";

const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const staffEmail = "avery@harborline.example";

describe.each(databaseKinds)("real-user speed (vitals on POST /api/events) on %s", (kind) => {
  let t: TestApp;
  let port: number;
  let clock = new Date("2026-11-20T10:00:00Z");
  let staff: string;
  let owner: string;
  let stranger: string;
  const ids = {} as Record<"on" | "off", { id: string; siteKey: string }>;

  beforeAll(async () => {
    t = await createTestApp(
      kind,
      { ADMIN_EMAILS: staffEmail },
      { analytics: { now: () => clock, flushMs: 60_000 } },
    );
    await aStaffMember(t.database.db, { email: staffEmail });
    const bakery = await aClient(t.database.db, { name: "Rivera Bakery" });
    const other = await aClient(t.database.db, { name: "Tidepool Surf" });
    for (const which of ["on", "off"] as const) {
      const site = await aWebsite(t.database.db, bakery.company.id, {
        domain: `${which}.riverabakery.example`,
      });
      const [row] = await t.database.db
        .update(websites)
        .set({ vitalsEnabled: which === "on" })
        .where(eq(websites.id, site.id))
        .returning({ id: websites.id, siteKey: websites.siteKey });
      ids[which] = row!;
    }
    staff = await signInAs(t, staffEmail);
    owner = await signInAs(t, bakery.owner.email);
    stranger = await signInAs(t, other.owner.email);
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  const vitals = (extra: Record<string, unknown> = {}, site = ids.on) =>
    JSON.stringify({
      type: "vitals",
      site: site.siteKey,
      url: `https://${site === ids.on ? "on" : "off"}.riverabakery.example/menu?utm_source=x`,
      width: 1440,
      metrics: { lcp: 1800, inp: 120, cls: 0.02, fcp: 900, ttfb: 300 },
      ...extra,
    });
  const headers = (extra: Record<string, string> = {}) => ({
    "content-type": "text/plain;charset=UTF-8",
    origin: "https://on.riverabakery.example",
    "user-agent": DESKTOP_BROWSER,
    "sec-fetch-site": "cross-site",
    ...extra,
  });
  const stored = async () => {
    await t.app.analytics.vitals.flush();
    return t.database.db.select().from(webVitals).orderBy(webVitals.id);
  };

  it("stores what the tag sends, and refuses the rest with a clear 4xx, in the route and the fast path alike", async () => {
    const cases: [string, string, Record<string, string>, number, string?][] = [
      ["vitals", vitals(), {}, 202],
      ["a bot's vitals", vitals(), { "user-agent": GOOGLEBOT }, 202],
      ["a negative LCP", vitals({ metrics: { lcp: -1 } }), {}, 400, "LCP must be at least 0"],
      ["NaN (null in JSON)", vitals({ metrics: { inp: null } }), {}, 400, "INP must be a number"],
      ["NaN as text", vitals({ metrics: { inp: "NaN" } }), {}, 400, "INP must be a number"],
      ["NaN as a literal", vitals().replace("1800", "NaN"), {}, 400, "JSON object"],
      ["LCP over 10 minutes", vitals({ metrics: { lcp: 600_001 } }), {}, 400, "(10 minutes)"],
      ["CLS over 100", vitals({ metrics: { cls: 100.5 } }), {}, 400, "CLS must be at most 100"],
      ["an unknown metric", vitals({ metrics: { lcp: 1, fid: 3 } }), {}, 400, "Unknown metric fid"],
      ["no metric", vitals({ metrics: {} }), {}, 400, "at least one of lcp"],
      ["an unknown type", vitals({ type: "click" }), {}, 400, "or left out for a page view"],
      [
        "another site's origin",
        vitals(),
        { origin: "https://evil.example" },
        403,
        "does not belong",
      ],
      [
        "a site with vitals off",
        vitals({}, ids.off),
        { origin: "https://off.riverabakery.example" },
        403,
        "Real-user speed is off",
      ],
    ];
    for (const [what, body, extra, status, message] of cases) {
      const before = (await stored()).length;
      const fast = await fetchRaw(port, "/api/events", headers(extra), "POST", body);
      const routed = await t.app.inject({
        method: "POST",
        url: "/api/events",
        headers: headers(extra),
        payload: body,
      });
      expect(fast.status, what).toBe(status);
      expect(routed.statusCode, what).toBe(status);
      expect(fast.body.toString(), what).toBe(routed.body);
      if (message) expect(routed.body, what).toContain(message);
      const added = (await stored()).length - before;
      expect(added, what).toBe(what === "vitals" ? 2 : 0);
    }
    const large = await fetchRaw(
      port,
      "/api/events",
      headers(),
      "POST",
      vitals({ pad: "x".repeat(5000) }),
    );
    expect(large.status).toBe(413);
    expect((await stored()).at(-1)).toMatchObject({
      path: "/menu",
      device: "desktop",
      day: "2026-11-20",
      lcp: 1800,
      inp: 120,
      cls: 0.02,
    });
  });

  it("rolls finished days into histograms once, deletes raw vitals after 7 days, and reads p75 from both", async () => {
    await t.database.db.delete(webVitals);
    const send = async (
      day: string,
      path: string,
      width: number,
      metrics: Record<string, number>,
    ) => {
      clock = new Date(`${day}T12:00:00Z`);
      const response = await t.app.inject({
        method: "POST",
        url: "/api/events",
        headers: headers(),
        payload: vitals({ url: `https://on.riverabakery.example${path}`, width, metrics }),
      });
      expect(response.statusCode).toBe(202);
    };
    // Ten days ago: four desktop visits of /slow (INP poor), one of /fast.
    for (const inp of [600, 700, 800, 650])
      await send("2026-11-10", "/slow", 1440, { lcp: 5000, inp });
    await send("2026-11-10", "/fast", 1440, { lcp: 1000, inp: 40 });
    // Today: a phone visit.
    await send("2026-11-20", "/", 375, { lcp: 2000, cls: 0 });
    await t.app.analytics.vitals.flush();

    const now = new Date("2026-11-20T12:00:00Z");
    const [first, second] = await Promise.all([
      rollUpVitals(t.database.db, now),
      rollUpVitals(t.database.db, now),
    ]);
    // Five groups (2 metrics x /slow, 2 x /fast... ) inserted once between the two passes.
    const days = await t.database.db.select().from(webVitalDays);
    expect(first + second).toBe(days.length);
    expect(
      days.filter((d) => d.day === "2026-11-10" && d.path === "/slow" && d.metric === "inp"),
    ).toEqual([expect.objectContaining({ device: "desktop", visits: 4, good: 0 })]);
    expect(await rollUpVitals(t.database.db, now)).toBe(0);
    // Raw rows of the 10th are gone (older than 7 days); today's stay, not rolled up yet.
    const raw = await t.database.db.select().from(webVitals);
    expect(raw.map((row) => row.day)).toEqual(["2026-11-20"]);

    clock = now;
    const read = await callApi(t, owner, "GET", `/api/websites/${ids.on.id}/vitals?range=30d`);
    expect(read.statusCode).toBe(200);
    const body = read.json<SiteVitals>();
    const desktop = body.devices.find((d) => d.device === "desktop")!;
    const inp = desktop.figures.find((f) => f.metric === "inp")!;
    expect(inp).toMatchObject({ rating: "poor", visits: 5, goodPercent: 20 });
    expect(Math.abs(inp.p75! - 700) / 700).toBeLessThan(0.05);
    expect(desktop.slowestByInp.map((p) => [p.path, p.rating])).toEqual([
      ["/slow", "poor"],
      ["/fast", "good"],
    ]);
    expect(desktop.slowestByLcp.map((p) => [p.path, p.rating])).toEqual([
      ["/slow", "poor"],
      ["/fast", "good"],
    ]);
    expect(desktop.trend).toHaveLength(90);
    expect(desktop.trend.find((d) => d.day === "2026-11-10")!.lcp).toBeGreaterThan(4000);
    const mobile = body.devices.find((d) => d.device === "mobile")!;
    expect(mobile.figures.find((f) => f.metric === "lcp")).toMatchObject({
      visits: 1,
      rating: "good",
    });
    expect(mobile.figures.find((f) => f.metric === "cls")).toMatchObject({
      p75: 0,
      rating: "good",
    });
    // The last 7 days leave the 10th out.
    const week = (
      await callApi(t, owner, "GET", `/api/websites/${ids.on.id}/vitals?range=7d`)
    ).json<SiteVitals>();
    expect(week.devices.find((d) => d.device === "desktop")!.figures[0]!.visits).toBe(0);
    // A calendar month, as the site page's month picker (and the monthly report) asks for it.
    const november = (
      await callApi(t, owner, "GET", `/api/websites/${ids.on.id}/vitals?range=2026-11`)
    ).json<SiteVitals>();
    expect(november).toMatchObject({ range: "2026-11", from: "2026-11-01" });
    const inNovember = november.devices.find((d) => d.device === "desktop")!;
    expect(inNovember.figures.find((f) => f.metric === "inp")).toMatchObject({
      visits: 5,
      goodPercent: 20,
    });
    expect(inNovember.trend.at(-1)!.day).toBe(november.to);
    const october = (
      await callApi(t, owner, "GET", `/api/websites/${ids.on.id}/vitals?range=2026-10`)
    ).json<SiteVitals>();
    expect(october.devices.every((d) => d.figures.every((f) => f.visits === 0))).toBe(true);
    const later = await callApi(t, owner, "GET", `/api/websites/${ids.on.id}/vitals?range=2999-01`);
    expect(later.statusCode).toBe(400);
    expect(later.json().errors.range).toBe("Range must not be a month after the current one");
  });

  it("shows a site's speed to its company and to staff only; staff turn it on and off", async () => {
    const url = `/api/websites/${ids.on.id}/vitals`;
    expect((await callApi(t, stranger, "GET", url)).statusCode).toBe(404);
    expect((await callApi(t, undefined, "GET", url)).statusCode).toBe(401);
    expect(
      (await callApi(t, owner, "GET", `/api/admin/websites/${ids.on.id}/vitals`)).statusCode,
    ).toBe(403);
    expect((await callApi(t, owner, "GET", `${url}?range=1y`)).json()).toMatchObject({
      message: expect.any(String),
    });
    expect(
      (await callApi(t, staff, "GET", `/api/admin/websites/${ids.on.id}/vitals`)).statusCode,
    ).toBe(200);
    const off = await callApi(t, staff, "PUT", `/api/admin/websites/${ids.off.id}/vitals`, {
      enabled: true,
    });
    expect(off.statusCode).toBe(200);
    expect(off.json<SiteVitals>().enabled).toBe(true);
    const bad = await callApi(t, staff, "PUT", `/api/admin/websites/${ids.off.id}/vitals`, {
      enabled: "yes",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain("enabled must be true or false");
    const list = await callApi(t, owner, "GET", "/api/websites");
    expect(
      list.json<{ domain: string; vitalsEnabled: boolean }[]>().every((w) => w.vitalsEnabled),
    ).toBe(true);
    // The site cache learns the change within its refresh: the ingest reads the database anew.
    clock = new Date();
  });

  it("tells staff once when a site's 7-day p75 LCP goes from good to poor, not every day it stays poor", async () => {
    const settings = {
      agencyInbox: "desk@harborline.example",
      publicUrl: "https://harborline.example",
    };
    await t.database.db.delete(webVitalDays);
    const lcpDay = (day: string, value: number) => {
      const histogram = histogramOf([[bucketOf("lcp", value), 20]]);
      return {
        websiteId: ids.on.id,
        day,
        path: "/",
        device: "mobile" as const,
        metric: "lcp" as const,
        visits: 20,
        good: value <= 2500 ? 20 : 0,
        firstBucket: histogram.first,
        counts: histogram.counts,
      };
    };
    const days = (first: number, last: number) =>
      Array.from(
        { length: last - first + 1 },
        (_, i) => `2026-10-${String(first + i).padStart(2, "0")}`,
      );
    // A good week to Oct 7, then poor days from Oct 8.
    await t.database.db.insert(webVitalDays).values(days(1, 7).map((day) => lcpDay(day, 1800)));
    const at = (day: string) => new Date(`${day}T06:00:00Z`);
    const staffNotices = () =>
      t.database.db.select().from(notices).where(eq(notices.kind, "staff-site-speed"));
    expect(await checkVitalRatings(t.database.db, settings, at("2026-10-09"))).toBe(0);
    await t.database.db.insert(webVitalDays).values(days(8, 20).map((day) => lcpDay(day, 6000)));
    // The week to Oct 9 turns poor (over a quarter of its visits); the checks after it stay poor.
    let told = 0;
    for (const day of ["2026-10-11", "2026-10-12", "2026-10-14", "2026-10-14", "2026-10-20"]) {
      told += await checkVitalRatings(t.database.db, settings, at(day));
    }
    expect(told).toBe(1);
    expect(await staffNotices()).toEqual([
      expect.objectContaining({
        title: expect.stringContaining("on.riverabakery.example turned slow"),
      }),
    ]);
    const emails = await t.database.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.kind, "site-speed-poor"));
    expect(emails.map((email) => email.to)).toContain("desk@harborline.example");
  });

  it("tells staff once when a site's INP slides from good through needs improvement to poor", async () => {
    const settings = {
      agencyInbox: "desk@harborline.example",
      publicUrl: "https://harborline.example",
    };
    await t.database.db.delete(webVitalDays);
    const inpDay = (day: number, value: number) => {
      const histogram = histogramOf([[bucketOf("inp", value), 20]]);
      return {
        websiteId: ids.on.id,
        day: `2026-09-${String(day).padStart(2, "0")}`,
        path: "/order",
        device: "desktop" as const,
        metric: "inp" as const,
        visits: 20,
        good: value <= 200 ? 20 : 0,
        firstBucket: histogram.first,
        counts: histogram.counts,
      };
    };
    // Good to Sep 7, needs improvement Sep 8 to 14, poor from Sep 15: the week's p75 never
    // jumps from good to poor, it passes through needs improvement on the way.
    await t.database.db
      .insert(webVitalDays)
      .values(
        Array.from({ length: 28 }, (_, i) =>
          inpDay(i + 1, i + 1 <= 7 ? 150 : i + 1 <= 14 ? 300 : 800),
        ),
      );
    const inpNotices = async () =>
      (
        await t.database.db.select().from(notices).where(eq(notices.kind, "staff-site-speed"))
      ).filter((notice) => notice.title.includes("INP"));
    let told = 0;
    for (let day = 9; day <= 30; day++) {
      const at = new Date(`2026-09-${String(day).padStart(2, "0")}T06:00:00Z`);
      told += await checkVitalRatings(t.database.db, settings, at);
    }
    expect(told).toBe(1);
    expect(await inpNotices()).toEqual([
      expect.objectContaining({
        title: expect.stringContaining("on.riverabakery.example turned slow for its visitors: INP"),
      }),
    ]);
  });
});
