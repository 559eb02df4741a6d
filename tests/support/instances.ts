import { openDatabase, type Database, type Db } from "../../src/server/db/client";
import { createTestApp, type TestApp } from "./app";
import { createPostgresDatabase, dropPostgresDatabase } from "./database";

/** What a scheduled job's worker offers a test (createPeriodicWorker's answer). */
type ClockedWorker = { start(): void; runOnce(): Promise<unknown>; stop(): Promise<void> };

/**
 * Two instances of the app on one fresh PostgreSQL database (TEST_DATABASE_URL's server): `test`
 * gets each one's database; both are closed and the database dropped after it, pass or fail.
 */
export async function onTwoInstances(
  test: (a: Database, b: Database) => Promise<void>,
): Promise<void> {
  const url = await createPostgresDatabase();
  const [a, b] = [await openDatabase({ url }), await openDatabase({ url })];
  try {
    await test(a, b);
  } finally {
    await a.close();
    await b.close();
    await dropPostgresDatabase(url);
  }
}

/**
 * Two whole apps on one fresh PostgreSQL database (TEST_DATABASE_URL's server), each with its own
 * connection pool, as two instances behind a load balancer, with the same settings `env`.
 * `close()` closes both and drops the database.
 */
export async function twoAppInstances(env: NodeJS.ProcessEnv = {}) {
  const url = await createPostgresDatabase();
  const instance = async () => {
    const database = await openDatabase({ url });
    return createTestApp("postgres", env, {
      database: { ...database, drop: () => database.close() },
    });
  };
  const [a, b]: TestApp[] = await Promise.all([instance(), instance()]);
  return {
    a: a!,
    b: b!,
    close: async () => {
      await Promise.all([a!.close(), b!.close()]);
      await dropPostgresDatabase(url);
    },
  };
}

/**
 * A scheduled job run by one worker per database connection while the clock moves: the workers
 * start at `from` (each on its own timer too), and at each moment of `moves` every worker is also
 * made to run twice at the same time, as two instances would. All are stopped at the end.
 */
export async function runAsTheClockMoves(
  dbs: Db[],
  worker: (db: Db, now: () => Date) => ClockedWorker,
  from: Date,
  moves: Date[],
): Promise<void> {
  let clock = from;
  const workers = dbs.map((db) => worker(db, () => clock));
  workers.forEach((each) => each.start());
  try {
    for (const moment of moves) {
      clock = moment;
      await Promise.all(workers.flatMap((each) => [each.runOnce(), each.runOnce()]));
    }
  } finally {
    await Promise.all(workers.map((each) => each.stop()));
  }
}
