import { createHash, randomBytes } from "node:crypto";
import { and, count, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { Db, DbExecutor } from "../db/client";
import { loginTokens } from "../db/schema";

export const LINK_LIFETIME_MS = 15 * 60 * 1000;
/** Links one email address may be sent per lifetime window; more are silently not sent. */
export const LINKS_PER_EMAIL = 3;
/** Any fixed number: the first key of the lock that makes one address's links take turns. */
const LINKS_LOCK_ID = 720_514_002;

const hash = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * Issues a sign-in token for an email, or undefined when that address has had its share of
 * links recently. Only the token's hash is stored: a database leak reveals no usable link.
 */
export async function issueLoginToken(
  db: DbExecutor,
  email: string,
  now = new Date(),
  lifetimeMs = LINK_LIFETIME_MS,
  returnTo?: string,
): Promise<string | undefined> {
  return db.transaction(async (tx) => {
    // Links for one address (sign-in, invitations, proposals) take turns until the caller's
    // transaction ends, so each counts every link issued before it.
    await tx.execute(sql`select pg_advisory_xact_lock(${LINKS_LOCK_ID}, hashtext(${email}))`);
    // Expired links of this address are no use to anyone: clear them as we go.
    await tx
      .delete(loginTokens)
      .where(and(eq(loginTokens.email, email), lt(loginTokens.expiresAt, now)));
    const windowStart = new Date(now.getTime() - LINK_LIFETIME_MS);
    const [recent] = await tx
      .select({ n: count() })
      .from(loginTokens)
      .where(and(eq(loginTokens.email, email), gt(loginTokens.createdAt, windowStart)));
    if ((recent?.n ?? 0) >= LINKS_PER_EMAIL) return undefined;

    const token = randomBytes(32).toString("base64url");
    await tx.insert(loginTokens).values({
      tokenHash: hash(token),
      email,
      returnTo: returnTo ?? null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + lifetimeMs),
    });
    return token;
  });
}

/**
 * Marks a token used and returns its email (and where to go next), in one statement so two
 * clicks cannot both win; undefined for an unknown, used or expired token.
 */
export async function consumeLoginToken(
  db: Db,
  token: string,
  now = new Date(),
): Promise<{ email: string; returnTo: string | null } | undefined> {
  const [row] = await db
    .update(loginTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(loginTokens.tokenHash, hash(token)),
        isNull(loginTokens.usedAt),
        gt(loginTokens.expiresAt, now),
      ),
    )
    .returning({ email: loginTokens.email, returnTo: loginTokens.returnTo });
  return row;
}
