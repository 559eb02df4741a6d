import type { ExtractTablesWithRelations } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";

/*
 * Signals raised by a write and heard once it is committed, within this process: PostgreSQL's
 * NOTIFY and LISTEN without a listening connection. A worker woken inside the transaction that
 * queued its work would look at once, find nothing yet (the rows are not committed), and sleep
 * until its next poll; woken after the commit, it finds them.
 */

type Listener = () => void;

/** Who listens on each channel, by database. */
const listenersOf = new WeakMap<object, Map<string, Set<Listener>>>();
/** The channels raised so far in each open transaction (a nested one shares its outermost's). */
const raisedIn = new WeakMap<object, Set<string>>();

/** Calls `listener` after each commit that raised `channel` on `db`; returns how to stop. */
export function listenForCommits(db: object, channel: string, listener: Listener): () => void {
  let channels = listenersOf.get(db);
  if (!channels) listenersOf.set(db, (channels = new Map()));
  let listeners = channels.get(channel);
  if (!listeners) channels.set(channel, (listeners = new Set()));
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Raises `channel` for what `db` just wrote: heard at once outside a transaction (the write is
 * committed), at the commit of the outermost transaction inside one, never on a rollback.
 */
export function signalAfterCommit(db: object, channel: string): void {
  const raised = raisedIn.get(db);
  if (raised) raised.add(channel);
  else deliver(db, [channel]);
}

function deliver(db: object, channels: Iterable<string>) {
  const listening = listenersOf.get(db);
  if (!listening) return;
  for (const channel of channels) {
    for (const listener of listening.get(channel) ?? []) listener();
  }
}

/**
 * Makes `db.transaction` keep the signals raised in it, and in transactions nested in it, until
 * it commits. A nested transaction that rolls back to its savepoint still signals with the
 * outermost commit: a listener is woken for nothing, which costs one look.
 */
export function deliverSignalsOnCommit<Schema extends Record<string, unknown>>(
  db: PgDatabase<PgQueryResultHKT, Schema>,
): void {
  const transaction = db.transaction.bind(db);
  db.transaction = async (work, config) => {
    const channels = new Set<string>();
    const result = await transaction((tx) => {
      track(tx, channels);
      return work(tx);
    }, config);
    deliver(db, channels);
    return result;
  };
}

function track<Schema extends Record<string, unknown>>(
  tx: PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>,
  channels: Set<string>,
) {
  raisedIn.set(tx, channels);
  const nested = tx.transaction.bind(tx);
  tx.transaction = (work) =>
    nested((inner) => {
      track(inner, channels);
      return work(inner);
    });
}
