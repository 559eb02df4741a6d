/**
 * `npm run bench:reports`: the monthly care reports for BENCH_CLIENTS (1,000) care clients with a
 * year of history, on PostgreSQL. Creates a scratch database (on BENCH_DATABASE_URL's server,
 * default the local PostgreSQL), seeds it with set-based SQL (reports-seed.ts), then runs the
 * real reports worker's pass for last month (the months before are already archived) in this
 * process, beside the real monitor worker checking a few sites on a local HTTP server every
 * BENCH_MONITOR_SECONDS (5). Prints the time per report (p50/p95/max), the total, the peak RSS,
 * the event loop's delay, and how late the monitor's checks ran before and during the reports.
 * The target: at most 5 minutes and 300 MB of RSS on 2 cores; exits 1 when it is missed.
 * BENCH_TARGET_PORT: the local HTTP server's port (default: any free one).
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { addMonthsTo } from "../../src/shared/work-time";
import { openDatabase } from "../../src/server/db/client";
import { agencyMonth } from "../../src/server/hours/reading";
import { createMonitorWorker, runMonitorHousekeeping } from "../../src/server/monitoring/monitor";
import { percentile } from "../../src/server/reports/site-section";
import { createReportsWorker } from "../../src/server/reports/archive";
import { seedHistory } from "./reports-seed";
import { adminUrl, agencySettings, query, scratchDatabase } from "./support";

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1000);
const VIEWS_PER_DAY = Number(process.env.BENCH_VIEWS_PER_DAY ?? 25);
const MONITOR_MS = Number(process.env.BENCH_MONITOR_SECONDS ?? 5) * 1000;
const MONITORED_SITES = 5;
/** The monitor alone first, for the lateness its own pass cadence gives. */
const BASELINE_MS = 3 * MONITOR_MS;
const TARGET_SECONDS = 300;
const TARGET_RSS_MB = 300;

const mb = (bytes: number) => bytes / 1024 / 1024;
const fixed = (n: number | null, digits = 0) => (n === null ? "-" : n.toFixed(digits));
/** The process's peak resident set so far (the kernel's high-water mark), in bytes. */
const peakRss = () =>
  Number(readFileSync("/proc/self/status", "utf8").match(/VmHWM:\s+(\d+) kB/)![1]) * 1024;

const log = { info() {}, warn() {}, error: (...args: unknown[]) => console.error(...args) };

// The sites the monitor checks meanwhile: each request's arrival, per site.
const arrivals = new Map<string, number[]>();
const target = createServer((request, response) => {
  const at = performance.now();
  arrivals.set(request.url!, [...(arrivals.get(request.url!) ?? []), at]);
  response.writeHead(200, { "content-type": "text/html" }).end("<p>Open today</p>");
});
await new Promise<void>((resolve) =>
  target.listen(Number(process.env.BENCH_TARGET_PORT ?? 0), "127.0.0.1", resolve),
);
const targetPort = (target.address() as { port: number }).port;

