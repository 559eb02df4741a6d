import { sql } from "drizzle-orm";
import { queryRows, type DbExecutor } from "../db/client";

/** Quotes a name for SQL (the names come from the catalogue, not from a person). */
export const quoteName = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The app's tables (schema public), by name. */
export async function appTables(db: DbExecutor): Promise<string[]> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
        order by c.relname`,
  );
  return tables.map((table) => table.name);
}

/**
 * Runs a load with every reference checked at the end (the tables' references form cycles, so
 * no order of tables satisfies them row by row), then puts the constraints back as they were.
 * In the caller's transaction: the changes are rolled back with it.
 */
export async function withReferencesCheckedAtEnd<T>(
  tx: DbExecutor,
  load: () => Promise<T>,
): Promise<T> {
  const references = await queryRows<{ tableName: string; name: string }>(
    tx,
    sql`select c.relname as "tableName", k.conname as name from pg_constraint k
        join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
        where k.contype = 'f' and n.nspname = 'public' and not k.condeferrable`,
  );
  const alter = async (how: string) => {
    for (const { tableName, name } of references) {
      await tx.execute(
        sql.raw(
          `alter table public.${quoteName(tableName)} alter constraint ${quoteName(name)} ${how}`,
        ),
      );
    }
  };
  await alter("deferrable initially deferred");
  const result = await load();
  await tx.execute(sql`set constraints all immediate`);
  await alter("not deferrable");
  return result;
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
