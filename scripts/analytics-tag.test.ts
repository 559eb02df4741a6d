import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { AUTOMATIC_GOALS } from "../src/shared/schemas/site-audience";
import {
  ANALYTICS_TAG_GZIP_BUDGET,
  ANALYTICS_TAGS_GZIP_BUDGET,
  buildAnalyticsTag,
} from "./analytics-tag";

const dir = mkdtempSync(path.join(tmpdir(), "harborline-hl-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it(`builds /js/hl.js within ${ANALYTICS_TAG_GZIP_BUDGET} bytes gzipped and /js/hl-vitals.js within ${ANALYTICS_TAGS_GZIP_BUDGET} together, with no storage or cookie`, async () => {
  const file = path.join(dir, "js", "hl.js");
  const { bytes, gzipBytes, vitals, totalGzipBytes } = await buildAnalyticsTag(file);
  console.log(`js/hl.js: ${bytes} bytes, ${gzipBytes} bytes gzipped`);
  console.log(`js/hl-vitals.js: ${vitals.bytes} bytes, ${vitals.gzipBytes} bytes gzipped`);
  expect(gzipBytes).toBeLessThanOrEqual(ANALYTICS_TAG_GZIP_BUDGET);
  expect(totalGzipBytes).toBeLessThanOrEqual(ANALYTICS_TAGS_GZIP_BUDGET);
  for (const name of ["hl.js", "hl-vitals.js"]) {
    const source = readFileSync(path.join(dir, "js", name), "utf8");
    expect(source).not.toMatch(/cookie|localStorage|sessionStorage|indexedDB/);
    expect(source).toContain("/api/events");
  }
  expect(readFileSync(file, "utf8")).toContain("sendBeacon");
  expect(readFileSync(file, "utf8")).toContain("/js/hl-vitals.js");
  // The automatic goals by the names the server switches on and off, each a whole string.
  for (const name of [AUTOMATIC_GOALS.outbound, AUTOMATIC_GOALS.download]) {
    expect(readFileSync(file, "utf8")).toMatch(new RegExp(`(["'\`])${name}\\1`));
  }
  const vitalsSource = readFileSync(path.join(dir, "js", "hl-vitals.js"), "utf8");
  // The library's measuring code is in, the parts cut out are not.
  for (const kept of ["largest-contentful-paint", "layout-shift", "interactionId", "sendBeacon"]) {
    expect(vitalsSource).toContain(kept);
  }
  expect(vitalsSource).not.toContain("v6-"); // the metric ids, cut out
});
