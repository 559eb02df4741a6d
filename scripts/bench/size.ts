/**
 * `npm run bench:size`: the gzip bytes of JavaScript and CSS each public page loads before
 * interaction (its module scripts, the code the entry fetches once the page is drawn: React, the
 * layout and the page's own modules, and its stylesheets), from the build. Then the first load
 * of the portal's and the back office's pages, measured in the browser (see portal-size.ts).
 * Budgets: JS at most 90 KB on the home page, CSS at most 20 KB; the portal's and back office's
 * pages as portal-size.ts lists them (the dashboard at most 150 KB, charts included). Exits
 * with 1 when a page is over its budget.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { publicRoutes } from "../../src/shared/routes";
import { pageFiles } from "../../src/server/plugins/page-files";
import { moduleFiles, readManifest } from "../build-manifest";
import { measurePortalPages } from "./portal-size";
import { ANALYTICS_TAG_GZIP_BUDGET, ANALYTICS_TAGS_GZIP_BUDGET } from "../analytics-tag";

const clientDir = path.resolve("dist/client");
const JS_BUDGET = 90 * 1024;
const CSS_BUDGET = 20 * 1024;

const gzipBytes = (url: string) =>
  gzipSync(readFileSync(path.join(clientDir, url)), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
// What `import("./hydrate")` in the entry fetches on every page: React and the layout.
const layout = moduleFiles(readManifest(clientDir), "hydrate.tsx").map((file) => `/${file}`);

const rows = publicRoutes.map((route) => {
  const html = readFileSync(path.join(clientDir, pageFiles.page(route)), "utf8");
  const scripts = [
    ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
  ]
    .map((m) => m[1]!)
    // What the entry fetches once the page is drawn (see src/client/main.tsx); page-modules
    // lists the layout's modules too, counted once.
    .concat(layout)
    .concat(html.match(/<meta name="page-modules" content="([^"]*)"/)?.[1]?.split(" ") ?? []);
  const styles = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map(
    (m) => m[1]!,
  );
  const uniqueScripts = [...new Set(scripts)];
  const uniqueStyles = [...new Set(styles)];
  const js = uniqueScripts.reduce((sum, url) => sum + gzipBytes(url), 0);
  const css = uniqueStyles.reduce((sum, url) => sum + gzipBytes(url), 0);
  return { route, files: uniqueScripts.length + uniqueStyles.length, js, css };
});

console.log("page        files  JS (gzip)   CSS (gzip)");
for (const row of rows) {
  console.log(
    `${row.route.padEnd(11)} ${String(row.files).padStart(5)}  ${kb(row.js).padStart(9)}  ${kb(row.css).padStart(10)}`,
  );
}
const home = rows.find((row) => row.route === "/")!;
const maxCss = Math.max(...rows.map((row) => row.css));
let over = home.js > JS_BUDGET || maxCss > CSS_BUDGET;
console.log(
  `\nhome JS ${kb(home.js)} (budget ${kb(JS_BUDGET)}): ${home.js <= JS_BUDGET ? "within" : "OVER"}`,
);
console.log(
  `largest CSS ${kb(maxCss)} (budget ${kb(CSS_BUDGET)}): ${maxCss <= CSS_BUDGET ? "within" : "OVER"}`,
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
for (const row of await measurePortalPages(clientDir)) {
  const within = row.firstLoad <= row.budget;
  over ||= !within;
  console.log(
    `${row.label.padEnd(17)} ${String(row.files).padStart(5)}  ${kb(row.firstLoad).padStart(10)}  ${kb(row.budget).padStart(9)} ${(within ? "within" : "OVER").padEnd(6)}  ${kb(row.after).padStart(9)}`,
  );
}
if (over) {
  console.log("\nOver budget.");
  process.exitCode = 1;
}
