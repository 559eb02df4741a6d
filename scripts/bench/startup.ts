/**
 * `npm run bench:startup`: starts the built server (`dist/server/main.js`, as `npm start` does)
 * several times and prints, for each mode, the time from spawn to the first 200 of /readyz
 * (median and max), the CPU time the process spent to get there, and its resident memory once
 * idle. Modes: production on PostgreSQL (when one answers; a scratch database is created and
 * dropped) and the embedded database (a scratch DATA_DIR). The first start of each mode creates
 * the tables (and, embedded, the demo data) and is printed apart; the runs after it reopen.
 * Last, `npm start` as a person types it, on the built tree and the embedded database: the time
 * they wait counts npm and the build check too.
 *
 * The memory is read twice: 5 s after ready, while the heap still holds what the start-up left
 * (V8's young generation has grown to 32 MB by then), and once idle, BENCH_IDLE_MS after ready
 * (default 30000): by then V8's memory reducer has run, as it does in a server that waits for
 * requests. The goals are of the idle figure.
 *
 * Loopback only, bounded: BENCH_RUNS starts per mode (default 5, at most 20). Only the server
 * this script started is stopped, by its process id. Figures are printed, never asserted: on a
 * busy machine they are slower. BENCH_DATABASE_URL names a server where a scratch database may
 * be created (default: the local PostgreSQL). Linux: the CPU time and memory are read from /proc.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import {
  freePort,
  startServer,
  type ServerEntry,
  type ServerProcess,
} from "../../tests/support/server-process";
import { adminUrl } from "./support";

const RUNS = Math.min(20, Math.max(1, Number(process.env.BENCH_RUNS ?? 5)));
const SOON_MS = 5_000;
const IDLE_MS = Math.min(120_000, Math.max(SOON_MS, Number(process.env.BENCH_IDLE_MS ?? 30_000)));
const READY_TIMEOUT_MS = 120_000;

if (!existsSync("dist/server/main.js")) {
  console.error("dist/server/main.js is missing: run `npm run build` first.");
  process.exit(1);
}

type Start = {
  readyMs: number;
  cpuMs: number | undefined;
  /** 5 s after ready, and once idle; undefined when not waited for. */
  rssSoonMb: number | undefined;
  rssMb: number | undefined;
};

/** Clock ticks per second of /proc/<pid>/stat's times: 100 on Linux everywhere that matters. */
const TICKS_PER_SECOND = 100;

/** User plus system CPU time the process has used so far, from /proc. */
function cpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The fields after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks * 1000) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/** Resident memory of the process, from /proc. */
function rssMb(pid: number): number | undefined {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Starts the server, polls /readyz every 10 ms, lets it idle (unless `readyOnly`) and reads its
 * memory, stops it.
 */
async function measureStart(
  env: Record<string, string>,
  entry: ServerEntry = "build",
  readyOnly = false,
): Promise<Start> {
  const port = await freePort();
  const started = performance.now();
  const server = startServer(port, { LOG_LEVEL: "warn", ...env }, entry);
  try {
    const readyMs = await untilReady(server, started);
    const pid = server.child.pid!;
    const cpu = cpuMs(pid);
    if (readyOnly) return { readyMs, cpuMs: cpu, rssSoonMb: undefined, rssMb: undefined };
    await new Promise((resolve) => setTimeout(resolve, SOON_MS));
    const rssSoonMb = rssMb(pid);
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS - SOON_MS));
    return { readyMs, cpuMs: cpu, rssSoonMb, rssMb: rssMb(pid) };
  } finally {
    await stop(server);
  }
}

