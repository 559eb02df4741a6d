import { createHash } from "node:crypto";
import type { AddressInfo } from "node:net";
import { chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../../tests/support/app";
import { chromiumArgs, findChromium } from "../../../../tests/support/chromium";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp("pglite");
});
afterAll(() => t.close());

const scriptSource = (policy: string) =>
  policy
    .split(";")
    .map((directive) => directive.trim())
    .find((directive) => directive.startsWith("script-src"));

describe("the API reference page, /api/docs", () => {
  it("allows its one inline script by hash; every other page keeps the strict policy", async () => {
    const page = await t.app.inject({ method: "GET", url: "/api/docs/" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    const inline = [...page.body.matchAll(/<script(?![^>]*src=)[^>]*>([\s\S]*?)<\/script>/g)];
    expect(inline).toHaveLength(1);
    const hash = createHash("sha256").update(inline[0]![1]!).digest("base64");
    const policy = String(page.headers["content-security-policy"]);
    expect(scriptSource(policy)).toBe(`script-src 'self' 'sha256-${hash}'`);
    // Scalar's script is ours, from this origin; nothing from a CDN.
    expect(page.body).toMatch(/<script src="js\/scalar\.js">/);
    expect(page.body).not.toMatch(/https?:\/\/(?!harborline)/);
    const other = await t.app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(scriptSource(String(other.headers["content-security-policy"]))).toBe(
      "script-src 'self'",
    );
    // The rest of the security headers hold on the page too.
    expect(page.headers["x-frame-options"]).toBe("DENY");
    expect(policy).toContain("frame-ancestors 'none'");

    const script = await t.app.inject({ method: "GET", url: "/api/docs/js/scalar.js" });
    expect(script.statusCode).toBe(200);
    expect(script.headers["content-type"]).toMatch(/javascript/);
    expect(script.headers["cache-control"]).toBe("public, max-age=3600");
  });

  it("shows every noun in a browser with no network: nothing is fetched from another site", async () => {
    const address = await t.app.listen({ host: "127.0.0.1", port: 0 });
    const origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    expect(address).toBe(origin);
    const browser = await chromium.launch({ executablePath: findChromium(), args: chromiumArgs });
    try {
      const page = await browser.newPage();
      const elsewhere: string[] = [];
      await page.route("**/*", (route) => {
        const url = route.request().url();
        if (url.startsWith(origin) || url.startsWith("data:")) return route.continue();
        elsewhere.push(url);
        return route.abort();
      });
      const violations: string[] = [];
      page.on("console", (message) => {
        if (/Content Security Policy|Refused to/i.test(message.text())) {
          violations.push(message.text());
        }
      });
      await page.goto(`${origin}/api/docs`);
      await expect.poll(() => page.url()).toBe(`${origin}/api/docs/`);
      await page.getByRole("heading", { name: "Harborline API", level: 1 }).waitFor();
      for (const noun of ["Leads", "Tickets", "Invoices", "Bookings"]) {
        await page.getByText(noun, { exact: true }).first().waitFor();
      }
      expect(elsewhere).toEqual([]);
      expect(violations).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 60_000);
});
