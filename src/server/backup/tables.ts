import { sql } from "drizzle-orm";
import { queryRows, type DbExecutor } from "../db/client";

/** Quotes a name for SQL (the names come from the catalogue, not from a person). */
export const quoteName = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The app's tables (schema public), in an order in which each one's references come first. */
export async function appTables(db: DbExecutor): Promise<string[]> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
        order by c.relname`,
  );
  const references = await queryRows<{ child: string; parent: string }>(
    db,
    sql`select c.relname as child, p.relname as parent from pg_constraint k
        join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
        join pg_namespace n on n.oid = c.relnamespace
        where k.contype = 'f' and n.nspname = 'public' and c.oid <> p.oid`,
  );
  const parents = new Map<string, Set<string>>(tables.map(({ name }) => [name, new Set()]));
  for (const { child, parent } of references) parents.get(child)?.add(parent);
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < parents.size) {
    const ready = [...parents.keys()].filter(
      (name) => !placed.has(name) && [...parents.get(name)!].every((parent) => placed.has(parent)),
    );
    if (ready.length === 0) throw new Error("The tables' references form a cycle");
    for (const name of ready) {
      placed.add(name);
      ordered.push(name);
    }
  }
  return ordered;
}

/** A table's columns that take values (generated columns are left out), in their order. */
export async function writableColumns(db: DbExecutor, table: string): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select a.attname as name from pg_attribute a
        where a.attrelid = ${`public.${quoteName(table)}`}::regclass and a.attnum > 0
          and not a.attisdropped and a.attgenerated = ''
        order by a.attnum`,
  );
  return rows.map((row) => row.name);
}

/** The app's tables that hold at least one row. */
export async function tablesWithRows(db: DbExecutor): Promise<string[]> {
  const filled: string[] = [];
  for (const table of await appTables(db)) {
    const [row] = await queryRows<{ present: boolean }>(
      db,
      sql.raw(`select exists (select 1 from public.${quoteName(table)}) as present`),
    );
    if (row?.present) filled.push(table);
  }
  return filled;
}

/** The newest migration applied (Drizzle's time stamp), or undefined on a database without any. */
export async function appliedMigration(db: DbExecutor): Promise<number | undefined> {
  const [present] = await queryRows<{ present: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!present?.present) return undefined;
  const [row] = await queryRows<{ newest: string | number | null }>(
    db,
    sql`select max(created_at) as newest from drizzle.__drizzle_migrations`,
  );
  return row?.newest == null ? undefined : Number(row.newest);
}

export type SequencePosition = { name: string; value: string };

/** Where each of the app's sequences stands (those never used are left out: they start afresh). */
export async function sequencePositions(db: DbExecutor): Promise<SequencePosition[]> {
  const rows = await queryRows<{ name: string; value: string | number | null }>(
    db,
    sql`select sequencename as name, last_value as value from pg_sequences
        where schemaname = 'public' order by sequencename`,
  );
  return rows
    .filter((row) => row.value !== null)
    .map((row) => ({ name: row.name, value: String(row.value) }));
}
