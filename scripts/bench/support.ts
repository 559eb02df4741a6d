/**
 * What the server benchmarks share: wrk (a load generator written in C, in its own process, so
 * the figures are the server's and not the generator's), the CPU time of a process, and a
 * scratch PostgreSQL database created for one run and dropped after it.
 */
import { execFileSync, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import pg from "pg";

/** What a client's portal dashboard reads as it opens. */
export const DASHBOARD_READS = [
  "/api/auth/user",
  "/api/websites",
  "/api/domains",
  "/api/tickets",
  "/api/billing",
  "/api/projects",
];

/** A session of the demo client or of staff, as the Cookie header a request sends back. */
export async function demoSignIn(base: string, as: "client" | "admin"): Promise<string> {
  const signIn = await fetch(`${base}/api/login/demo`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ as }),
  });
  if (!signIn.ok) throw new Error(`demo sign-in answered ${signIn.status}`);
  return signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** Exits with how to install wrk when it is missing. */
export function requireWrk() {
  try {
    execFileSync("wrk", ["--version"], { stdio: "ignore" });
  } catch (error) {
    // wrk --version exits 1 but runs; only a missing binary throws ENOENT.
    if ((error as NodeJS.ErrnoException).code === "ENOENT") {
      console.error(
        "wrk is not installed: run `apt-get install -y wrk` (Debian/Ubuntu), then again.",
      );
      process.exit(1);
    }
  }
}

/** A process's CPU seconds so far (user + system), from /proc. */
export function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

export type WrkRun = {
  threads: number;
  connections: number;
  rate: number;
  /** Latency percentiles as wrk prints them (for example "3.29ms"). */
  p50: string;
  p99: string;
  requests: number;
  non2xx: number;
  socketErrors: string;
  /** CPU seconds wrk used, and the server over the same run. */
  wrkCpu: number;
  serverCpu: number;
};

/** One wrk run with a Lua script, measuring wrk's CPU and the server's. */
export async function runWrk({
  url,
  script,
  threads,
  connections,
  seconds,
  serverPid,
  timeoutSeconds = 2,
}: {
  url: string;
  script: string;
  threads: number;
  connections: number;
  seconds: number;
  serverPid: number;
  /** wrk counts a request slower than this as a timeout, not in its latencies. */
  timeoutSeconds?: number;
}): Promise<WrkRun> {
  const before = cpuSeconds(serverPid);
  // `times` prints the CPU of the shell's children (wrk) once it has finished.
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn("bash", [
      "-c",
      `wrk -t${threads} -c${connections} -d${seconds}s --timeout ${timeoutSeconds}s --latency -s "$1" "$2"; times`,
      "wrk",
      script,
      url,
    ]);
    let text = "";
    child.stdout.on("data", (chunk) => (text += chunk));
    child.stderr.on("data", (chunk) => (text += chunk));
    child.once("error", reject);
    child.once("exit", () => resolve(text));
  });
  const serverCpu = cpuSeconds(serverPid) - before;
  const match = (re: RegExp) => output.match(re)?.[1];
  const toSeconds = (time: string) => {
    const [, m, s] = time.match(/(\d+)m([\d.]+)s/) ?? [];
    return Number(m) * 60 + Number(s);
  };
  const children = output.trim().split("\n").at(-1)!.split(" ");
  const run: WrkRun = {
    threads,
    connections,
    rate: Number(match(/Requests\/sec:\s+([\d.]+)/)),
    p50: match(/\s50%\s+(\S+)/) ?? "?",
    p99: match(/\s99%\s+(\S+)/) ?? "?",
    requests: Number(match(/(\d+) requests in/)),
    non2xx: Number(match(/Non-2xx or 3xx responses: (\d+)/) ?? 0),
    socketErrors: match(/Socket errors: (.*)/) ?? "none",
    wrkCpu: toSeconds(children[0]!) + toSeconds(children[1]!),
    serverCpu,
  };
  if (!run.requests) throw new Error(`wrk said:\n${output}`);
  return run;
}

/** wrk's latency text ("850.00us", "3.29ms", "1.02s") in milliseconds. */
export function milliseconds(latency: string): number {
  const [, value, unit] = latency.match(/^([\d.]+)(us|ms|s)$/) ?? [];
  const factor = unit === "us" ? 0.001 : unit === "s" ? 1000 : 1;
  return Number(value) * factor;
}

/** One statement on a database, on a connection of its own. */
export async function query(url: string, text: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text, params);
  } finally {
    await client.end();
  }
}

/** The PostgreSQL server the benchmarks make their scratch databases on (BENCH_DATABASE_URL). */
export const adminUrl =
  process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** The agency's inbox and address, for the benchmarks that run the app's scheduled work. */
export const agencySettings = {
  agencyInbox: "desk@harborline.example",
  publicUrl: "https://harborline.example",
};

/** A database of its own on the server adminUrl names: its URL, and how to drop it. */
export async function scratchDatabase(adminUrl: string) {
  const name = `harborline_bench_${Date.now()}`;
  await query(adminUrl, `create database "${name}"`);
  return {
    url: Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString(),
    drop: () => query(adminUrl, `drop database if exists "${name}" with (force)`),
  };
}

/** wrk's Lua: every request a signed-in client's read, sessions and reads taken in turn. */
export const readsScript = (cookies: string[]) => `
local cookies = { ${cookies.map((c) => JSON.stringify(c)).join(", ")} }
local paths = { ${DASHBOARD_READS.map((p) => JSON.stringify(p)).join(", ")} }
local n = 0
function init(args) math.randomseed(os.time() + n) end
function delay() return math.random(50, 150) end
function request()
  n = n + 1
  return wrk.format("GET", paths[n % #paths + 1], { ["Cookie"] = cookies[n % #cookies + 1] })
end
`;
