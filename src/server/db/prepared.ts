import type { DbExecutor } from "./client";

/** Each database's (or transaction's) prepared queries, by name. */
const preparedByDb = new WeakMap<DbExecutor, Map<string, unknown>>();

type Preparable = { prepare(name: string): unknown };

/**
 * A query built once per database and kept, for the reads every portal request makes: Drizzle
 * skips building its SQL on each call, and on PostgreSQL each connection parses and plans the
 * named statement once. Values go in as `sql.placeholder(...)`, given to `execute`. `build` must
 * give the same query every time for one name.
 */
export function prepared<Q extends Preparable>(
  db: DbExecutor,
  name: string,
  build: (db: DbExecutor) => Q,
): ReturnType<Q["prepare"]> {
  let queries = preparedByDb.get(db);
  if (!queries) preparedByDb.set(db, (queries = new Map()));
  let query = queries.get(name) as ReturnType<Q["prepare"]> | undefined;
  if (!query) queries.set(name, (query = build(db).prepare(name) as ReturnType<Q["prepare"]>));
  return query;
}