async function untilReady(server: ServerProcess, started: number): Promise<number> {
  while (performance.now() - started < READY_TIMEOUT_MS) {
    if (server.child.exitCode !== null) break;
    try {
      if ((await fetch(`${server.url}/readyz`)).ok) return performance.now() - started;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`the server did not become ready:\n${server.output()}`);
}

/** SIGTERM to our own child; SIGKILL to it (by its pid) if it has not left after 15 s. */
async function stop(server: ServerProcess) {
  if (server.child.exitCode !== null) return;
  const timer = setTimeout(() => server.child.kill("SIGKILL"), 15_000);
  await server.stop();
  clearTimeout(timer);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const figure = (value: number | undefined, unit: string, digits = 0) =>
  value === undefined ? "n/a" : `${value.toFixed(digits)} ${unit}`;

/** The goals of issue 38: ready and idle memory on PostgreSQL, idle memory embedded. */
type Goals = { readyMs?: number; rssMb: number };

const verdict = (value: number, goal: number | undefined, unit: string) =>
  goal === undefined ? "" : ` (goal: at most ${goal} ${unit}: ${value <= goal ? "met" : "MISSED"})`;

async function measureMode(label: string, env: Record<string, string>, goals: Goals) {
  const first = await measureStart(env);
  const runs: Start[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await measureStart(env));
  const ready = runs.map((run) => run.readyMs);
  const cpu = runs.flatMap((run) => (run.cpuMs === undefined ? [] : [run.cpuMs]));
  const rss = runs.flatMap((run) => (run.rssMb === undefined ? [] : [run.rssMb]));
  const rssSoon = runs.flatMap((run) => (run.rssSoonMb === undefined ? [] : [run.rssSoonMb]));
  console.log(`\n${label}`);
  console.log(
    `  first start (creates the tables): ready in ${figure(first.readyMs, "ms")}, ` +
      `CPU ${figure(first.cpuMs, "ms")}, RSS ${figure(first.rssSoonMb, "MB")} after 5 s, ` +
      `${figure(first.rssMb, "MB")} idle`,
  );
  console.log(
    `  ${RUNS} restarts: ready median ${figure(median(ready), "ms")}, max ${figure(Math.max(...ready), "ms")}${verdict(median(ready), goals.readyMs, "ms")}; ` +
      `CPU to ready median ${cpu.length ? figure(median(cpu), "ms") : "n/a"}`,
  );
  console.log(
    `  RSS 5 s after ready: median ${rssSoon.length ? figure(median(rssSoon), "MB") : "n/a"}, ` +
      `max ${rssSoon.length ? figure(Math.max(...rssSoon), "MB") : "n/a"}`,
  );
  console.log(
    `  idle RSS, ${IDLE_MS / 1000} s after ready: median ${rss.length ? figure(median(rss), "MB") : "n/a"}, ` +
      `max ${rss.length ? figure(Math.max(...rss), "MB") : "n/a"}` +
      (rss.length ? verdict(Math.max(...rss), goals.rssMb, "MB") : ""),
  );
}

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2_000 });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

console.log(
  `Start-up of dist/server/main.js, ${RUNS} restarts per mode; load average ${loadavg()
    .map((load) => load.toFixed(2))
    .join(", ")} on this machine before the runs.`,
);

const name = `harborline_startup_${Date.now()}`;
let postgres = true;
try {
  await admin(`create database "${name}"`);
} catch (error) {
  postgres = false;
  console.log(
    `\nNo PostgreSQL at ${adminUrl} (${(error as Error).message}): production mode skipped.`,
  );
}
if (postgres) {
  const work = mkdtempSync(path.join(tmpdir(), "harborline-startup-"));
  try {
    await measureMode(
      "Production on PostgreSQL (NODE_ENV=production, DATABASE_URL)",
      {
        NODE_ENV: "production",
        DATABASE_URL: Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString(),
        SESSION_SECRET: "startup-benchmark-secret-of-at-least-32-characters",
        // Never used at idle: no email is queued.
        SMTP_URL: "smtp://127.0.0.1:2525",
        DATA_DIR: work,
      },
      { readyMs: 1000, rssMb: 150 },
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
    await admin(`drop database if exists "${name}" with (force)`);
  }
}

const dataDir = mkdtempSync(path.join(tmpdir(), "harborline-startup-"));
try {
  const embedded = { NODE_ENV: "development", DATA_DIR: dataDir };
  await measureMode(
    "Embedded database (PGlite in DATA_DIR; `npm start` with no settings)",
    embedded,
    { rssMb: 350 },
  );
  // What a person waits for: npm itself, the check that the build is current, then the server.
  const starts: number[] = [];
  for (let i = 0; i < RUNS; i++)
    starts.push((await measureStart(embedded, "npm-start", true)).readyMs);
  console.log(
    `\n\`npm start\` on a built tree, embedded database: ready median ${figure(median(starts), "ms")}, ` +
      `max ${figure(Math.max(...starts), "ms")} (goal: at most 1500 ms)`,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
