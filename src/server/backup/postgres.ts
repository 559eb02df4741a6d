import { spawn } from "node:child_process";
import type { Db } from "../db/client";
import { BackupRefusal } from "./refusal";

/**
 * PostgreSQL's own tools, given the server's URL: the password travels in PGPASSWORD, never on
 * the command line where other users of the machine could read it.
 */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return {
    dbname: parsed.toString(),
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  };
}

/** Runs a tool to its end; its standard error is relayed to ours as it runs. */
function run(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  options: { capture?: boolean; quiet?: boolean } = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      if (options.capture) stdout += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
      if (!options.quiet) process.stderr.write(chunk);
    });
    child.on("error", (error) =>
      reject(
        (error as NodeJS.ErrnoException).code === "ENOENT"
          ? new BackupRefusal(
              `${command} was not found: install PostgreSQL's client tools (the postgresql-client package), of the server's major version or newer.`,
            )
          : error,
      ),
    );
    child.on("close", (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

/** pg_dump in its custom format (compressed; pg_restore reads it). */
export async function pgDump(url: string, file: string): Promise<void> {
  const { dbname, env } = connection(url);
  const result = await run(
    "pg_dump",
    ["--format=custom", `--file=${file}`, `--dbname=${dbname}`],
    env,
  );
  if (result.code !== 0) throw new Error(`pg_dump failed (exit code ${result.code})`);
}

/** The newest migration recorded in a pg_dump file; a file pg_restore cannot read is refused. */
export async function pgDumpMigration(file: string): Promise<number | undefined> {
  const result = await run(
    "pg_restore",
    ["--data-only", "--schema=drizzle", "--table=__drizzle_migrations", "--file=-", file],
    process.env,
    { capture: true, quiet: true },
  );
  if (result.code !== 0) {
    throw new BackupRefusal(
      `The backup file is damaged or not a PostgreSQL backup: ${result.stderr.trim()}. Nothing was restored.`,
    );
  }
  // COPY's lines: id, hash, created_at, tab-separated, between "COPY ... FROM stdin;" and "\.".
  const copy = result.stdout.split("\n");
  const start = copy.findIndex((line) => line.startsWith("COPY "));
  let newest: number | undefined;
  for (const line of start < 0 ? [] : copy.slice(start + 1)) {
    if (line === "\\.") break;
    const when = Number(line.split("\t")[2]);
    if (Number.isFinite(when)) newest = Math.max(newest ?? 0, when);
  }
  return newest;
}

/**
 * pg_restore in one transaction that stops at the first error: the target's (empty) tables are
 * dropped and the backup's made, all or nothing (decision 028).
 */
export async function pgRestore(url: string, file: string): Promise<void> {
  const { dbname, env } = connection(url);
  const result = await run(
    "pg_restore",
    [
      "--clean",
      "--if-exists",
      "--no-owner",
      "--no-privileges",
      "--single-transaction",
      "--exit-on-error",
      `--dbname=${dbname}`,
      file,
    ],
    env,
  );
  if (result.code !== 0) {
    throw new Error(
      `pg_restore failed (exit code ${result.code}); its transaction was rolled back and the database is as it was`,
    );
  }
}

/** Runs work on a Drizzle database over one plain connection (no migration), then closes it. */
export async function withPostgres<T>(url: string, work: (db: Db) => Promise<T>): Promise<T> {
  const [{ default: pg }, { drizzle }] = await Promise.all([
    import("pg"),
    import("drizzle-orm/node-postgres"),
  ]);
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  client.on("error", () => {});
  await client.connect();
  try {
    return await work(drizzle(client) as unknown as Db);
  } finally {
    await client.end().catch(() => {});
  }
}
