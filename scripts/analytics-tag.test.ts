import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { AUTOMATIC_GOALS } from "../src/shared/schemas/site-audience";
import { ANALYTICS_TAG_GZIP_BUDGET, buildAnalyticsTag } from "./analytics-tag";

const dir = mkdtempSync(path.join(tmpdir(), "harborline-hl-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it(`builds /js/hl.js within ${ANALYTICS_TAG_GZIP_BUDGET} bytes gzipped, with no storage or cookie`, async () => {
  const file = path.join(dir, "js", "hl.js");
  const { bytes, gzipBytes } = await buildAnalyticsTag(file);
  console.log(`js/hl.js: ${bytes} bytes, ${gzipBytes} bytes gzipped`);
  expect(gzipBytes).toBeLessThanOrEqual(ANALYTICS_TAG_GZIP_BUDGET);
  const source = readFileSync(file, "utf8");
  expect(source).not.toMatch(/cookie|localStorage|sessionStorage/);
  expect(source).toContain("/api/events");
  expect(source).toContain("sendBeacon");
  // The automatic goals by the names the server switches on and off.
  expect(source).toContain(`"${AUTOMATIC_GOALS.outbound}"`);
  expect(source).toContain(`"${AUTOMATIC_GOALS.download}"`);
});