const database = await scratchDatabase(adminUrl);
const opened = await openDatabase({ url: database.url });
const { db } = opened;
const stops: (() => Promise<unknown>)[] = [];
try {
  const now = new Date();
  const month = addMonthsTo(agencyMonth(now), -1);
  console.log(`Seeding ${CLIENTS} care clients with a year of history (reports for ${month}) ...`);
  const seeded = await seedHistory(database.url, {
    clients: CLIENTS,
    month,
    viewsPerDay: VIEWS_PER_DAY,
  });
  console.log(`  seeded in ${seeded.seconds.toFixed(1)} s:`);
  for (const [table, rows] of Object.entries(seeded.counts)) {
    console.log(`    ${table.padEnd(18)} ${rows.toLocaleString("en-US").padStart(10)}`);
  }
  const slowest = seeded.slowest.map((step) => `${step.what} ${step.seconds.toFixed(1)} s`);
  console.log(`  slowest steps: ${slowest.join(", ")}`);

  // A client without a care plan, whose sites the monitor checks on the local server.
  await query(
    database.url,
    `with company as (insert into companies (name) values ('Monitored Cafe') returning id)
     insert into websites (company_id, domain, plan, status, check_url)
     select id, 'monitored' || i || '.example', 'Business', 'active',
            'http://127.0.0.1:' || $1::int || '/site-' || i
     from company, generate_series(1, $2::int) i`,
    [targetPort, MONITORED_SITES],
  );
  const monitor = createMonitorWorker({
    db,
    settings: agencySettings,
    log,
    intervalMs: MONITOR_MS,
    probe: { allowPrivate: true },
  });
  // Its first housekeeping sends the expiry warnings the seeded certificates and domains call
  // for (as a server running all year would have): the baseline starts after it.
  const firstPass = performance.now();
  const first = await runMonitorHousekeeping({
    db,
    settings: agencySettings,
    now: new Date(),
    log,
  });
  console.log(
    `\nThe monitor's first housekeeping: ${((performance.now() - firstPass) / 1000).toFixed(1)} s, ` +
      `${first.expiryWarnings} expiry warnings sent`,
  );
  // The baseline: the checks after that first pass.
  arrivals.clear();
  monitor.start();
  stops.push(() => monitor.stop());
  console.log(
    `The monitor checks ${MONITORED_SITES} sites on 127.0.0.1:${targetPort} every ` +
      `${MONITOR_MS / 1000} s; ${BASELINE_MS / 1000} s alone first ...`,
  );
  await new Promise((resolve) => setTimeout(resolve, BASELINE_MS));

  const rssBefore = process.memoryUsage().rss;
  const peakBefore = peakRss();
  let rssSampled = rssBefore;
  let atPeak = process.memoryUsage();
  const sampler = setInterval(() => {
    const memory = process.memoryUsage();
    if (memory.rss > rssSampled) [rssSampled, atPeak] = [memory.rss, memory];
  }, 50);
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const times: number[] = [];
  const reading: number[] = [];
  let started = 0;
  const reports = createReportsWorker({
    db,
    settings: agencySettings,
    log,
    intervalMs: 3_600_000,
    now: () => now,
    onReport: ({ ms, readMs }) => {
      times.push(ms);
      reading.push(readMs);
      if (times.length % 200 === 0) {
        const memory = process.memoryUsage();
        console.log(
          `  ${times.length} reports, ${((performance.now() - started) / 1000).toFixed(0)} s: ` +
            `RSS ${mb(memory.rss).toFixed(0)} MB, heap ${mb(memory.heapUsed).toFixed(0)} MB ` +
            `used of ${mb(memory.heapTotal).toFixed(0)} MB`,
        );
      }
    },
  });
  stops.push(() => reports.stop());
  console.log(`Making the reports for ${month} ...`);
  started = performance.now();
  const run = await reports.runOnce();
  const ended = performance.now();
  const totalSeconds = (ended - started) / 1000;
  loop.disable();
  clearInterval(sampler);
  // One more interval: the checks due during the reports' last seconds.
  await new Promise((resolve) => setTimeout(resolve, MONITOR_MS + 1000));
  await monitor.stop();

  // The kernel's high-water mark counts for the reports only if it rose while they ran.
  const peak = peakRss() > peakBefore ? peakRss() : rssSampled;
  const archived = Number(
    (
      await query(database.url, "select count(*) as n from monthly_reports where month = $1", [
        month,
      ])
    ).rows[0].n,
  );
  const emails = Number(
    (await query(database.url, "select count(*) as n from outbox_emails")).rows[0].n,
  );
  console.log(
    `\n${run.made} reports made (${archived} archived for ${month}), ${run.emailed} emailed ` +
      `(${emails} emails queued, PDF attached), ${run.errors} errors`,
  );
  console.log(
    `  total ${totalSeconds.toFixed(1)} s; per report p50 ${fixed(percentile(times, 50))} ms, ` +
      `p95 ${fixed(percentile(times, 95))} ms, max ${fixed(percentile(times, 100))} ms ` +
      `(${(run.made / totalSeconds).toFixed(1)} reports/s)`,
  );
  const pdfs = times.map((ms, i) => ms - reading[i]!);
  console.log(
    `    reading the figures p50 ${fixed(percentile(reading, 50))} ms, ` +
      `p95 ${fixed(percentile(reading, 95))} ms; PDF, email and archiving ` +
      `p50 ${fixed(percentile(pdfs, 50))} ms, p95 ${fixed(percentile(pdfs, 95))} ms`,
  );
  console.log(
    `  RSS: ${mb(rssBefore).toFixed(0)} MB before the reports (peak ${mb(peakBefore).toFixed(0)} MB ` +
      `while seeding and the monitor's first pass), peak ${mb(peak).toFixed(0)} MB`,
  );
  console.log(
    `    at the sampled peak: JavaScript heap ${mb(atPeak.heapUsed).toFixed(0)} MB used of ` +
      `${mb(atPeak.heapTotal).toFixed(0)} MB, buffers ${mb(atPeak.arrayBuffers).toFixed(0)} MB`,
  );
  console.log(
    `  event loop delay during the reports: p50 ${fixed(loop.percentile(50) / 1e6, 1)} ms, ` +
      `p99 ${fixed(loop.percentile(99) / 1e6, 1)} ms, max ${fixed(loop.max / 1e6, 1)} ms`,
  );

  // A check's lateness: the time since its site's previous check, beyond the interval.
  const late = { before: [] as number[], during: [] as number[] };
  let checks = 0;
  for (const times of arrivals.values()) {
    checks += times.length;
    for (let i = 1; i < times.length; i++) {
      const lateness = times[i]! - times[i - 1]! - MONITOR_MS;
      (times[i]! < started ? late.before : late.during).push(lateness);
    }
  }
  const lateness = (values: number[]) =>
    `${values.length} checks, lateness p50 ${fixed(percentile(values, 50))} ms, ` +
    `p95 ${fixed(percentile(values, 95))} ms, max ${fixed(percentile(values, 100))} ms`;
  console.log(`\nThe monitor's checks (${checks} in all, every ${MONITOR_MS / 1000} s per site):`);
  console.log(`  alone:            ${lateness(late.before)}`);
  console.log(`  during reports:   ${lateness(late.during)}`);

  const missed: string[] = [];
  if (totalSeconds > TARGET_SECONDS) missed.push(`took over ${TARGET_SECONDS} s`);
  if (mb(peak) > TARGET_RSS_MB) missed.push(`peak RSS over ${TARGET_RSS_MB} MB`);
  if (archived !== CLIENTS || run.errors > 0) missed.push("not every client has its report");
  // On time: no check a whole interval late (none skipped), and the 95th percentile within a
  // second of the monitor's alone.
  const worstDuring = percentile(late.during, 100);
  const p95During = percentile(late.during, 95);
  if (
    worstDuring === null ||
    worstDuring >= MONITOR_MS ||
    p95During! > (percentile(late.before, 95) ?? 0) + 1000
  ) {
    missed.push("the monitor's checks ran late during the reports");
  }
  console.log(
    missed.length === 0
      ? `\nTarget met: at most ${TARGET_SECONDS} s and ${TARGET_RSS_MB} MB, checks on time.`
      : `\nTarget MISSED: ${missed.join("; ")}.`,
  );
  if (missed.length > 0) process.exitCode = 1;
} finally {
  for (const stop of stops) await stop();
  await opened.close();
  await new Promise((resolve) => target.close(resolve));
  await database.drop();
}
