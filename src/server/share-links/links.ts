import { createHash, createHmac, randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";
import { and, asc, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import { isSharePanel, sharePanels, type SharePanel } from "@shared/share-panels";
import {
  SHARE_TOKEN_PREFIX,
  type CreatedShareLink,
  type ShareLink,
} from "@shared/schemas/share-links";
import { displayName } from "../auth/display-name";
import type { DbExecutor } from "../db/client";
import { shareLinks, users, websites, type ShareLinkRow } from "../db/schema";

/*
 * Share links: made, listed and revoked by the company's owner (and listed and revoked by
 * staff), opened by anyone holding the address. Only hashes of the token and the password are
 * kept.
 */

/** What is stored of a token: its SHA-256, in hex. A token has 256 random bits: no salt needed. */
export const hashShareToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** The shared view's address: shown once, when the link is made. */
export const shareUrl = (publicUrl: string, token: string) =>
  `${publicUrl.replace(/\/$/, "")}/share/${token}`;

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;
/** scrypt's cost: 2^14 rounds of 16 MB, some 50 ms a try. Stored with the hash, so it can grow. */
const SCRYPT = { N: 16_384, r: 8, p: 1 };
const KEY_LENGTH = 32;

/** A password's salted scrypt hash, as stored: scrypt$N$r$p$salt$hash. */
export async function hashSharePassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, KEY_LENGTH, { ...SCRYPT, maxmem: 64 << 20 });
  const { N, r, p } = SCRYPT;
  return ["scrypt", N, r, p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

/** Whether a password is the one hashed, compared in constant time. */
export async function checkSharePassword(stored: string, password: string): Promise<boolean> {
  const [kind, n, r, p, salt, hash] = stored.split("$");
  if (kind !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const key = await scryptAsync(password, Buffer.from(salt, "base64url"), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 64 << 20,
  });
  return timingSafeEqual(key, expected);
}

/** The panels stored, in the registry's order; names no longer known are left out. */
const panelsOf = (row: ShareLinkRow): SharePanel[] =>
  sharePanels.filter((panel) => row.panels.filter(isSharePanel).includes(panel));

function stateOf(row: ShareLinkRow, now: Date): ShareLink["state"] {
  if (row.revokedAt) return "revoked";
  if (row.expiresAt && row.expiresAt <= now) return "expired";
  return "active";
}

type Creator = { email: string; firstName: string | null; lastName: string | null } | null;

const toLink = (row: ShareLinkRow, creator: Creator, now = new Date()): ShareLink => ({
  id: row.id,
  websiteId: row.websiteId,
  name: row.name,
  panels: panelsOf(row),
  expiresAt: row.expiresAt?.toISOString() ?? null,
  hasPassword: row.passwordHash !== null,
  createdAt: row.createdAt.toISOString(),
  createdBy: creator ? displayName(creator) : null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
  lastViewedAt: row.lastViewedAt?.toISOString() ?? null,
  state: stateOf(row, now),
});

/** The website when it is there (and the company's, when one is named). */
async function siteOf(db: DbExecutor, websiteId: string, companyId?: string) {
  const [site] = await db
    .select({ id: websites.id, companyId: websites.companyId, domain: websites.domain })
    .from(websites)
    .where(
      and(
        eq(websites.id, websiteId),
        companyId === undefined ? undefined : eq(websites.companyId, companyId),
      ),
    );
  return site;
}

const creatorColumns = {
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
};

/**
 * A website's links, newest first, revoked and expired ones too; undefined when there is no
 * such website (or it is not the named company's).
 */
export async function listShareLinks(
  db: DbExecutor,
  websiteId: string,
  companyId?: string,
  now = new Date(),
) {
  if (!(await siteOf(db, websiteId, companyId))) return undefined;
  const rows = await db
    .select({ link: shareLinks, creator: creatorColumns })
    .from(shareLinks)
    .leftJoin(users, eq(users.id, shareLinks.createdById))
    .where(eq(shareLinks.websiteId, websiteId))
    .orderBy(sql`${shareLinks.createdAt} desc`, asc(shareLinks.id));
  return rows.map(({ link, creator }) => toLink(link, creator?.email ? creator : null, now));
}

export type NewShareLink = {
  name: string;
  panels: SharePanel[];
  expiresAt: string | null;
  password?: string | undefined;
};

/**
 * A new link to a website of the company, returned with its address this once; undefined when
 * the company has no such website.
 */
export async function createShareLink(
  db: DbExecutor,
  target: { websiteId: string; companyId: string },
  input: NewShareLink,
  creator: { id: string; email: string; firstName: string | null; lastName: string | null },
  publicUrl: string,
): Promise<(CreatedShareLink & { companyId: string }) | undefined> {
  const site = await siteOf(db, target.websiteId, target.companyId);
  if (!site) return undefined;
  const token = SHARE_TOKEN_PREFIX + randomBytes(32).toString("base64url");
  const [row] = await db
    .insert(shareLinks)
    .values({
      websiteId: site.id,
      name: input.name,
      tokenHash: hashShareToken(token),
      panels: sharePanels.filter((panel) => input.panels.includes(panel)),
      expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
      passwordHash: input.password ? await hashSharePassword(input.password) : null,
      createdById: creator.id,
    })
    .returning();
  return {
    ...toLink(row!, creator),
    url: shareUrl(publicUrl, token),
    companyId: site.companyId,
  };
}

/**
 * Revokes a link (of the company's websites, when one is named); revoking one already revoked
 * keeps its first time. Undefined when there is no such link.
 */
export async function revokeShareLink(
  db: DbExecutor,
  id: string,
  companyId?: string,
  now = new Date(),
) {
  const [found] = await db
    .select({ link: shareLinks, companyId: websites.companyId })
    .from(shareLinks)
    .innerJoin(websites, eq(websites.id, shareLinks.websiteId))
    .where(
      and(
        eq(shareLinks.id, id),
        companyId === undefined ? undefined : eq(websites.companyId, companyId),
      ),
    );
  if (!found) return undefined;
  const [row] = await db
    .update(shareLinks)
    .set({ revokedAt: sql`coalesce(${shareLinks.revokedAt}, ${now.toISOString()}::timestamptz)` })
    .where(eq(shareLinks.id, id))
    .returning();
  const [creator] = row!.createdById
    ? await db.select(creatorColumns).from(users).where(eq(users.id, row!.createdById))
    : [];
  return {
    link: toLink(row!, creator ?? null, now),
    companyId: found.companyId,
    wasRevoked: found.link.revokedAt !== null,
  };
}

/** A link that opens: not revoked, not expired, with its website's domain and company. */
export type OpenLink = {
  id: string;
  websiteId: string;
  companyId: string;
  domain: string;
  panels: SharePanel[];
  passwordHash: string | null;
};

/** The link a token opens now; undefined when it is unknown, revoked or expired. */
export async function openShareLink(
  db: DbExecutor,
  token: string,
  now = new Date(),
): Promise<OpenLink | undefined> {
  if (!token.startsWith(SHARE_TOKEN_PREFIX) || token.length > 100) return undefined;
  const [found] = await db
    .select({ link: shareLinks, companyId: websites.companyId, domain: websites.domain })
    .from(shareLinks)
    .innerJoin(websites, eq(websites.id, shareLinks.websiteId))
    .where(
      and(
        eq(shareLinks.tokenHash, hashShareToken(token)),
        isNull(shareLinks.revokedAt),
        or(isNull(shareLinks.expiresAt), gt(shareLinks.expiresAt, now)),
      ),
    );
  if (!found) return undefined;
  return {
    id: found.link.id,
    websiteId: found.link.websiteId,
    companyId: found.companyId,
    domain: found.domain,
    panels: panelsOf(found.link),
    passwordHash: found.link.passwordHash,
  };
}

/** Notes that the link was viewed: at most once a minute, so a busy view is not a write each. */
export async function noteShareView(db: DbExecutor, id: string, now = new Date()) {
  await db
    .update(shareLinks)
    .set({ lastViewedAt: now })
    .where(
      and(
        eq(shareLinks.id, id),
        or(
          isNull(shareLinks.lastViewedAt),
          lt(shareLinks.lastViewedAt, new Date(now.getTime() - 60_000)),
        ),
      ),
    );
}

/** How long a right password keeps the link open in that browser. */
export const UNLOCK_LIFETIME_MS = 8 * 3_600_000;

/**
 * What the unlock cookie holds: its expiry and an HMAC (keyed with SESSION_SECRET) of the link
 * and its password hash, so it opens that link only, and no longer once it expires.
 */
export function unlockValue(secret: string, link: OpenLink, now = new Date()): string {
  const expires = now.getTime() + UNLOCK_LIFETIME_MS;
  return `${expires}.${unlockMac(secret, link, expires)}`;
}

function unlockMac(secret: string, link: OpenLink, expires: number) {
  return createHmac("sha256", secret)
    .update(`share-unlock\n${link.id}\n${link.passwordHash}\n${expires}`)
    .digest("base64url");
}

/** Whether a cookie's value unlocks this link now. */
export function isUnlocked(
  secret: string,
  link: OpenLink,
  value: string | undefined,
  now = new Date(),
) {
  const [expiresText, mac] = (value ?? "").split(".");
  const expires = Number(expiresText);
  if (!mac || !Number.isSafeInteger(expires) || expires <= now.getTime()) return false;
  const expected = Buffer.from(unlockMac(secret, link, expires));
  const given = Buffer.from(mac);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
