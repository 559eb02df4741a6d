/**
 * `npm run bench:lighthouse`: Lighthouse (mobile, default throttling) with the system Chromium
 * on every public page of the built site served by our server; prints the four scores and FCP,
 * LCP, TBT and CLS. Targets: performance >= 98; accessibility, best practices and SEO 100.
 * LIGHTHOUSE_PAGES=/,/contact limits the run to those pages; LIGHTHOUSE_REPORTS=<dir> keeps each
 * page's full JSON report there, to read its diagnostics.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { publicRoutes } from "../../src/shared/routes";
import { chromiumArgs, findChromium } from "../../tests/support/chromium";
import { freePort, startServer, waitForReady } from "../../tests/support/server-process";

const work = mkdtempSync(path.join(tmpdir(), "harborline-lighthouse-"));
const port = await freePort();
const server = startServer(
  port,
  {
    DATA_DIR: path.join(work, "data"),
    LOG_LEVEL: "warn",
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  },
  "build",
);
mkdirSync(path.join(work, "chrome"));
const chrome = await chromeLauncher.launch({
  chromePath: findChromium(),
  chromeFlags: ["--headless=new", ...chromiumArgs],
  userDataDir: path.join(work, "chrome"),
});

const pages = process.env.LIGHTHOUSE_PAGES?.split(",") ?? publicRoutes;
const reportDir = process.env.LIGHTHOUSE_REPORTS;
if (reportDir) mkdirSync(reportDir, { recursive: true });

const measure = (route: string) =>
  lighthouse(`http://127.0.0.1:${port}${route}`, {
    port: chrome.port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
  });

type Row = { page: string; scores: number[]; fcp: string; lcp: string; tbt: string; cls: string };
const rows: Row[] = [];
try {
  await waitForReady(server);
  for (const route of pages) {
    // Chromium now and then fails to record the trace (NO_NAVSTART and the like): measure again.
    let result = await measure(route);
    for (let retry = 0; result?.lhr.runtimeError && retry < 2; retry++) {
      console.log(`  ${route}: ${result.lhr.runtimeError.code}, measuring again`);
      result = await measure(route);
    }
    if (!result) throw new Error(`Lighthouse gave no result for ${route}`);
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError)
      console.log(`  ${route}: Lighthouse failed: ${runtimeError.code} ${runtimeError.message}`);
    for (const audit of Object.values(audits)
      .filter((audit) => audit.errorMessage)
      .slice(0, 3))
      console.log(`  ${route}: ${audit.id} could not run: ${audit.errorMessage}`);
    if (reportDir) {
      const name = route === "/" ? "home" : route.slice(1);
      writeFileSync(path.join(reportDir, `${name}.json`), JSON.stringify(result.lhr, null, 1));
    }
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    rows.push({
      page: route,
      scores: ["performance", "accessibility", "best-practices", "seo"].map(score),
      fcp: audits["first-contentful-paint"]?.displayValue ?? "?",
      lcp: audits["largest-contentful-paint"]?.displayValue ?? "?",
      tbt: audits["total-blocking-time"]?.displayValue ?? "?",
      cls: audits["cumulative-layout-shift"]?.displayValue ?? "?",
    });
    for (const id of ["accessibility", "best-practices", "seo"]) {
      for (const ref of categories[id]?.auditRefs ?? []) {
        const audit = audits[ref.id];
        if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
          console.log(`  ${route} ${id}: ${audit.id} — ${audit.title}`);
        }
      }
    }
  }
} finally {
  chrome.kill();
  await server.stop();
  rmSync(work, { recursive: true, force: true });
}

console.log("\npage        perf  a11y  best   seo   FCP      LCP      TBT      CLS");
for (const row of rows) {
  const [perf, a11y, best, seo] = row.scores.map((s) => String(s).padStart(4));
  console.log(
    `${row.page.padEnd(11)} ${perf}  ${a11y}  ${best}  ${seo}   ${row.fcp.padEnd(8)} ${row.lcp.padEnd(8)} ${row.tbt.padEnd(8)} ${row.cls}`,
  );
}
