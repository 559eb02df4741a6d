import { count, eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Db } from "../db/client";
import { passkeys, type User } from "../db/schema";

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
