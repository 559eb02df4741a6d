import { openDatabase, type Database, type Db } from "../../src/server/db/client";
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
