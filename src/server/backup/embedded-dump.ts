import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { once } from "node:events";
import { StringDecoder } from "node:string_decoder";
import { finished } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import { sql } from "drizzle-orm";
import { queryRows, type Db, type DbExecutor } from "../db/client";
import {
  appliedMigration,
  appTables,
  quoteName,
  sequencePositions,
  withReferencesCheckedAtEnd,
  writableColumns,
  type SequencePosition,
} from "./tables";
import { BackupRefusal } from "./refusal";

/**
 * The embedded database's backup (decision 028): a gzip'd text file, one record a line, each
 * line a letter and JSON. H: the header (format, the schema's migration); T: a table and its
 * columns; R: one row, as PostgreSQL's to_json writes it; E: the table's end and its row count;
 * S: the sequences' positions; Z: the SHA-256 of every line before it. A file cut short, changed
 * or from another program fails the check before anything is written.
 */
export const EMBEDDED_FORMAT = "harborline-embedded-dump";
const FORMAT_VERSION = 1;

export type DumpHeader = {
  format: typeof EMBEDDED_FORMAT;
  formatVersion: number;
  /** The newest migration of the database dumped (Drizzle's time stamp). */
  migration: number;
  madeAt: string;
  tables: string[];
};

export type CheckedDump = {
  header: DumpHeader;
  rows: Map<string, number>;
  sequences: SequencePosition[];
};

/** Rows inserted a statement at most, and about this many characters of JSON. */
const BATCH_ROWS = 500;
const BATCH_CHARS = 4_000_000;

/** Writes the database's rows (all but `skipTables`) to `file`, from one snapshot. */
export async function writeEmbeddedDump(
  db: Db,
  file: string,
  options: { skipTables?: string[] } = {},
): Promise<{ tables: number; rows: number }> {
  const gzip = createGzip();
  const output = createWriteStream(file, { flags: "wx" });
  gzip.pipe(output);
  const hash = createHash("sha256");
  const write = async (line: string) => {
    hash.update(line);
    if (!gzip.write(line)) await once(gzip, "drain");
  };
  let total = 0;
  let tableCount = 0;
  try {
    await db.transaction(async (tx) => {
      const migration = await appliedMigration(tx);
      if (migration === undefined) throw new Error("The database has no tables to back up");
      const tables = (await appTables(tx)).filter((name) => !options.skipTables?.includes(name));
      const header: DumpHeader = {
        format: EMBEDDED_FORMAT,
        formatVersion: FORMAT_VERSION,
        migration,
        madeAt: new Date().toISOString(),
        tables,
      };
      await write(`H ${JSON.stringify(header)}\n`);
      for (const table of tables) {
        const columns = await writableColumns(tx, table);
        await write(`T ${JSON.stringify({ table, columns })}\n`);
        const rows = await queryRows<{ row: string }>(
          tx,
          sql.raw(`select to_json(t)::text as row from public.${quoteName(table)} t`),
        );
        for (const { row } of rows) await write(`R ${row}\n`);
        await write(`E ${JSON.stringify({ table, rows: rows.length })}\n`);
        total += rows.length;
        tableCount++;
      }
      await write(`S ${JSON.stringify(await sequencePositions(tx))}\n`);
    });
    gzip.end(`Z ${JSON.stringify({ sha256: hash.digest("hex") })}\n`);
    await finished(output);
  } catch (error) {
    gzip.destroy();
    output.destroy();
    throw error;
  }
  return { tables: tableCount, rows: total };
}

type Line = { kind: string; body: string };

