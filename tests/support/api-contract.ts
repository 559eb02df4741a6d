import { sql } from "drizzle-orm";
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import type { Db } from "../../src/server/db/client";
import type { JsonSchema } from "./json-schema-arbitrary";

/** The parts of the API's OpenAPI document a test that walks it reads. */
export type Parameter = {
  in: "path" | "query";
  name: string;
  required?: boolean;
  schema: JsonSchema;
};
export type Operation = {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
};
export type ApiDocument = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema> };
};

const COMPONENTS = "https://harborline.example/components";
const componentRef = "#/components/schemas/";

/** Checks answers against the document's response schemas (JSON Schema 2020-12, by ajv). */
export function responseChecker(document: ApiDocument) {
  // Not strict: the zod transform leaves keywords of its own (e.g. a text field's shape).
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  const relinked = (schema: unknown) =>
    JSON.parse(JSON.stringify(schema).replaceAll(`"${componentRef}`, `"${COMPONENTS}#/$defs/`));
  ajv.addSchema({ $id: COMPONENTS, $defs: relinked(document.components.schemas) });
  const compiled = new Map<string, ReturnType<typeof ajv.compile>>();
  /** The problems with a JSON body answered with `status`: none when it matches. */
  return (operation: Operation, key: string, status: number, body: unknown): string[] => {
    const schema = operation.responses[String(status)]?.content?.["application/json"]?.schema;
    if (!schema) return [];
    const id = `${key} ${status}`;
    if (!compiled.has(id)) compiled.set(id, ajv.compile(relinked(schema)));
    const validate = compiled.get(id)!;
    if (validate(body)) return [];
    return (validate.errors ?? []).map((error) => `${error.instancePath || "/"} ${error.message}`);
  };
}

/** Resolves the document's "#/components/schemas/X" references. */
export const resolverOf = (document: ApiDocument) => (ref: string) => {
  const schema = document.components.schemas[ref.slice(componentRef.length)];
  if (!schema) throw new Error(`no schema ${ref} in the document`);
  return schema;
};

/**
 * Columns (table.column) or whole tables (table) that change on a request that changed nothing
 * the caller asked for: watchWrites does not count them.
 */
export type Unchecked = Record<string, string>;

/**
 * Notes every row written to any table, minus the unchecked columns and tables, by a trigger on
 * each: cheaper than a checksum of every row after each request, and as exact (an update that
 * changed nothing checked is not noted; a rolled-back write is not either). `written()` answers
 * the tables written since it was last asked.
 */
export async function watchWrites(db: Db, unchecked: Unchecked) {
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`select tablename as name from pg_tables where schemaname = 'public'`),
  )
    .map((row) => row.name)
    .filter((name) => !(name in unchecked));
  await db.execute(sql.raw(`create table test_writes (name text not null)`));
  await db.execute(
    sql.raw(`create function test_note_write() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'UPDATE' or (to_jsonb(old) - tg_argv) is distinct from (to_jsonb(new) - tg_argv) then
        insert into test_writes values (tg_table_name);
      end if;
      return null;
    end $$`),
  );
  for (const table of tables) {
    const columns = Object.keys(unchecked)
      .filter((key) => key.startsWith(`${table}.`))
      .map((key) => `'${key.slice(table.length + 1)}'`);
    await db.execute(
      sql.raw(
        `create trigger test_note_write after insert or update or delete on "${table}" for each row execute function test_note_write(${columns.join(",")})`,
      ),
    );
  }
  return {
    tables,
    async written(): Promise<string[]> {
      const rows = rowsOf<{ name: string }>(
        await db.execute(sql.raw(`delete from test_writes returning name`)),
      );
      return [...new Set(rows.map((row) => row.name))].sort();
    },
  };
}

/** drizzle's execute answers { rows } on both drivers. */
function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}
