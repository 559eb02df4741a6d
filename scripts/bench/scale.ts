/**
 * `npm run bench:scale`: the portal after a year of an agency's data, on PostgreSQL. Creates a
 * scratch database (BENCH_DATABASE_URL's server, default the local one), migrates it with the
 * app's own migrations, seeds it with set-based SQL (reports-seed.ts, scale-seed.ts): 1,000
 * client companies, 2,000 sites with a year of daily roll-ups and 90 days of hourly ones,
 * 100,000 leads, 50,000 tickets with 200,000 replies, 30,000 invoices. Prints the database's
 * size and each table's, and the growth per site and month. Then it catches up as a server that
 * ran all year would have (the reminders and expiry warnings that fell due, sent).
 *
 * Then starts the built app on it and measures each read the pages make with wrk (people
 * clicking: a think time of 50 to 150 ms between reads, BENCH_CONNECTIONS each), printing p50,
 * p99, the server's CPU and wrk's. For each read it captures the queries of one request
 * (query-log.mjs) and prints the slowest; for a read over its goal, that query's
 * EXPLAIN (ANALYZE, BUFFERS). Last, the retention check (scale-retention.ts).
 * BENCH_SECONDS: each wrk run (10); BENCH_PORT: the app's port (default: a free one).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "../../src/server/db/client";
import { dueReminders } from "../../src/server/billing/scheduler";
import { agencyMonth } from "../../src/server/hours/reading";
import { runMonitorHousekeeping } from "../../src/server/monitoring/monitor";
import { REMINDER_DAYS_PAST_DUE } from "../../src/shared/schemas/billing";
import { addDays, dayOf } from "../../src/shared/invoice-math";
import { freePort, startServer, waitForReady } from "../../tests/support/server-process";
import { seedHistory } from "./reports-seed";
import { simulateQuarter, tableSizes } from "./scale-retention";
import { seedAgencyYear } from "./scale-seed";
import {
  adminUrl,
  agencySettings,
  DASHBOARD_READS,
  demoSignIn,
  milliseconds,
  query,
  requireWrk,
  runWrk,
  scratchDatabase,
  type WrkRun,
} from "./support";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const CLIENTS = 1000;
const loads = () =>
  loadavg()
    .map((v) => v.toFixed(1))
    .join(", ");

requireWrk();
const work = mkdtempSync(path.join(tmpdir(), "harborline-scale-"));
// BENCH_KEEP_DATABASE keeps the seeded database (its name is printed); BENCH_DATABASE_NAME reads
// one kept before instead of seeding again, to measure a fix on the same rows.
const kept = process.env.BENCH_DATABASE_NAME;
const database = kept
  ? {
      url: Object.assign(new URL(adminUrl), { pathname: `/${kept}` }).toString(),
      drop: async () => {},
    }
  : await scratchDatabase(adminUrl);
const opened = await openDatabase({ url: database.url });
const sql = (text: string, params: unknown[] = []) => query(database.url, text, params);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
let server: ReturnType<typeof startServer> | undefined;

try {
  const emptyBytes = Number(
    (await sql("select pg_database_size(current_database()) as b")).rows[0].b,
  );
  console.log(`Load average at the start: ${loads()}`);
  if (!kept) await seed();
  async function seed() {
    console.log(`Seeding a year of an agency's data (${CLIENTS} clients) ...`);
    const history = await seedHistory(database.url, {
      clients: CLIENTS,
      // The months before this one are archived, so the server's reports worker stays idle.
      month: agencyMonth(new Date()),
      viewsPerDay: Number(process.env.BENCH_VIEWS_PER_DAY ?? 25),
      hourlyDays: 90,
      ticketsPerClient: 50,
    });
    const agency = await seedAgencyYear(database.url, {
      leads: 100_000,
      messagesPerTicket: 4,
      manualInvoices: 30_000 - history.counts.invoices!,
    });
    console.log(
      `  seeded in ${(history.seconds + agency.seconds).toFixed(1)} s ` +
        `(care history ${history.seconds.toFixed(1)} s, leads, threads and invoices ` +
        `${agency.seconds.toFixed(1)} s); slowest steps: ` +
        history.slowest.map((s) => `${s.what} ${s.seconds.toFixed(1)} s`).join(", "),
    );
    for (const [table, rows] of Object.entries({ ...history.counts, ...agency.counts })) {
      console.log(`    ${table.padEnd(18)} ${rows.toLocaleString("en-US").padStart(10)}`);
    }
    await catchUp();
  }

  /**
   * A server that ran all year sent each reminder and expiry warning as it fell due. Seeded at
   * once, the year's overdue invoices and near certificates would keep the measured server busy
   * with thousands of them (each reminder renders its invoice's PDF) while it answers the reads.
   * The reminders are recorded as sent, the warnings sent by the monitor's own housekeeping, and
   * the emails queued counted as delivered: the reads then run beside an ordinary day's work.
   */
  async function catchUp() {
    const started = performance.now();
    // The reminders the billing schedule finds due, each stage up to the one reached recorded
    // as sent on the day it fell due, in one statement: the schedule's own query, without its
    // emails and PDFs.
    const stages = (await dueReminders(opened.db, dayOf(new Date()))).flatMap((invoice) =>
      REMINDER_DAYS_PAST_DUE.filter((days) => days <= invoice.stage).map((days) => ({
        invoiceId: invoice.id,
        days,
        sentOn: addDays(invoice.dueDate, days),
      })),
    );
    const reminders = await sql(
      `insert into invoice_reminders (invoice_id, days_past_due, sent_at)
       select * from unnest($1::uuid[], $2::int[], $3::date[])
       on conflict do nothing`,
      [
        stages.map((stage) => stage.invoiceId),
        stages.map((stage) => stage.days),
        stages.map((stage) => stage.sentOn),
      ],
    );
    const warned = await runMonitorHousekeeping({
      db: opened.db,
      settings: agencySettings,
      now: new Date(),
    });
    const delivered = await sql(
      "update outbox_emails set status = 'sent', sent_at = now() where status = 'pending'",
    );
    console.log(
      `  caught up as a server running all year: ${reminders.rowCount} reminders recorded, ` +
        `${warned.expiryWarnings} expiry warnings sent, ${delivered.rowCount} emails delivered ` +
        `(${((performance.now() - started) / 1000).toFixed(1)} s)`,
    );
  }

  // Sizes: the database, its largest tables, and what a site adds a month.
  const sites = Number((await sql("select count(*) as n from websites")).rows[0].n);
  const dbBytes = Number((await sql("select pg_database_size(current_database()) as b")).rows[0].b);
  console.log(
    `\nDatabase size ${mb(dbBytes)}` + (kept ? "" : ` (${mb(emptyBytes)} migrated and empty)`),
  );
  const sizes = await tableSizes(database.url);
  for (const { table, bytes, rows } of sizes.slice(0, 14)) {
    console.log(
      `    ${table.padEnd(22)} ${mb(bytes).padStart(10)} ${rows.toLocaleString("en-US").padStart(11)} rows`,
    );
  }
  if (!kept)
    console.log(
      `  Growth per site per month: ${((dbBytes - emptyBytes) / sites / 12 / 1024).toFixed(1)} KB ` +
        `(all of the year's data over ${sites} sites and 12 months; raw page views hold the last ` +
        `two months, hourly roll-ups 90 days, as the pruning keeps them bounded)`,
    );

  // The app on that database; staff signed in by the demo sign-in (a second factor counts as
  // passed there), the client by an email link, as a person would.
  const port = Number(process.env.BENCH_PORT ?? (await freePort()));
  const queryLog = path.join(work, "queries.jsonl");
  server = startServer(
    port,
    {
      DATA_DIR: work,
      DATABASE_URL: database.url,
      LOG_LEVEL: "warn",
      SMTP_URL: "smtp://127.0.0.1:1",
      API_RATE_LIMIT: "100000000",
      NODE_OPTIONS: `--import=${path.resolve("scripts/bench/query-log.mjs")}`,
      QUERY_LOG: queryLog,
    },
    "build",
  );
  const base = `http://127.0.0.1:${port}`;
  await waitForReady(server, 120_000);
  const serverPid = server.child.pid!;
  const cookieOf = (response: Response) =>
    response.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
  const staffCookie = await demoSignIn(base, "admin");
  // Client No. 2 has three sites.
  const owner = "owner2@client2.example";
  // A database measured again holds the links of the runs before, which count against the
  // address's few links an hour.
  await sql("delete from login_tokens where email = $1", [owner]);
  const asked = await fetch(`${base}/api/login/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ email: owner }),
  });
  if (asked.status !== 202) throw new Error(`the sign-in link answered ${asked.status}`);
  const email = await sql(
    "select text from outbox_emails where kind = 'sign-in-link' and \"to\" = $1 order by created_at desc limit 1",
    [owner],
  );
  const link = new URL(String(email.rows[0].text).match(/https?:\/\/\S+token=[\w-]+/)![0]);
  const signedIn = await fetch(`${base}${link.pathname}${link.search}`, { redirect: "manual" });
  const clientCookie = cookieOf(signedIn);
  const site = (
    await sql(
      `select w.id from websites w join companies c on c.id = w.company_id
       where c.name = 'Client 0002 Bakery' order by w.domain limit 1`,
    )
  ).rows[0].id as string;
  const openInvoiceClient = (
    await sql("select company_id from invoices where status = 'open' limit 1")
  ).rows[0].company_id as string;

  const reads: { name: string; goal: number; cookie: string; paths: string[] }[] = [
    { name: "a client's dashboard", goal: 20, cookie: clientCookie, paths: DASHBOARD_READS },
    {
      name: "a site page, 90 days of charts",
      goal: 50,
      cookie: clientCookie,
      paths: [`/api/websites/${site}/health?range=90d`],
    },
    {
      name: "leads inbox, filtered and searched",
      goal: 50,
      cookie: staffCookie,
      paths: ["/api/admin/leads?status=new&q=olsen&pageSize=25", "/api/admin/leads?q=marina"],
    },
    {
      name: "the ticket queue",
      goal: 50,
      cookie: staffCookie,
      paths: ["/api/admin/tickets", "/api/admin/tickets?status=open&sort=time-left"],
    },
    {
      name: "the monitoring overview",
      goal: 100,
      cookie: staffCookie,
      paths: ["/api/admin/monitoring"],
    },
    {
      name: "invoice list with filters",
      goal: 50,
      cookie: staffCookie,
      paths: [
        "/api/admin/invoices?status=open",
        "/api/admin/invoices?overdue=true",
        `/api/admin/invoices?companyId=${openInvoiceClient}`,
      ],
    },
  ];
  const script = (name: string, cookie: string, paths: string[]) => {
    const file = path.join(work, `${name.replace(/\W+/g, "-")}.lua`);
    writeFileSync(
      file,
      `local paths = { ${paths.map((p) => JSON.stringify(p)).join(", ")} }
local n = 0
function delay() return math.random(50, 150) end
function request()
  n = n + 1
  return wrk.format("GET", paths[n % #paths + 1], { ["Cookie"] = ${JSON.stringify(cookie)} })
end`,
    );
    return file;
  };

  // Each read answers 200 with something in it before it is timed.
  for (const read of reads) {
    for (const p of read.paths) {
      const answer = await fetch(`${base}${p}`, { headers: { cookie: read.cookie } });
      if (!answer.ok) throw new Error(`${p} answered ${answer.status}: ${await answer.text()}`);
    }
  }

  // The generator first: the dashboard's reads flat out (no think time) with one wrk thread,
  // then two, after a warm-up run that is not counted (else the second run gains by coming
  // second: the JIT, the pool and PostgreSQL's caches warmed by the first).
  const flat = (cookie: string, paths: string[]) => {
    const file = script(`flat-${paths[0]}`, cookie, paths);
    writeFileSync(file, readFileSync(file, "utf8").replace(/function delay.*\n/, ""));
    return file;
  };
  const dashboard = flat(clientCookie, DASHBOARD_READS);
  await runWrk({
    url: base,
    script: dashboard,
    threads: 2,
    connections: CONNECTIONS,
    seconds: 5,
    serverPid,
  });
  const one = await runWrk({
    url: base,
    script: dashboard,
    threads: 1,
    connections: CONNECTIONS,
    seconds: SECONDS,
    serverPid,
  });
  const two = await runWrk({
    url: base,
    script: dashboard,
    threads: 2,
    connections: CONNECTIONS,
    seconds: SECONDS,
    serverPid,
  });
  const gain = two.rate / one.rate - 1;
  console.log(
    `\nGenerator check, dashboard reads flat out: wrk -t1 ${one.rate.toFixed(0)} req/s ` +
      `(wrk ${one.wrkCpu.toFixed(1)} s CPU, server ${one.serverCpu.toFixed(1)} s), -t2 ` +
      `${two.rate.toFixed(0)} req/s (wrk ${two.wrkCpu.toFixed(1)} s, server ` +
      `${two.serverCpu.toFixed(1)} s): ${(gain * 100).toFixed(1)}% ` +
      (gain > 0.1 ? "MORE THAN 10%: wrk may have been the limit" : "so wrk was not the limit"),
  );

  const results: { read: (typeof reads)[number]; run: WrkRun | undefined }[] = [];
  console.log(
    `\nReads with wrk: ${CONNECTIONS} connections, 50 to 150 ms think time, ${SECONDS} s each ` +
      `(load average ${loads()})`,
  );
  console.log(
    `${"read".padEnd(36)} ${"req/s".padStart(7)} ${"p50".padStart(9)} ${"p99".padStart(9)} ` +
      `${"goal".padStart(7)} ${"non-2xx".padStart(8)}   server   wrk CPU`,
  );
  for (const read of reads) {
    const file = script(read.name, read.cookie, read.paths);
    // Warm-up, not counted: JIT, the pool, PostgreSQL's caches (a read slower than the warm-up
    // answers nothing in it, which is no error here).
    await runWrk({
      url: base,
      script: file,
      threads: 2,
      connections: CONNECTIONS,
      seconds: 3,
      serverPid,
    }).catch(() => undefined);
    const run = await runWrk({
      url: base,
      script: file,
      threads: 2,
      connections: CONNECTIONS,
      seconds: SECONDS,
      serverPid,
      timeoutSeconds: 10,
    }).catch(() => undefined);
    results.push({ read, run });
    if (!run) {
      console.log(`${read.name.padEnd(36)} no request answered within 10 s  OVER`);
      // The requests wrk gave up on are still being answered: let them finish first.
      await fetch(`${base}${read.paths[0]}`, { headers: { cookie: read.cookie } });
      continue;
    }
    const over = milliseconds(run.p99) > read.goal;
    console.log(
      `${read.name.padEnd(36)} ${run.rate.toFixed(0).padStart(7)} ${run.p50.padStart(9)} ` +
        `${run.p99.padStart(9)} ${`${read.goal}ms`.padStart(7)} ${String(run.non2xx).padStart(8)}` +
        `   ${run.serverCpu.toFixed(1).padStart(5)} s ${run.wrkCpu.toFixed(1).padStart(5)} s` +
        (over ? "  OVER" : ""),
    );
  }

  // Each read's queries, from one request; EXPLAIN of the slowest for a read over its goal.
  console.log(`\nThe slowest query of one request of each read:`);
  for (const { read, run } of results) {
    for (const p of read.paths) {
      writeFileSync(queryLog, "");
      // The signal reaches the server's event loop in its own time: let it, before the request.
      process.kill(serverPid, "SIGUSR2");
      await new Promise((resolve) => setTimeout(resolve, 50));
      await fetch(`${base}${p}`, { headers: { cookie: read.cookie } });
      process.kill(serverPid, "SIGUSR2");
      await new Promise((resolve) => setTimeout(resolve, 50));
      const queries = readFileSync(queryLog, "utf8")
        .trim()
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { ms: number; text: string; params?: unknown[] })
        // Reads only: a transaction's begin waits for the pool, and explains nothing.
        .filter((q) => /^\s*(select|with)\b/i.test(q.text));
      const slowest = queries.sort((a, b) => b.ms - a.ms)[0];
      console.log(
        `  ${p}: ${queries.length} queries, slowest ${slowest?.ms.toFixed(1)} ms: ` +
          `${slowest?.text.replace(/\s+/g, " ").slice(0, 110)}`,
      );
      if (slowest && (!run || milliseconds(run.p99) > read.goal)) {
        const plan = await sql(`explain (analyze, buffers) ${slowest.text}`, slowest.params ?? []);
        for (const row of plan.rows) console.log(`      ${row["QUERY PLAN"]}`);
      }
    }
  }
  await server.stop();
  server = undefined;

  // The quarter moves the data three months on: not on a database kept to measure again.
  if (!process.env.BENCH_KEEP_DATABASE && !kept) {
    console.log(`\nRetention over a simulated quarter (load average ${loads()}):`);
    await simulateQuarter(opened.db, database.url);
  }
  console.log(`\nLoad average at the end: ${loads()}`);
} finally {
  await server?.stop();
  await opened.close();
  if (process.env.BENCH_KEEP_DATABASE) {
    console.log(`Kept the database: ${new URL(database.url).pathname.slice(1)}`);
  } else {
    await database.drop();
  }
  rmSync(work, { recursive: true, force: true });
}