/** The file's lines, unzipped; a file that is not gzip, or is cut short, throws BackupRefusal. */
async function* readLines(file: string): AsyncGenerator<Line> {
  const gunzip = createGunzip();
  const input = createReadStream(file);
  input.on("error", (error) => gunzip.destroy(error));
  input.pipe(gunzip);
  const decoder = new StringDecoder("utf8");
  let pending = "";
  try {
    for await (const chunk of gunzip) {
      pending += decoder.write(chunk as Buffer);
      let end: number;
      while ((end = pending.indexOf("\n")) >= 0) {
        const line = pending.slice(0, end);
        pending = pending.slice(end + 1);
        yield { kind: line.slice(0, 2), body: line.slice(2) };
      }
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") throw error;
    throw new BackupRefusal(
      `The backup file is damaged or not a Harborline backup (${(error as Error).message})`,
    );
  } finally {
    input.destroy();
    gunzip.destroy();
  }
  if (pending + decoder.end() !== "") throw damaged("it ends in the middle of a line");
}

const damaged = (why: string) =>
  new BackupRefusal(`The backup file is damaged: ${why}. Nothing was restored.`);

function parse<T>(line: Line): T {
  try {
    return JSON.parse(line.body) as T;
  } catch {
    throw damaged("a line is not readable");
  }
}

/** Reads the whole file once and checks it: format, structure, row counts and checksum. */
export async function checkEmbeddedDump(file: string): Promise<CheckedDump> {
  const hash = createHash("sha256");
  let header: DumpHeader | undefined;
  const rows = new Map<string, number>();
  let sequences: SequencePosition[] | undefined;
  let table: string | undefined;
  let count = 0;
  let sealed = false;
  for await (const line of readLines(file)) {
    if (sealed) throw damaged("there is more after its checksum");
    if (!header) {
      const first = line.kind === "H " ? parse<Partial<DumpHeader>>(line) : undefined;
      if (first?.format !== EMBEDDED_FORMAT) {
        throw new BackupRefusal("This file is not a Harborline backup. Nothing was restored.");
      }
      if (first.formatVersion !== FORMAT_VERSION || typeof first.migration !== "number") {
        throw new BackupRefusal(
          "This backup was written by a newer version of Harborline's backup format: restore it with that version. Nothing was restored.",
        );
      }
      header = first as DumpHeader;
    } else if (line.kind === "T ") {
      if (table !== undefined || sequences) throw damaged("a table starts inside another");
      table = parse<{ table: string }>(line).table;
      count = 0;
    } else if (line.kind === "R ") {
      if (table === undefined) throw damaged("a row is outside any table");
      count++;
    } else if (line.kind === "E ") {
      const end = parse<{ table: string; rows: number }>(line);
      if (end.table !== table || end.rows !== count) throw damaged(`table ${table} is incomplete`);
      rows.set(table, count);
      table = undefined;
    } else if (line.kind === "S ") {
      sequences = parse<SequencePosition[]>(line);
    } else if (line.kind === "Z ") {
      if (parse<{ sha256: string }>(line).sha256 !== hash.digest("hex")) {
        throw damaged("its checksum does not match its contents");
      }
      sealed = true;
      continue;
    } else {
      throw damaged("a line is not readable");
    }
    hash.update(`${line.kind}${line.body}\n`);
  }
  if (!header) throw new BackupRefusal("The backup file is empty. Nothing was restored.");
  if (!sealed || !sequences || table !== undefined) throw damaged("it is cut short");
  const missing = header.tables.filter((name) => !rows.has(name));
  if (missing.length > 0) throw damaged(`tables ${missing.join(", ")} are missing`);
  return { header, rows, sequences };
}

/**
 * Inserts a checked dump's rows and sets its sequences, inside the caller's transaction. The
 * target's tables must be the dump's (same migration) and empty.
 */
export async function loadEmbeddedDump(
  tx: DbExecutor,
  file: string,
  dump: CheckedDump,
  say: (line: string) => void = () => {},
): Promise<number> {
  const order = await appTables(tx);
  const unknown = dump.header.tables.filter((name) => !order.includes(name));
  if (unknown.length > 0) throw damaged(`it has tables this database lacks: ${unknown.join(", ")}`);
  const byTable = new Map<string, { columns: string[]; rows: string[] }>();
  let current: { columns: string[]; rows: string[] } | undefined;
  for await (const line of readLines(file)) {
    if (line.kind === "T ") {
      const { table, columns } = parse<{ table: string; columns: string[] }>(line);
      current = { columns, rows: [] };
      byTable.set(table, current);
    } else if (line.kind === "R ") {
      current!.rows.push(line.body);
    }
  }
  let total = 0;
  await withReferencesCheckedAtEnd(tx, async () => {
    for (const table of order) {
      const entry = byTable.get(table);
      if (!entry || entry.rows.length === 0) continue;
      const columns = await writableColumns(tx, table);
      if (columns.join() !== entry.columns.join()) {
        throw damaged(`table ${table}'s columns differ from this database's`);
      }
      const list = columns.map(quoteName).join(", ");
      let batch: string[] = [];
      let chars = 0;
      const flush = async () => {
        if (batch.length === 0) return;
        await tx.execute(
          sql`${sql.raw(`insert into public.${quoteName(table)} (${list}) overriding system value select ${list} from json_populate_recordset(null::public.${quoteName(table)}, `)}${`[${batch.join(",")}]`}::json)`,
        );
        total += batch.length;
        batch = [];
        chars = 0;
      };
      for (const row of entry.rows) {
        batch.push(row);
        chars += row.length;
        if (batch.length >= BATCH_ROWS || chars >= BATCH_CHARS) await flush();
      }
      await flush();
      say(`  ${table}: ${entry.rows.length} rows`);
    }
  });
  for (const { name, value } of dump.sequences) {
    await tx.execute(
      sql`select setval(${`public.${quoteName(name)}`}::regclass, ${value}::bigint)`,
    );
  }
  return total;
}
