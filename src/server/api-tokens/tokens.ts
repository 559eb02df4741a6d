import { createHash, randomBytes } from "node:crypto";
import { desc, eq, sql } from "drizzle-orm";
import type { ApiToken, CreatedApiToken } from "@shared/schemas/api-tokens";
import type { DbExecutor } from "../db/client";
import { apiTokens, users, type ApiTokenRow, type User } from "../db/schema";

/** Tokens start with this, so a leaked one is recognisable (and found by secret scanners). */
export const API_TOKEN_PREFIX = "hla_";
/** The prefix and 32 random bytes in base64url: exactly this long. */
const TOKEN_LENGTH = API_TOKEN_PREFIX.length + 43;
/** A token's last use is written at most this often. */
const LAST_USE_EVERY_MS = 60_000;
const DAY_MS = 86_400_000;

/** What is stored of a token: its SHA-256, in hex. A token has 256 random bits: no salt needed. */
const hashApiToken = (token: string) => createHash("sha256").update(token).digest("hex");

declare module "fastify" {
  interface FastifyRequest {
    /**
     * Set when the request carries an API token (Authorization: Bearer hla_..., or any bearer
     * token on /api/admin): who it acts as, or null when the token is not one that works. Such a
     * request never uses the browser's session (plugins/api-tokens.ts).
     */
    apiToken: ApiTokenIdentity | null | undefined;
  }
}

/** What a request made with a live token acts as: the token and the staff member who made it. */
export type ApiTokenIdentity = {
  id: string;
  name: string;
  scopes: readonly string[];
  lastUsedAt: Date | null;
  user: User;
};

function toToken(row: ApiTokenRow, createdBy: string | null, now: Date): ApiToken {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    createdBy,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    state: row.revokedAt ? "revoked" : row.expiresAt <= now ? "expired" : "active",
  };
}

/** Every token, newest first, revoked and expired ones too. */
export async function listApiTokens(db: DbExecutor, now = new Date()): Promise<ApiToken[]> {
  const rows = await db
    .select({ token: apiTokens, createdBy: users.email })
    .from(apiTokens)
    .leftJoin(users, eq(users.id, apiTokens.createdById))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  return rows.map((row) => toToken(row.token, row.createdBy, now));
}

/** A new token made by a staff member, returned with its secret this once. */
export async function createApiToken(
  db: DbExecutor,
  input: { name: string; scopes: readonly string[]; expiresInDays: number },
  creator: Pick<User, "id" | "email">,
  now = new Date(),
): Promise<CreatedApiToken> {
  const token = API_TOKEN_PREFIX + randomBytes(32).toString("base64url");
  const [row] = await db
    .insert(apiTokens)
    .values({
      name: input.name,
      scopes: [...input.scopes],
      expiresAt: new Date(now.getTime() + input.expiresInDays * DAY_MS),
      tokenHash: hashApiToken(token),
      createdById: creator.id,
    })
    .returning();
  return { ...toToken(row!, creator.email, now), token };
}

/**
 * Revokes a token; revoking one already revoked keeps its first time. Undefined when there is
 * no such token.
 */
export async function revokeApiToken(
  db: DbExecutor,
  id: string,
  now = new Date(),
): Promise<ApiToken | undefined> {
  const [row] = await db
    .update(apiTokens)
    .set({ revokedAt: sql`coalesce(${apiTokens.revokedAt}, ${now.toISOString()}::timestamptz)` })
    .where(eq(apiTokens.id, id))
    .returning();
  if (!row) return undefined;
  const [creator] = row.createdById
    ? await db.select({ email: users.email }).from(users).where(eq(users.id, row.createdById))
    : [];
  return toToken(row, creator?.email ?? null, now);
}

/**
 * Who a token acts as: undefined when it is malformed, unknown, expired or revoked, or when the
 * staff member who made it is gone or no longer staff. Reads only.
 */
export async function identifyApiToken(
  db: DbExecutor,
  token: string,
  now = new Date(),
): Promise<ApiTokenIdentity | undefined> {
  if (token.length !== TOKEN_LENGTH || !token.startsWith(API_TOKEN_PREFIX)) return undefined;
  const [row] = await db
    .select({ token: apiTokens, user: users })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.createdById))
    .where(eq(apiTokens.tokenHash, hashApiToken(token)));
  if (!row || row.token.revokedAt || row.token.expiresAt <= now || !row.user.isAdmin) {
    return undefined;
  }
  const { id, name, scopes, lastUsedAt } = row.token;
  return { id, name, scopes, lastUsedAt, user: row.user };
}

/** Notes a token's use, at most once a minute (what it was last seen using is enough). */
export async function noteApiTokenUse(
  db: DbExecutor,
  identity: Pick<ApiTokenIdentity, "id" | "lastUsedAt">,
  now = new Date(),
) {
  if (identity.lastUsedAt && now.getTime() - identity.lastUsedAt.getTime() < LAST_USE_EVERY_MS) {
    return;
  }
  await db.update(apiTokens).set({ lastUsedAt: now }).where(eq(apiTokens.id, identity.id));
}
