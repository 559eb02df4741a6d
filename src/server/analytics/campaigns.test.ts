import { eq } from "drizzle-orm";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DESKTOP_BROWSER,
  aSiteWithItsOwner,
  storedGoals,
  storedViews,
} from "../../../tests/support/analytics";
import { callApi, createTestApp, type TestApp } from "../../../tests/support/app";
import { databaseKinds } from "../../../tests/support/database";
import { fetchRaw } from "../../../tests/support/raw-http";
import { goalEvents, pageViews, websites } from "../db/schema";

/**
 * Campaigns, goals and countries through POST /api/events, by both ways in (the fast path before
 * Fastify, and the route), and what the site's page then shows of them.
 */
describe.each(databaseKinds)("campaigns, goals and countries on %s", (kind) => {
  let t: TestApp;
  let port: number;
  let owner: string;
  let site: { id: string; siteKey: string };

  beforeAll(async () => {
    // Behind a trusted proxy, as in production: the visitor's address is X-Forwarded-For.
    t = await createTestApp(kind, { TRUST_PROXY: "127.0.0.1" }, { analytics: { flushMs: 60_000 } });
    ({ owner, site } = await aSiteWithItsOwner(t));
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  const headers = (ip: string, userAgent = DESKTOP_BROWSER) => ({
    "content-type": "text/plain;charset=UTF-8",
    origin: "https://www.harborcoffee.example",
    "user-agent": userAgent,
    "sec-fetch-site": "cross-site",
    "x-forwarded-for": ip,
  });
  const view = (extra: Record<string, unknown> = {}) => ({
    site: site.siteKey,
    url: "https://www.harborcoffee.example/menu",
    width: 1440,
    ...extra,
  });
  const goal = (name: unknown, extra: Record<string, unknown> = {}) => ({
    type: "goal",
    site: site.siteKey,
    url: "https://www.harborcoffee.example/signup",
    name,
    ...extra,
  });
  /** The same request by the fast path and by the route; both answers. */
  const sendBoth = async (body: unknown, ip = "8.8.8.8", userAgent = DESKTOP_BROWSER) => {
    const payload = typeof body === "string" ? body : JSON.stringify(body);
    const fast = await fetchRaw(port, "/api/events", headers(ip, userAgent), "POST", payload);
    const routed = await t.app.inject({
      method: "POST",
      url: "/api/events",
      headers: headers(ip, userAgent),
      payload,
    });
    return { fast: { status: fast.status, body: fast.body.toString() }, routed };
  };
  /** One request by the fast path. */
  const send = async (body: unknown, ip = "8.8.8.8", userAgent = DESKTOP_BROWSER) =>
    (await fetchRaw(port, "/api/events", headers(ip, userAgent), "POST", JSON.stringify(body)))
      .status;
  const views = () => storedViews(t, site.id);
  const goals = () => storedGoals(t, site.id);
  const clear = async () => {
    await t.database.db.delete(pageViews);
    await t.database.db.delete(goalEvents);
  };
  const switches = (on: { trackOutboundLinks: boolean; trackFileDownloads: boolean }) =>
    t.database.db.update(websites).set(on).where(eq(websites.id, site.id));

  it("keeps a view's UTM tags and country, never the address; a goal shares the visitor's hash", async () => {
    await clear();
    const tagged = view({
      utm_source: "newsletter",
      utm_medium: "email",
      utm_campaign: "  fall-menu ",
      referrer: "https://mail.example/inbox",
    });
    const { fast, routed } = await sendBoth(tagged);
    expect([fast.status, routed.statusCode]).toEqual([202, 202]);
    expect(await sendBoth(goal("Signup"))).toMatchObject({ fast: { status: 202 } });
    const stored = await views();
    expect(stored).toHaveLength(2);
    for (const row of stored) {
      expect(row).toMatchObject({
        path: "/menu",
        utmSource: "newsletter",
        utmMedium: "email",
        utmCampaign: "fall-menu",
        referrerHost: "mail.example",
        country: "US",
      });
      expect(JSON.stringify(row)).not.toContain("8.8.8.8");
    }
    const reached = await goals();
    expect(reached).toEqual([
      expect.objectContaining({ name: "Signup", path: "/signup" }),
      expect.objectContaining({ name: "Signup", path: "/signup" }),
    ]);
    expect(reached[0]!.visitorHash).toBe(stored[0]!.visitorHash);
    expect(JSON.stringify(reached)).not.toContain("8.8.8.8");
    // A private address has no country; blank tags are none.
    await send(view({ utm_source: " ", utm_medium: "" }), "10.1.2.3");
    expect((await views()).at(-1)).toMatchObject({
      country: null,
      utmSource: null,
      utmMedium: null,
      utmCampaign: null,
    });
  });

  it("counts outbound-link clicks and file downloads only while staff have them on", async () => {
    await clear();
    await switches({ trackOutboundLinks: false, trackFileDownloads: false });
    // The site cache reloads every minute; here, at once.
    t.app.analytics.sites.forget();
    expect(await send(goal("Outbound link"))).toBe(202);
    expect(await send(goal("File download"))).toBe(202);
    expect(await goals()).toEqual([]);
    await switches({ trackOutboundLinks: true, trackFileDownloads: false });
    t.app.analytics.sites.forget();
    expect(await send(goal("Outbound link"))).toBe(202);
    expect(await send(goal("File download"))).toBe(202);
    expect((await goals()).map((row) => row.name)).toEqual(["Outbound link"]);
  });

  it("refuses what the tag never sends with the same 4xx by both ways in, storing nothing", async () => {
    await clear();
    const cases: [string, unknown, number, Record<string, string> | string][] = [
      ["an unknown type", { ...view(), type: "purchase" }, 400, { type: expect.any(String) }],
      ["a goal with no name", goal(undefined), 400, { name: expect.any(String) }],
      ["a blank goal name", goal("   "), 400, { name: expect.any(String) }],
      ["a goal name too long", goal("x".repeat(61)), 400, { name: expect.any(String) }],
      ["a goal name on two lines", goal("Sign\nup"), 400, { name: expect.any(String) }],
      ["a goal name that is not text", goal(42), 400, { name: expect.any(String) }],
      ["a goal from another site", goal("Signup", { site: "0".repeat(32) }), 404, ""],
      ["utm_source too long", view({ utm_source: "x".repeat(101) }), 400, { utm_source: "" }],
      ["utm_campaign not text", view({ utm_campaign: 7 }), 400, { utm_campaign: "" }],
      ["utm_medium with a control character", view({ utm_medium: "a\u0000b" }), 400, {}],
      ["an oversized goal", goal("Signup", { pad: "x".repeat(5000) }), 413, ""],
    ];
    for (const [what, body, status, errors] of cases) {
      const { fast, routed } = await sendBoth(body);
      expect(fast.status, what).toBe(status);
      expect(routed.statusCode, what).toBe(status);
      expect(fast.body, what).toBe(routed.body);
      const answer = routed.json<{ message: string; errors?: Record<string, string> }>();
      expect(answer.message, what).toEqual(expect.any(String));
      if (typeof errors === "object") {
        for (const field of Object.keys(errors)) {
          expect(answer.errors?.[field], `${what}: ${field}`).toMatch(/\S/);
        }
      }
    }
    expect(await views()).toEqual([]);
    expect(await goals()).toEqual([]);
    const { routed } = await sendBoth(goal("x".repeat(61)));
    expect(routed.json()).toEqual({
      message: "Some fields need attention. Please check them and try again.",
      errors: { name: "name must be at most 60 characters" },
    });
  });

  it("shows sources, campaigns, goals with conversion rates per source and campaign, and countries", async () => {
    await clear();
    await switches({ trackOutboundLinks: true, trackFileDownloads: true });
    t.app.analytics.sites.forget();
    const newsletter = { utm_source: "newsletter", utm_medium: "email", utm_campaign: "fall" };
    // Four visitors: two from the newsletter (one signs up, after a second page), one from
    // Google (signs up), one direct from Germany (downloads a file).
    const visitors = [
      { ip: "8.8.8.8", ua: `${DESKTOP_BROWSER} a`, first: view(newsletter) },
      { ip: "8.8.4.4", ua: `${DESKTOP_BROWSER} b`, first: view(newsletter) },
      {
        ip: "1.1.1.1",
        ua: `${DESKTOP_BROWSER} c`,
        first: view({ referrer: "https://www.google.com/" }),
      },
      { ip: "81.169.145.100", ua: `${DESKTOP_BROWSER} d`, first: view() },
    ];
    for (const { ip, ua, first } of visitors) expect(await send(first, ip, ua)).toBe(202);
    // A later page without tags does not change where the first visitor came from.
    await send(
      view({ url: "https://www.harborcoffee.example/signup" }),
      "8.8.8.8",
      `${DESKTOP_BROWSER} a`,
    );
    await send(goal("Signup"), "8.8.8.8", `${DESKTOP_BROWSER} a`);
    await send(goal("Signup"), "8.8.8.8", `${DESKTOP_BROWSER} a`);
    await send(goal("Signup"), "1.1.1.1", `${DESKTOP_BROWSER} c`);
    await send(goal("File download"), "81.169.145.100", `${DESKTOP_BROWSER} d`);
    await views();
    await goals();

    const response = await callApi(t, owner, "GET", `/api/websites/${site.id}/health?range=7d`);
    expect(response.statusCode).toBe(200);
    const health = response.json();
    expect(health.visitors).toBe(4);
    expect(health.goals).toEqual([
      { name: "Signup", visitors: 2, completions: 3, rate: 50 },
      { name: "File download", visitors: 1, completions: 1, rate: 25 },
    ]);
    expect(health.sources).toEqual([
      {
        source: "newsletter",
        visitors: 2,
        conversions: [{ goal: "Signup", visitors: 1, rate: 50 }],
      },
      {
        source: "google.com",
        visitors: 1,
        conversions: [{ goal: "Signup", visitors: 1, rate: 100 }],
      },
      {
        source: null,
        visitors: 1,
        conversions: [{ goal: "File download", visitors: 1, rate: 100 }],
      },
    ]);
    expect(health.campaigns).toEqual([
      {
        source: "newsletter",
        medium: "email",
        campaign: "fall",
        visitors: 2,
        conversions: [{ goal: "Signup", visitors: 1, rate: 50 }],
      },
    ]);
    // 1.1.1.1 is in no country of the database.
    expect(health.countries).toEqual([
      { country: "US", visitors: 2 },
      { country: "DE", visitors: 1 },
      { country: null, visitors: 1 },
    ]);
  });
});
