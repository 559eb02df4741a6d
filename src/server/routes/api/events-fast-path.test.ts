import { eq } from "drizzle-orm";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP_BROWSER } from "../../../../tests/support/analytics";
import { createTestApp, type TestApp } from "../../../../tests/support/app";
import {
  fetchRaw,
  header,
  routedRequestLog,
  securityLines,
} from "../../../../tests/support/raw-http";
import { companies, pageViews, websites } from "../../db/schema";

const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

describe.each([
  ["plain http", {}, {}],
  [
    "https behind a trusted proxy",
    { PUBLIC_URL: "https://harborline.example", TRUST_PROXY: "127.0.0.1" },
    { "x-forwarded-proto": "https", "x-forwarded-for": "198.51.100.23" },
  ],
] as const)("page views answered before Fastify, %s", (_case, env, forwarded) => {
  let t: TestApp;
  let port: number;
  let site: { id: string; siteKey: string };
  /** The route patterns of the requests Fastify itself handled (one log line each). */
  const { routed: routesSeen, log } = routedRequestLog();

  beforeAll(async () => {
    t = await createTestApp(
      "pglite",
      { ...env },
      { logger: { level: "info", stream: log }, analytics: { flushMs: 60_000 } },
    );
    const [company] = await t.database.db
      .insert(companies)
      .values({ name: "Harbor Coffee" })
      .returning({ id: companies.id });
    const [row] = await t.database.db
      .insert(websites)
      .values({
        companyId: company!.id,
        domain: "harborcoffee.example",
        plan: "Business",
        status: "active",
      })
      .returning({ id: websites.id, siteKey: websites.siteKey });
    site = row!;
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  const view = (extra: Record<string, unknown> = {}) =>
    JSON.stringify({
      site: site.siteKey,
      url: "https://www.harborcoffee.example/menu?utm_source=mail",
      referrer: "https://www.google.com/",
      width: 1440,
      ...extra,
    });
  const headers = (extra: Record<string, string> = {}) => ({
    "content-type": "text/plain;charset=UTF-8",
    origin: "https://www.harborcoffee.example",
    "user-agent": DESKTOP_BROWSER,
    "sec-fetch-site": "cross-site",
    ...forwarded,
    ...extra,
  });
  const stored = async () => {
    await t.app.analytics.buffer.flush();
    return t.database.db.select().from(pageViews).where(eq(pageViews.websiteId, site.id));
  };

  it("gives every answer the route gives, with the same headers, without reaching Fastify", async () => {
    const cases: [string, string, Record<string, string>][] = [
      ["a view", view(), {}],
      ["a bot's view", view(), { "user-agent": GOOGLEBOT }],
      ["another site's origin", view(), { origin: "https://evil.example" }],
      ["an unknown site key", view({ site: "0".repeat(32) }), {}],
      ["not JSON", "site=abc", {}],
      ["not an object", "[1,2]", {}],
      ["wrong fields", view({ width: "wide", url: "ftp://x" }), {}],
      ["a path too long", view({ url: `https://www.harborcoffee.example/${"a".repeat(600)}` }), {}],
    ];
    const statuses: number[] = [];
    for (const [what, body, extra] of cases) {
      routesSeen.length = 0;
      const fast = await fetchRaw(port, "/api/events", headers(extra), "POST", body);
      expect(routesSeen, what).not.toContain("/api/events");
      // app.inject goes through Fastify's router and the route, never the fast path.
      const routed = await t.app.inject({
        method: "POST",
        url: "/api/events",
        headers: headers(extra),
        payload: body,
      });
      expect(fast.status, what).toBe(routed.statusCode);
      expect(fast.body.toString(), what).toBe(routed.body);
      for (const name of ["content-type", "content-length", "retry-after", "cache-control"]) {
        expect(header(fast.rawHeaders, name), `${what}: ${name}`).toBe(
          routed.headers[name] === undefined ? undefined : String(routed.headers[name]),
        );
      }
      const routedLines = Object.entries(routed.raw.res.getHeaders()).length;
      expect(routedLines, what).toBeGreaterThan(8);
      statuses.push(fast.status);
    }
    expect(statuses).toEqual([202, 202, 403, 404, 400, 400, 400, 400]);
  });

  it("sends the security headers a dynamic route sends, byte for byte", async () => {
    const dynamic = await fetchRaw(port, "/healthz", forwarded);
    const fast = await fetchRaw(port, "/api/events", headers(), "POST", view());
    // The same lines, but client sites' pages may read this answer (a tag on another origin).
    expect(securityLines(fast.rawHeaders)).toEqual(
      securityLines(dynamic.rawHeaders).map((line) =>
        line.replace(/^(cross-origin-resource-policy): same-origin$/i, "$1: cross-origin"),
      ),
    );
    expect(header(fast.rawHeaders, "cross-origin-resource-policy")).toBe("cross-origin");
    expect(header(fast.rawHeaders, "strict-transport-security")).toBe(
      header(dynamic.rawHeaders, "strict-transport-security"),
    );
  });

  it("counts the visitor by the address Fastify would see, and stores the view", async () => {
    const before = (await stored()).length;
    await fetchRaw(
      port,
      "/api/events",
      headers({ "user-agent": `${DESKTOP_BROWSER} fast` }),
      "POST",
      view(),
    );
    await t.app.inject({
      method: "POST",
      url: "/api/events",
      headers: headers({ "user-agent": `${DESKTOP_BROWSER} fast` }),
      payload: view(),
    });
    const rows = (await stored()).slice(before);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.visitorHash).toBe(rows[1]!.visitorHash);
    expect(rows[0]!.path).toBe("/menu");
  });

  it("leaves JSON bodies, queries and oversized bodies to the route", async () => {
    routesSeen.length = 0;
    const json = await fetchRaw(
      port,
      "/api/events",
      headers({ "content-type": "application/json" }),
      "POST",
      view(),
    );
    expect(json.status).toBe(202);
    expect(routesSeen).toContain("/api/events");
    const large = await fetchRaw(port, "/api/events", headers(), "POST", "x".repeat(5000));
    expect(large.status).toBe(413);
    expect(JSON.parse(large.body.toString())).toEqual({
      message: "The request body is too large.",
    });
    routesSeen.length = 0;
    const query = await fetchRaw(port, "/api/events?x=1", headers(), "POST", view());
    expect(query.status).toBe(202);
    expect(routesSeen).toEqual(["/api/events"]);
  });
});
