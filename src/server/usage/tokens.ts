import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { CreatedUsageToken, UsageToken } from "@shared/schemas/usage";
import type { DbExecutor } from "../db/client";
import { bandwidthUsage, usageTokens, websites } from "../db/schema";

/** Tokens start with this, so a leaked one is recognisable (and found by secret scanners). */
export const USAGE_TOKEN_PREFIX = "hlu_";

/** What is stored of a token: its SHA-256, in hex. A token has 256 random bits: no salt needed. */
export const hashUsageToken = (token: string) => createHash("sha256").update(token).digest("hex");

type Row = typeof usageTokens.$inferSelect;

const toToken = (row: Row): UsageToken => ({
  id: row.id,
  websiteId: row.websiteId,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

/** A website's tokens, oldest first, revoked ones too; undefined when there is no such website. */
export async function listUsageTokens(db: DbExecutor, websiteId: string) {
  const [site] = await db
    .select({ id: websites.id })
    .from(websites)
    .where(eq(websites.id, websiteId));
  if (!site) return undefined;
  const rows = await db
    .select()
    .from(usageTokens)
    .where(eq(usageTokens.websiteId, websiteId))
    .orderBy(asc(usageTokens.createdAt), asc(usageTokens.id));
  return rows.map(toToken);
}

/** A new token for a website, returned with its secret this once; undefined: no such website. */
export async function createUsageToken(
  db: DbExecutor,
  websiteId: string,
  name: string,
): Promise<(CreatedUsageToken & { companyId: string }) | undefined> {
  const [site] = await db
    .select({ id: websites.id, companyId: websites.companyId })
    .from(websites)
    .where(eq(websites.id, websiteId));
  if (!site) return undefined;
  const token = USAGE_TOKEN_PREFIX + randomBytes(32).toString("base64url");
  const [row] = await db
    .insert(usageTokens)
    .values({ websiteId, name, tokenHash: hashUsageToken(token) })
    .returning();
  return { ...toToken(row!), token, companyId: site.companyId };
}

/**
 * Revokes a token. One already revoked is left as it was, with its first time, and answered
 * with `alreadyRevoked`, so the route records no second revocation. Undefined when there is no
 * such token.
 */
export async function revokeUsageToken(db: DbExecutor, id: string, now = new Date()) {
  const [revoked] = await db
    .update(usageTokens)
    .set({ revokedAt: now })
    .where(and(eq(usageTokens.id, id), isNull(usageTokens.revokedAt)))
    .returning();
  const [row] = revoked
    ? [revoked]
    : await db.select().from(usageTokens).where(eq(usageTokens.id, id));
  if (!row) return undefined;
  const [site] = await db
    .select({ companyId: websites.companyId })
    .from(websites)
    .where(eq(websites.id, row.websiteId));
  return { ...toToken(row), companyId: site!.companyId, alreadyRevoked: !revoked };
}

/** The website a live (not revoked) token reports for, noting its use; undefined otherwise. */
export async function websiteOfToken(db: DbExecutor, token: string, now = new Date()) {
  if (!token.startsWith(USAGE_TOKEN_PREFIX) || token.length > 200) return undefined;
  const [row] = await db
    .update(usageTokens)
    .set({ lastUsedAt: now })
    .where(and(eq(usageTokens.tokenHash, hashUsageToken(token)), isNull(usageTokens.revokedAt)))
    .returning({ websiteId: usageTokens.websiteId });
  return row?.websiteId;
}

/**
 * Stores a day's bytes for a site: a second report for the day replaces the first, and the
 * same report again leaves the row as it was (its reported time included).
 */
export async function recordUsage(db: DbExecutor, websiteId: string, day: string, bytes: number) {
  await db
    .insert(bandwidthUsage)
    .values({ websiteId, day, bytes })
    .onConflictDoUpdate({
      target: [bandwidthUsage.websiteId, bandwidthUsage.day],
      set: { bytes, reportedAt: sql`now()` },
      setWhere: sql`${bandwidthUsage.bytes} <> excluded.bytes`,
    });
  return { websiteId, date: day, bytes };
}
