/**
 * `npm run bench:uploads`: the server's memory under a burst of image uploads, as the hardening
 * probe sent it. Starts the built server (`dist/server/main.js`, as `npm start` does) on a
 * scratch PostgreSQL database, signs in the demo client, reads the server's resident memory once
 * idle, then sends BENCH_IMAGES (16) uploads at once and prints the peak above idle (read from
 * /proc every 10 ms) and what is left 3 s after the last answer. Two bursts:
 *
 * 1. the probe's: PNGs of about 130 KB (the probe's were 154 KB) that declare 6,300 x 6,300 pixels (40 MP, over the
 *    preview limit: stored without a preview);
 * 2. the worst a preview now costs: PNGs of 5,000 x 5,000 (25 MP, just at the limit), each one
 *    decoded to make its preview.
 *
 * Target: at most 150 MB above idle. Loopback only, bounded; figures are printed, never
 * asserted. BENCH_DATABASE_URL names a server where a scratch database may be created (default:
 * the local PostgreSQL). Linux: the memory is read from /proc. Only the server this script
 * started is stopped.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { freePort, startServer, waitForReady } from "../../tests/support/server-process";
import { demoSignIn, scratchDatabase } from "./support";

const IMAGES = Math.min(40, Math.max(1, Number(process.env.BENCH_IMAGES ?? 16)));
const TARGET_MB = 150;
const AFTER_MS = 3_000;
const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

if (!existsSync("dist/server/main.js")) {
  console.error("dist/server/main.js is missing: run `npm run build` first.");
  process.exit(1);
}

/** Resident memory of the process in MB, from /proc. */
function rssMb(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

/** A PNG of one colour, compressed hard: a small file that declares many pixels. */
const picture = (side: number) =>
  sharp({ create: { width: side, height: side, channels: 3, background: "#c9a227" } })
    .png({ compressionLevel: 9 })
    .toBuffer();

const database = await scratchDatabase(adminUrl);
const work = mkdtempSync(path.join(tmpdir(), "harborline-uploads-"));
const port = await freePort();
const server = startServer(
  port,
  {
    DATA_DIR: work,
    DATABASE_URL: database.url,
    LOG_LEVEL: "warn",
    API_RATE_LIMIT: "100000000",
    FORM_RATE_LIMIT: "100000000",
  },
  "build",
);
const base = `http://127.0.0.1:${port}`;
const pid = server.child.pid!;

type Burst = {
  label: string;
  bytes: number;
  answers: string;
  idle: number;
  peak: number;
  after: number;
};

/** Sends the uploads at once, polling the server's memory until AFTER_MS after the last answer. */
async function burst(cookie: string, label: string, image: Buffer): Promise<Burst> {
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const idle = rssMb(pid);
  let peak = idle;
  const poll = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 10);
  const answers = await Promise.all(
    Array.from({ length: IMAGES }, async (_, i) => {
      const response = await fetch(`${base}/api/tickets/attachments?name=burst-${i}.png`, {
        method: "POST",
        headers: { cookie, "content-type": "image/png" },
        body: new Uint8Array(image),
      });
      return { status: response.status, body: await response.json() };
    }),
  );
  await new Promise((resolve) => setTimeout(resolve, AFTER_MS));
  clearInterval(poll);
  const after = rssMb(pid);
  // Removed again, so the next burst is not refused for too many files waiting.
  for (const answer of answers) {
    const id = (answer.body as { id?: string }).id;
    if (id) {
      await fetch(`${base}/api/tickets/attachments/${id}`, {
        method: "DELETE",
        headers: { cookie, origin: base },
      });
    }
  }
  const counts = new Map<string, number>();
  for (const { status, body } of answers) {
    const key =
      status === 201 ? `201 ${body.hasThumbnail ? "with" : "without"} preview` : String(status);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const summary = [...counts].map(([key, n]) => `${n} x ${key}`).join(", ");
  return { label, bytes: image.length, answers: summary, idle, peak, after };
}

try {
  await waitForReady(server);
  const cookie = await demoSignIn(base, "client");

  const runs = [
    await burst(cookie, "6,300 x 6,300 (the probe's)", await picture(6_300)),
    await burst(cookie, "5,000 x 5,000 (at the limit)", await picture(5_000)),
  ];

  console.log(`\n${IMAGES} PNG uploads at once, PostgreSQL, loopback; server RSS in MB\n`);
  console.log(
    `${"burst".padEnd(30)} ${"file".padStart(7)} ${"idle".padStart(6)} ${"peak".padStart(6)} ${"+peak".padStart(6)} ${"+3 s".padStart(6)}   answers`,
  );
  for (const run of runs) {
    console.log(
      `${run.label.padEnd(30)} ${`${Math.round(run.bytes / 1024)} KB`.padStart(7)} ${run.idle.toFixed(0).padStart(6)} ${run.peak.toFixed(0).padStart(6)} ${(run.peak - run.idle).toFixed(0).padStart(6)} ${(run.after - run.idle).toFixed(0).padStart(6)}   ${run.answers}`,
    );
  }
  // Against the first idle reading: the memory the uploads left behind counts too.
  const worst = Math.max(...runs.map((run) => run.peak)) - runs[0]!.idle;
  console.log(
    `\nHighest peak ${worst.toFixed(0)} MB above the first idle reading: ${worst <= TARGET_MB ? "within" : "OVER"} the ${TARGET_MB} MB target.`,
  );
  if (worst > TARGET_MB) process.exitCode = 1;
} finally {
  await server.stop();
  rmSync(work, { recursive: true, force: true });
  await database.drop();
}
