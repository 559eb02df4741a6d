import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../tests/support/app";
import { fakeBuild } from "../../../tests/support/fake-build";

describe("security headers", () => {
  let t: TestApp;
  const clientDir = mkdtempSync(path.join(tmpdir(), "harborline-security-"));

  beforeAll(async () => {
    fakeBuild(clientDir);
    t = await createTestApp("pglite", { API_RATE_LIMIT: "5" }, { clientDir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it("sends a strict Content-Security-Policy and the other protective headers", async () => {
    const page = await t.app.inject({ method: "GET", url: "/" });
    const csp = String(page.headers["content-security-policy"]);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain("upgrade-insecure-requests");
    expect(page.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(page.headers["permissions-policy"]).toContain("camera=()");
    expect(page.headers["x-content-type-options"]).toBe("nosniff");
    // The same as frame-ancestors 'none', for browsers that know only this header.
    expect(page.headers["x-frame-options"]).toBe("DENY");
    // Over plain http (this test), no HSTS.
    expect(page.headers["strict-transport-security"]).toBeUndefined();
  });

  it("gives every answer a request id, keeping a sensible one from the proxy", async () => {
    const generated = await t.app.inject({ method: "GET", url: "/healthz" });
    expect(generated.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await t.app.inject({
      method: "GET",
      url: "/healthz",
      headers: { "x-request-id": "lb-1234567890" },
    });
    expect(kept.headers["x-request-id"]).toBe("lb-1234567890");
    const hostile = await t.app.inject({
      method: "GET",
      url: "/healthz",
      headers: { "x-request-id": "<script>alert(1)</script>" },
    });
    expect(hostile.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("limits API calls per client address, but never pages", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push(
        (await t.app.inject({ method: "GET", url: "/api/auth/user", remoteAddress: "10.7.0.1" }))
          .statusCode,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    const limited = await t.app.inject({
      method: "GET",
      url: "/api/auth/user",
      remoteAddress: "10.7.0.1",
    });
    expect(limited.json().message).toMatch(/Too many requests/);
    expect(limited.headers["retry-after"]).toBeDefined();
    for (let i = 0; i < 10; i++) {
      const page = await t.app.inject({ method: "GET", url: "/about", remoteAddress: "10.7.0.1" });
      expect(page.statusCode).toBe(200);
    }
  });
});

describe("with an https PUBLIC_URL", () => {
  it("upgrades insecure requests, and adds HSTS only to what arrived over https", async () => {
    const t = await createTestApp("pglite", {
      PUBLIC_URL: "https://harborline.example",
      TRUST_PROXY: "127.0.0.1",
    });
    try {
      const overTls = await t.app.inject({
        method: "GET",
        url: "/healthz",
        headers: { "x-forwarded-proto": "https" },
      });
      expect(overTls.headers["strict-transport-security"]).toBe(
        "max-age=31536000; includeSubDomains",
      );
      expect(overTls.headers["content-security-policy"]).toContain("upgrade-insecure-requests");
      // Plain http (a health check, a proxy that forwards http as it is): no HSTS.
      const plain = await t.app.inject({ method: "GET", url: "/healthz" });
      expect(plain.headers["strict-transport-security"]).toBeUndefined();
      // Nor from a peer TRUST_PROXY does not name.
      const untrusted = await t.app.inject({
        method: "GET",
        url: "/healthz",
        remoteAddress: "10.9.9.9",
        headers: { "x-forwarded-proto": "https" },
      });
      expect(untrusted.headers["strict-transport-security"]).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});
