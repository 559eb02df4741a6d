/**
 * `npm run bench:lighthouse`: Lighthouse (mobile) with the system Chromium on every public page of
 * the built site served by our server, 3 runs per page, the median run printed: the four scores,
 * FCP, LCP, TBT and CLS, and Lighthouse's CPU index (benchmarkIndex) of that run, since the
 * scores follow the machine's speed. Then again with the CPU slowed 6x (a slower phone).
 * Targets: performance 100 with default throttling; accessibility, best practices and SEO 100;
 * at 6x, TBT at most 50 ms and LCP at most 1.5 s. Prints the load average; exits with 1 when a
 * target is missed. LIGHTHOUSE_PAGES=/,/contact limits the run to those pages;
 * LIGHTHOUSE_RUNS=1 runs each page fewer times; LIGHTHOUSE_REPORTS=<dir> keeps each page's
 * median JSON reports there (`<page>.json`, and `<page>-6x.json` for the slower phone), to read
 * their diagnostics.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Flags, type RunnerResult } from "lighthouse";
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

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/** Lighthouse's mobile defaults (simulated slow 4G), with the CPU slowed 6x instead of 4x. */
const SLOW_PHONE: Flags["throttling"] = {
  rttMs: 150,
  throughputKbps: 1638.4,
  requestLatencyMs: 562.5,
  downloadThroughputKbps: 1474.56,
  uploadThroughputKbps: 675,
  cpuSlowdownMultiplier: 6,
};
const SLOW_PHONE_TBT_MS = 50;
const SLOW_PHONE_LCP_MS = 1500;

const run = (route: string, throttling?: Flags["throttling"]) =>
  lighthouse(`http://127.0.0.1:${port}${route}`, {
    port: chrome.port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    ...(throttling ? { throttling } : {}),
  });

/** One run; Chromium now and then fails to record the trace (NO_NAVSTART and the like): again. */
async function measure(route: string, throttling?: Flags["throttling"]): Promise<RunnerResult> {
  let result = await run(route, throttling);
  for (let retry = 0; result?.lhr.runtimeError && retry < 2; retry++) {
    console.log(`  ${route}: ${result.lhr.runtimeError.code}, measuring again`);
    result = await run(route, throttling);
  }
  if (!result) throw new Error(`Lighthouse gave no result for ${route}`);
  return result;
}

/** The median of RUNS runs, by performance score (then by TBT). */
async function medianRun(route: string, throttling?: Flags["throttling"]) {
  const results: RunnerResult[] = [];
  for (let i = 0; i < RUNS; i++) results.push(await measure(route, throttling));
  const key = (r: RunnerResult) =>
    (r.lhr.categories.performance?.score ?? 0) * 1e6 -
    (r.lhr.audits["total-blocking-time"]?.numericValue ?? 0);
  return results.sort((a, b) => key(a) - key(b))[Math.floor(results.length / 2)]!;
}

function keepReport(route: string, suffix: string, { lhr }: RunnerResult) {
  if (!reportDir) return;
  const name = route === "/" ? "home" : route.slice(1);
  writeFileSync(path.join(reportDir, `${name}${suffix}.json`), JSON.stringify(lhr, null, 1));
}

type Row = {
  page: string;
  scores: number[];
  fcp: string;
  lcp: string;
  tbt: string;
  cls: string;
  cpuIndex: number;
  lcpMs: number;
  tbtMs: number;
};
const toRow = (route: string, { lhr }: RunnerResult): Row => {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const audit = (id: string) => lhr.audits[id];
  return {
    page: route,
    scores: ["performance", "accessibility", "best-practices", "seo"].map(score),
    fcp: audit("first-contentful-paint")?.displayValue ?? "?",
    lcp: audit("largest-contentful-paint")?.displayValue ?? "?",
    tbt: audit("total-blocking-time")?.displayValue ?? "?",
    cls: audit("cumulative-layout-shift")?.displayValue ?? "?",
    cpuIndex: Math.round(lhr.environment.benchmarkIndex),
    lcpMs: audit("largest-contentful-paint")?.numericValue ?? Infinity,
    tbtMs: audit("total-blocking-time")?.numericValue ?? Infinity,
  };
};

const rows: Row[] = [];
const slowRows: Row[] = [];
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");
const loadBefore = load();
try {
  await waitForReady(server);
  for (const route of pages) {
    const result = await medianRun(route);
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError)
      console.log(`  ${route}: Lighthouse failed: ${runtimeError.code} ${runtimeError.message}`);
    for (const audit of Object.values(audits)
      .filter((audit) => audit.errorMessage)
      .slice(0, 3))
      console.log(`  ${route}: ${audit.id} could not run: ${audit.errorMessage}`);
    keepReport(route, "", result);
    rows.push(toRow(route, result));
    for (const id of ["accessibility", "best-practices", "seo"]) {
      for (const ref of categories[id]?.auditRefs ?? []) {
        const audit = audits[ref.id];
        if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
          console.log(`  ${route} ${id}: ${audit.id} — ${audit.title}`);
        }
      }
    }
  }
  for (const route of pages) {
    const result = await medianRun(route, SLOW_PHONE);
    keepReport(route, "-6x", result);
    slowRows.push(toRow(route, result));
  }
} finally {
  chrome.kill();
  await server.stop();
  rmSync(work, { recursive: true, force: true });
}

const print = (title: string, list: Row[]) => {
  console.log(`\n${title}`);
  console.log("page        perf  a11y  best   seo   FCP      LCP      TBT      CLS    CPU index");
  for (const row of list) {
    const [perf, a11y, best, seo] = row.scores.map((s) => String(s).padStart(4));
    console.log(
      `${row.page.padEnd(11)} ${perf}  ${a11y}  ${best}  ${seo}   ${row.fcp.padEnd(8)} ${row.lcp.padEnd(8)} ${row.tbt.padEnd(8)} ${row.cls.padEnd(6)} ${row.cpuIndex}`,
    );
  }
};
print(`median of ${RUNS} runs, mobile, default throttling (target: performance 100)`, rows);
print(
  `median of ${RUNS} runs, CPU slowed 6x (targets: TBT <= ${SLOW_PHONE_TBT_MS} ms, LCP <= ${SLOW_PHONE_LCP_MS / 1000} s)`,
  slowRows,
);
console.log(`\nload average (1, 5, 15 min): before ${loadBefore}, after ${load()}`);
const missed = [
  ...rows
    .filter((row) => row.scores.some((score) => score < 100))
    .map((row) => `${row.page}: a score under 100`),
  ...slowRows
    .filter((row) => row.tbtMs > SLOW_PHONE_TBT_MS || row.lcpMs > SLOW_PHONE_LCP_MS)
    .map((row) => `${row.page} at 6x: TBT ${row.tbt}, LCP ${row.lcp}`),
];
if (missed.length > 0) {
  console.log(`\nMissed:\n  ${missed.join("\n  ")}`);
  process.exitCode = 1;
}
