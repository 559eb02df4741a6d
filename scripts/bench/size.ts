/**
 * `npm run bench:size`: the JavaScript each public page loads, counted in Chromium as the visitor's
 * browser receives it (see public-size.ts: compressed, until 3 s after the load event, prefetches
 * included), and the gzip bytes of each page's stylesheets, from the build. Then the first load
 * of the portal's and the back office's pages, measured in the browser (see portal-size.ts).
 * Budgets: JS at most 40 KB on a content page and 80 KB on a form page, CSS at most 20 KB; the
 * portal's and back office's pages as portal-size.ts lists them (the dashboard at most 150 KB,
 * charts included). Exits with 1 when a page is over its budget.
 * BENCH_SIZE_FILES=1 lists each page's files.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { publicRoutes } from "../../src/shared/routes";
import { pageFiles } from "../../src/server/plugins/page-files";
import { measurePortalPages, startBuiltSite } from "./portal-size";
import { measurePublicPages } from "./public-size";
import { ANALYTICS_TAG_GZIP_BUDGET, ANALYTICS_TAGS_GZIP_BUDGET } from "../analytics-tag";

const clientDir = path.resolve("dist/client");
const CSS_BUDGET = 20 * 1024;

const gzipBytes = (url: string) =>
  gzipSync(readFileSync(path.join(clientDir, url)), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
let over = false;

const styles = publicRoutes.map((route) => {
  const html = readFileSync(path.join(clientDir, pageFiles.page(route)), "utf8");
  const files = new Set(
    [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((m) => m[1]!),
  );
  return [...files].reduce((sum, url) => sum + gzipBytes(url), 0);
});

const site = await startBuiltSite(clientDir);
try {
  console.log("public pages: JS received (compressed) until 3 s after load, in Chromium, cold\n");
  console.log("page        files         JS    budget          CSS (gzip)");
  const rows = await measurePublicPages(site);
  rows.forEach((row, i) => {
    const within = row.js <= row.budget;
    over ||= !within;
    console.log(
      `${row.route.padEnd(11)} ${String(row.files).padStart(5)}  ${kb(row.js).padStart(9)}  ${kb(row.budget).padStart(8)} ${(within ? "within" : "OVER").padEnd(6)}  ${kb(styles[i]!).padStart(9)}`,
    );
  });
  const maxCss = Math.max(...styles);
  over ||= maxCss > CSS_BUDGET;
  console.log(
    `\nlargest CSS ${kb(maxCss)} (budget ${kb(CSS_BUDGET)}): ${maxCss <= CSS_BUDGET ? "within" : "OVER"}`,
  );

  // The analytics tags clients' sites carry: hl.js on the critical path, hl-vitals.js after load.
  const tag = gzipBytes("/js/hl.js");
  const vitalsTag = gzipBytes("/js/hl-vitals.js");
  const tagsWithin =
    tag <= ANALYTICS_TAG_GZIP_BUDGET && tag + vitalsTag <= ANALYTICS_TAGS_GZIP_BUDGET;
  over ||= !tagsWithin;
  console.log(
    `\nanalytics tag hl.js ${tag} B (budget ${ANALYTICS_TAG_GZIP_BUDGET} B), with hl-vitals.js ${tag + vitalsTag} B (budget ${ANALYTICS_TAGS_GZIP_BUDGET} B): ${tagsWithin ? "within" : "OVER"}`,
  );

  console.log("\nportal and back office: JS (gzip) of the first load, in Chromium, cold\n");
  console.log("page              files  first load    budget          then prefetched");
  for (const row of await measurePortalPages(site)) {
    const within = row.firstLoad <= row.budget;
    over ||= !within;
    console.log(
      `${row.label.padEnd(17)} ${String(row.files).padStart(5)}  ${kb(row.firstLoad).padStart(10)}  ${kb(row.budget).padStart(9)} ${(within ? "within" : "OVER").padEnd(6)}  ${kb(row.after).padStart(9)}`,
    );
  }
} finally {
  await site.close();
}
if (over) {
  console.log("\nOver budget.");
  process.exitCode = 1;
}
