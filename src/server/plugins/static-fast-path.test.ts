import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../tests/support/app";
import { fakeBuild } from "../../../tests/support/fake-build";
import { fetchRaw, header, routedRequestLog, securityLines } from "../../../tests/support/raw-http";

describe.each([
  ["plain http", {}, {}, false],
  [
    "https behind a trusted proxy",
    { PUBLIC_URL: "https://harborline.example", TRUST_PROXY: "127.0.0.1" },
    { "x-forwarded-proto": "https" },
    true,
  ],
  [
    "https, but from a proxy it does not trust",
    { PUBLIC_URL: "https://harborline.example" },
    { "x-forwarded-proto": "https" },
    false,
  ],
] as const)("the built pages answered before Fastify, %s", (_case, env, forwarded, hsts) => {
  const dir = mkdtempSync(path.join(tmpdir(), "harborline-fast-"));
  let t: TestApp;
  let port: number;
  /** The route patterns of the requests Fastify itself handled (one log line each). */
  const { routed, log } = routedRequestLog();

  beforeAll(async () => {
    fakeBuild(dir);
    t = await createTestApp(
      "pglite",
      { ...env },
      { clientDir: dir, logger: { level: "info", stream: log } },
    );
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("sends the same security headers, byte for byte, as a dynamic route", async () => {
    const dynamic = await fetchRaw(port, "/healthz", forwarded);
    const page = await fetchRaw(port, "/about", forwarded);
    // The page never reached Fastify; the dynamic route did.
    expect(routed).toContain("/healthz");
    expect(routed).not.toContain("/*");
    expect(page.status).toBe(200);
    expect(securityLines(page.rawHeaders)).toEqual(securityLines(dynamic.rawHeaders));
    expect(securityLines(page.rawHeaders).length).toBeGreaterThan(8);
    expect(header(page.rawHeaders, "strict-transport-security") !== undefined).toBe(hsts);
    expect(header(dynamic.rawHeaders, "strict-transport-security") !== undefined).toBe(hsts);
  });

  it("answers as the pages route does: body, encoding, validators, HEAD and 304", async () => {
    for (const url of [
      "/",
      "/about?utm_source=card",
      "/dashboard",
      "/admin",
      "/assets/index-abc123.js",
      "/sitemap.xml",
    ]) {
      for (const encoding of ["br", "gzip", "identity"]) {
        const headers = { "accept-encoding": encoding, ...forwarded };
        const fast = await fetchRaw(port, url, headers);
        // app.inject goes through Fastify's router and the pages route, never the fast path.
        const routed = await t.app.inject({ method: "GET", url, headers });
        const what = `${url} ${encoding}`;
        expect(fast.status, what).toBe(routed.statusCode);
        expect(fast.body.equals(routed.rawPayload), what).toBe(true);
        for (const name of [
          "content-type",
          "cache-control",
          "etag",
          "vary",
          "content-encoding",
          "content-length",
        ]) {
          expect(header(fast.rawHeaders, name), `${what} ${name}`).toBe(
            routed.headers[name] === undefined ? undefined : String(routed.headers[name]),
          );
        }
        const head = await fetchRaw(port, url, headers, "HEAD");
        expect(head.body.length, what).toBe(0);
        expect(header(head.rawHeaders, "etag")).toBe(header(fast.rawHeaders, "etag"));
        const unchanged = await fetchRaw(port, url, {
          ...headers,
          "if-none-match": header(fast.rawHeaders, "etag")!,
        });
        expect(unchanged.status, what).toBe(304);
        expect(unchanged.body.length, what).toBe(0);
      }
    }
  });

  it("echoes a proxy's request id, and leaves every other path to Fastify", async () => {
    const traced = await fetchRaw(port, "/", { "x-request-id": "edge-1234abcd" });
    expect(header(traced.rawHeaders, "x-request-id")).toBe("edge-1234abcd");
    expect((await fetchRaw(port, "/no-such-page")).status).toBe(404);
    expect((await fetchRaw(port, "/about/")).status).toBe(301);
    expect((await fetchRaw(port, "/api/auth/user")).status).toBe(401);
    const posted = await fetchRaw(port, "/about", {}, "POST");
    expect(posted.status).toBe(404);
  });
});
