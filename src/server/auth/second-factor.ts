import { count, eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Db, DbExecutor } from "../db/client";
import { passkeys, users, type User } from "../db/schema";
import { recentSecondFactorFailures, SECOND_FACTOR_MAX_FAILURES } from "./totp";

export type SecondFactorState = "required" | "passed" | "none";

/** Whether the user has a second factor: TOTP or at least one passkey. */
export async function hasSecondFactor(db: Db, user: User): Promise<boolean> {
  if (user.totpEnabledAt) return true;
  const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, user.id));
  return (row?.n ?? 0) > 0;
}

/**
 * Where this session stands: "passed" once the second factor was passed in it (or a passkey
 * signed in, or the demo sign-in outside production); "required" while the user has a factor
 * that this session has not passed; "none" when the user has no factor. hasPasskey: already
 * known (read with the session), else asked of the database when it matters.
 */
export async function secondFactorState(
  request: FastifyRequest,
  db: Db,
  user: User,
  hasPasskey?: boolean,
): Promise<SecondFactorState> {
  if (request.session.secondFactorAt) return "passed";
  const hasFactor =
    hasPasskey === undefined ? await hasSecondFactor(db, user) : !!user.totpEnabledAt || hasPasskey;
  return hasFactor ? "required" : "none";
}

/** Marks the second factor passed in this session (sign-in, or a factor just enrolled). */
export function markSecondFactorPassed(request: FastifyRequest) {
  request.session.secondFactorAt = new Date().toISOString();
}

/**
 * Runs one second-factor attempt (a code or a passkey) of a user in turn with any other of
 * theirs, on any session or server: the user's row is locked, then the failures of the window
 * are counted, so each attempt sees those before it. The attempt gets the transaction and the
 * user as locked, and must record a failure in that transaction (the audit log is the count).
 * "too-many" when the user has had their share of failures (the attempt is not made); undefined
 * when the user is gone.
 */
export async function secondFactorAttempt<T>(
  db: Db,
  userId: string,
  attempt: (tx: DbExecutor, user: User) => Promise<T>,
): Promise<T | "too-many" | undefined> {
  // A burst past the limit is refused without queueing for the lock (and a connection).
  if ((await recentSecondFactorFailures(db, userId)) >= SECOND_FACTOR_MAX_FAILURES) {
    return "too-many";
  }
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
    if (!user) return undefined;
    if ((await recentSecondFactorFailures(tx, userId)) >= SECOND_FACTOR_MAX_FAILURES) {
      return "too-many" as const;
    }
    return attempt(tx, user);
  });
}
