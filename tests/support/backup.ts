import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { recordAudit } from "../../src/server/audit/audit";
import { appTables, quoteName } from "../../src/server/backup/tables";
import { queryRows, type Db } from "../../src/server/db/client";
import { users } from "../../src/server/db/schema";
import { demoClientEmail, seedDemoData } from "../../src/server/demo/seed";
import { databaseStore } from "../../src/server/tickets/attachment-store";
import { saveAttachment } from "../../src/server/tickets/attachments";
import { callApi, companyOf, signInAs, type TestApp } from "./app";
import { aLead, anInvoice } from "./factories";

/**
 * Every kind of row: the demo, plus a lead, a paid invoice, an attachment stored in the
 * database and an audit row. Returns the demo client's session cookie.
 */
export async function fillWithEveryKindOfRow(t: TestApp): Promise<string> {
  const { db } = t.database;
  await seedDemoData(db);
  await aLead(db, { kind: "contact", name: "Backup Lead" });
  const cookie = await signInAs(t, demoClientEmail);
  await anInvoice(db, await companyOf(t, demoClientEmail), { state: "paid" });
  const [client] = await db
    .select()
    .from(users)
    .where(sql`${users.email} = ${demoClientEmail}`);
  const png = await sharp({
    create: { width: 32, height: 32, channels: 3, background: { r: 30, g: 64, b: 120 } },
  })
    .png()
    .toBuffer();
  const saved = await saveAttachment(db, databaseStore, {
    uploadedBy: client!.id,
    fileName: "storefront.png",
    bytes: png,
  });
  if (!saved.ok) throw new Error(saved.message);
  await recordAudit(db, { actor: client!, ipAddress: "192.0.2.7" }, { action: "leads.exported" });
  return cookie;
}

/** Each app table's row count and a checksum of its rows (in UTC, in any order). */
export async function fingerprint(db: Db): Promise<Record<string, string>> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local time zone 'UTC'`);
    const prints: Record<string, string> = {};
    for (const table of await appTables(tx)) {
      const [row] = await queryRows<{ n: number; sum: string | null }>(
        tx,
        sql.raw(
          `select count(*)::int as n, md5(string_agg(md5(t::text), '' order by md5(t::text))) as sum
           from public.${quoteName(table)} t`,
        ),
      );
      prints[table] = `${row!.n} rows, ${row!.sum ?? "-"}`;
    }
    return prints;
  });
}

/** What the demo client's dashboard shows: their sites, billing and invoices. */
export async function dashboardOf(t: TestApp, cookie: string) {
  const read = async (url: string) => {
    const response = await callApi(t, cookie, "GET", url);
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode}`);
    return response.json() as unknown;
  };
  return {
    websites: await read("/api/websites"),
    billing: await read("/api/billing"),
    invoices: await read("/api/invoices"),
  };
}

/**
 * A copy of an embedded backup with its header changed, sealed with a checksum that matches
 * (as a newer version of Harborline would write it).
 */
export function withHeader(
  file: string,
  out: string,
  change: (header: Record<string, unknown>) => void,
) {
  const lines = gunzipSync(readFileSync(file)).toString("utf8").split("\n").slice(0, -2);
  const header = JSON.parse(lines[0]!.slice(2)) as Record<string, unknown>;
  change(header);
  lines[0] = `H ${JSON.stringify(header)}`;
  const body = lines.map((line) => `${line}\n`).join("");
  const sum = createHash("sha256").update(body).digest("hex");
  writeFileSync(out, gzipSync(`${body}Z ${JSON.stringify({ sha256: sum })}\n`));
}

/** A copy of an embedded backup with one row changed and its checksum left as it was. */
export function withRowChanged(file: string, out: string) {
  const text = gunzipSync(readFileSync(file)).toString("utf8");
  const changed = text.replace("Backup Lead", "Backup Leaf");
  if (changed === text) throw new Error("no row to change");
  writeFileSync(out, gzipSync(changed));
}

const repository = path.resolve(import.meta.dirname, "../..");

/** Runs an npm script's file in a process group of its own; resolves with how it ended. */
export function runScript(
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  killWhen: (output: string) => boolean,
): Promise<{ signal: NodeJS.Signals | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
      cwd: repository,
      env: { ...process.env, DATABASE_URL: "", DATA_DIR: "", ...env },
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    let killed = false;
    const check = () => {
      if (!killed && killWhen(output)) {
        killed = true;
        process.kill(-child.pid!, "SIGKILL");
      }
    };
    const watch = (chunk: Buffer) => {
      output += chunk.toString();
      check();
    };
    // Checked on a timer too: the moment may come while the process writes nothing.
    const timer = setInterval(check, 20);
    child.stdout.on("data", watch);
    child.stderr.on("data", watch);
    child.on("error", reject);
    child.on("close", (_code, signal) => {
      clearInterval(timer);
      resolve({ signal, output });
    });
  });
}
