import type { DbExecutor } from "./client";

/** Each database's (or transaction's) prepared queries, by name. */
const preparedByDb = new WeakMap<DbExecutor, Map<string, unknown>>();

/**
 * A query built once per database and kept, for the reads every portal request makes. Drizzle
 * then skips building its SQL on each call, and on PostgreSQL it is a named statement that each
 * connection parses and plans once. `build` must give the same query every time for one name.
 */
export function prepared<T>(db: DbExecutor, name: string, build: (db: DbExecutor) => T): T {
  let queries = preparedByDb.get(db);
  if (!queries) preparedByDb.set(db, (queries = new Map()));
  let query = queries.get(name) as T | undefined;
  if (!query) queries.set(name, (query = build(db)));
  return query;
}
