import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP_BROWSER, aSiteWithItsOwner, storedViews } from "../../../tests/support/analytics";
import { callApi, createTestApp, type TestApp } from "../../../tests/support/app";
import { databaseKinds } from "../../../tests/support/database";
import { analyticsSalts, pageViews } from "../db/schema";
import { eventsIngested } from "../metrics/metrics";

const PHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
const HEADLESS =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

describe.each(databaseKinds)("page views (POST /api/events) on %s", (kind) => {
  let t: TestApp;
  let clock = new Date("2026-11-20T10:00:00Z");
  let client: string;
  let site: { id: string; siteKey: string };

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { analytics: { now: () => clock, flushMs: 60_000 } });
    ({ owner: client, site } = await aSiteWithItsOwner(t, { checkUrl: "http://127.0.0.1:4321/" }));
  });
  afterAll(() => t.close());

  /** A view as the tag sends it: text/plain JSON, from a browser on the given origin. */
  const send = (
    body: unknown,
    {
      origin = "https://www.harborcoffee.example",
      userAgent = DESKTOP_BROWSER,
      ip = "203.0.113.7",
      raw,
    }: { origin?: string | null; userAgent?: string; ip?: string; raw?: string } = {},
  ) =>
    t.app.inject({
      method: "POST",
      url: "/api/events",
      remoteAddress: ip,
      headers: {
        "content-type": "text/plain;charset=UTF-8",
        "user-agent": userAgent,
        "sec-fetch-site": "cross-site",
        ...(origin ? { origin } : {}),
      },
      payload: raw ?? JSON.stringify(body),
    });
  const view = (path = "/menu", extra: Record<string, unknown> = {}) => ({
    site: site.siteKey,
    url: `https://www.harborcoffee.example${path}?utm_source=mail#top`,
    referrer: "https://www.google.com/search?q=coffee",
    width: 1440,
    ...extra,
  });
  const stored = () => storedViews(t, site.id);
  const clear = () => t.database.db.delete(pageViews);

  it("stores a view from the site: its UTC day, a 32-hex visitor, path without query, referrer host, device", async () => {
    await clear();
    const ingested = async () =>
      (await eventsIngested.get()).values.find((v) => v.labels.kind === "page views")?.value ?? 0;
    const before = await ingested();
    const response = await send(view());
    expect(response.statusCode).toBe(202);
    expect(await ingested()).toBe(before + 1);
    expect(response.headers["set-cookie"]).toBeUndefined();
    // Else the client site's page logs ERR_BLOCKED_BY_RESPONSE.NotSameOrigin on every view.
    expect(response.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    expect(await stored()).toEqual([
      expect.objectContaining({
        day: "2026-11-20",
        visitorHash: expect.stringMatching(/^[0-9a-f]{32}$/),
        path: "/menu",
        referrerHost: "google.com",
        device: "desktop",
      }),
    ]);
  });

  it("takes the bare domain, subdomains and the check URL's host; a same-site referrer is none", async () => {
    await clear();
    for (const [origin, width, device] of [
      ["https://harborcoffee.example", 375, "mobile"],
      ["https://shop.harborcoffee.example", 800, "tablet"],
      ["http://127.0.0.1:4321", 1280, "desktop"],
    ] as const) {
      const response = await send(
        view("/", { referrer: "https://harborcoffee.example/about", width }),
        { origin },
      );
      expect(response.statusCode, origin).toBe(202);
      expect((await stored()).at(-1)).toMatchObject({ device, referrerHost: null });
    }
    // No Origin (a client program): the page's own address must be the site's.
    expect((await send(view("/", { referrer: undefined }), { origin: null })).statusCode).toBe(202);
    expect((await stored()).at(-1)).toMatchObject({ referrerHost: null });
  });

  it("refuses a view from another site with 403, and an unknown site key with 404, storing nothing", async () => {
    await clear();
    for (const origin of ["https://evil.example", "https://harborcoffee.example.evil.example"]) {
      const response = await send(view(), { origin });
      expect(response.statusCode, origin).toBe(403);
      expect(response.json()).toEqual({
        message: "This site key does not belong to the site that sent the view.",
      });
    }
    const elsewhere = await send(view("/", { url: "https://evil.example/" }), { origin: null });
    expect(elsewhere.statusCode).toBe(403);
    const unknown = await send(view("/", { site: "0".repeat(32) }));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: "No website has this site key." });
    expect(await stored()).toEqual([]);
  });

  it("answers 400 naming the problem to bodies that are not a view, storing nothing", async () => {
    await clear();
    const notJson = await send(undefined, { raw: "site=abc" });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().message).toMatch(/JSON object/);

    // Each refusal names the field and says what it must be, never zod's own words.
    const siteKey = "site must be the site key (32 hex digits)";
    const fullUrl = "url must be the page's full http(s) address";
    const cases: [unknown, string, string][] = [
      [{ ...view(), site: undefined }, "site", siteKey],
      [{ ...view(), site: "not-a-key" }, "site", siteKey],
      [{ ...view(), url: undefined }, "url", fullUrl],
      [{ ...view(), url: "/menu" }, "url", fullUrl],
      [{ ...view(), url: "javascript:alert(1)" }, "url", fullUrl],
      [
        { ...view(), url: `https://harborcoffee.example/${"a".repeat(2100)}` },
        "url",
        "url must be at most 2000 characters",
      ],
      [{ ...view(), width: undefined }, "width", "width must be a number"],
      [{ ...view(), width: "1440" }, "width", "width must be a number"],
      [{ ...view(), width: 1.5 }, "width", "width must be a whole number"],
      [{ ...view(), referrer: 42 }, "referrer", "referrer must be a string"],
    ];
    for (const [body, field, message] of cases) {
      const response = await send(body);
      expect(response.statusCode, field).toBe(400);
      expect(response.json(), JSON.stringify(body).slice(0, 80)).toEqual({
        message: "Some fields need attention. Please check them and try again.",
        errors: { [field]: message },
      });
    }
    const longPath = await send(view(`/${"a".repeat(600)}`));
    expect(longPath.statusCode).toBe(400);
    expect(longPath.json()).toEqual({
      message: "The page path must be at most 500 characters.",
      errors: { url: "The path must be at most 500 characters" },
    });
    const notAnObject = await send([view()]);
    expect(notAnObject.statusCode).toBe(400);
    expect(notAnObject.json()).toEqual({ message: "The request body must be a JSON object." });
    expect(await stored()).toEqual([]);
  });

  it("does not count crawlers, headless browsers or requests with no user agent", async () => {
    await clear();
    for (const userAgent of [GOOGLEBOT, HEADLESS, ""]) {
      expect((await send(view(), { userAgent })).statusCode).toBe(202);
    }
    expect(await stored()).toEqual([]);
  });

  it("counts a visitor once a day; the next day the salt is new, yesterday's is gone, and the hash differs", async () => {
    await clear();
    clock = new Date("2026-11-20T23:59:00Z");
    await send(view("/"));
    await send(view("/menu"));
    await send(view("/"), { userAgent: PHONE, ip: "198.51.100.9" });
    const first = await stored();
    expect(first).toHaveLength(3);
    expect(first[0]!.visitorHash).toBe(first[1]!.visitorHash);
    expect(first[2]!.visitorHash).not.toBe(first[0]!.visitorHash);
    expect((await t.database.db.select().from(analyticsSalts)).map((s) => s.day)).toEqual([
      "2026-11-20",
    ]);

    const [yesterday] = await t.database.db.select().from(analyticsSalts);
    clock = new Date("2026-11-21T00:00:30Z");
    await send(view("/"));
    const salts = await t.database.db.select().from(analyticsSalts);
    expect(salts.map((s) => s.day)).toEqual(["2026-11-21"]);
    expect(salts[0]!.salt).not.toBe(yesterday!.salt);
    const today = (await stored()).at(-1)!;
    expect(today.day).toBe("2026-11-21");
    expect(today.visitorHash).not.toBe(first[0]!.visitorHash);

    // The portal's 30-day figure: two visitors on the 20th, one on the 21st.
    const sites = (await callApi(t, client, "GET", "/api/websites")).json();
    expect(sites).toEqual([expect.objectContaining({ id: site.id, monthlyVisitors: 3 })]);
  });

  it("keeps page views 13 months: the day's rotation deletes older ones", async () => {
    await clear();
    const old = (day: string) => ({
      websiteId: site.id,
      occurredAt: new Date(`${day}T12:00:00Z`),
      day,
      visitorHash: "a".repeat(32),
      path: "/",
      device: "desktop" as const,
    });
    await t.database.db.insert(pageViews).values([old("2025-10-21"), old("2025-10-22")]);
    clock = new Date("2026-11-22T00:00:10Z");
    await send(view("/"));
    expect((await stored()).map((row) => row.day)).toEqual(["2025-10-22", "2026-11-22"]);
  });

  it("is outside the session, CSRF check and API rate limit: no cookie is needed or set", async () => {
    const response = await send(view(), { origin: "https://harborcoffee.example" });
    expect(response.statusCode).toBe(202);
    expect(response.headers["x-ratelimit-limit"]).toBeUndefined();
    expect(response.headers["set-cookie"]).toBeUndefined();
  });

  it("writes the views still waiting when the app closes", async () => {
    const other = await createTestApp(
      kind,
      {},
      {
        database: { ...t.database, drop: async () => {} },
        analytics: { now: () => clock, flushMs: 60_000 },
      },
    );
    await clear();
    const response = await other.app.inject({
      method: "POST",
      url: "/api/events",
      headers: {
        "content-type": "text/plain",
        "user-agent": DESKTOP_BROWSER,
        origin: "https://harborcoffee.example",
      },
      payload: JSON.stringify(view("/closing")),
    });
    expect(response.statusCode).toBe(202);
    expect(other.app.analytics.buffer.pending).toBe(1);
    await other.app.close();
    const rows = await t.database.db.select().from(pageViews);
    expect(rows.map((row) => row.path)).toEqual(["/closing"]);
  });
});
