import { and, eq } from "drizzle-orm";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { brand } from "@content/site";
import type { PasskeyView } from "@shared/schemas/account";
import type { Db, DbExecutor } from "../db/client";
import { passkeys, type Passkey, type User } from "../db/schema";

/** The relying party: the host of PUBLIC_URL (WebAuthn refuses IP addresses) and its origin. */
export type RelyingParty = { id: string; origin: string };

export function relyingParty(publicUrl: string): RelyingParty {
  const url = new URL(publicUrl);
  return { id: url.hostname, origin: url.origin };
}

/**
 * The WebAuthn library, loaded on the first passkey request: it is the slowest package to load,
 * and a start that waits for it waits for something most starts never use.
 */
const webauthn = () => import("@simplewebauthn/server");

/** How long a challenge may be answered. */
export const CHALLENGE_LIFETIME_MS = 5 * 60 * 1000;

export function toPasskeyView(row: Passkey): PasskeyView {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    backedUp: row.backedUp,
  };
}

export async function listPasskeys(db: Db, userId: string): Promise<Passkey[]> {
  return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(passkeys.createdAt);
}

/** Options for adding a passkey: discoverable (resident), and none the user already has. */
export async function registrationOptions(db: Db, rp: RelyingParty, user: User) {
  const existing = await listPasskeys(db, user.id);
  return (await webauthn()).generateRegistrationOptions({
    rpName: brand.name,
    rpID: rp.id,
    userName: user.email,
    userID: new TextEncoder().encode(user.id),
    userDisplayName: [user.firstName, user.lastName].filter(Boolean).join(" ") || user.email,
    attestationType: "none",
    excludeCredentials: existing.map((key) => ({
      id: key.credentialId,
      transports: key.transports,
    })),
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
  });
}

/** Verifies a new passkey's answer and stores it; undefined when it does not verify. */
export async function addPasskey(
  db: DbExecutor,
  rp: RelyingParty,
  user: User,
  challenge: string,
  name: string,
  response: Record<string, unknown>,
): Promise<Passkey | undefined> {
  let verification;
  try {
    verification = await (
      await webauthn()
    ).verifyRegistrationResponse({
      response: response as unknown as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
  } catch {
    return undefined;
  }
  if (!verification.verified) return undefined;
  const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;
  const [row] = await db
    .insert(passkeys)
    .values({
      userId: user.id,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString("base64url"),
      signCount: credential.counter,
      transports: credential.transports ?? [],
      name,
      deviceType: credentialDeviceType,
      backedUp: credentialBackedUp,
    })
    .onConflictDoNothing()
    .returning();
  return row;
}

/**
 * Options for signing in with a passkey: with no user, any discoverable passkey of this site
 * (the browser offers them, in autofill too); for a user's second factor, theirs only.
 */
export async function authenticationOptions(db: Db, rp: RelyingParty, user?: User) {
  const allow = user ? await listPasskeys(db, user.id) : [];
  return (await webauthn()).generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: user ? "preferred" : "required",
    allowCredentials: allow.map((key) => ({ id: key.credentialId, transports: key.transports })),
  });
}

/**
 * Verifies a passkey's answer to a challenge: the passkey and whether the user was verified
 * (a PIN or biometric), or undefined when it does not verify.
 */
export async function verifyPasskey(
  db: DbExecutor,
  rp: RelyingParty,
  challenge: string,
  response: Record<string, unknown>,
): Promise<{ passkey: Passkey; userVerified: boolean } | undefined> {
  const credentialId = typeof response.id === "string" ? response.id : undefined;
  if (!credentialId) return undefined;
  const [passkey] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId));
  if (!passkey) return undefined;
  let verification;
  try {
    verification = await (
      await webauthn()
    ).verifyAuthenticationResponse({
      response: response as unknown as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, "base64url")),
        counter: passkey.signCount,
        transports: passkey.transports,
      },
    });
  } catch {
    return undefined;
  }
  if (!verification.verified) return undefined;
  await db
    .update(passkeys)
    .set({ signCount: verification.authenticationInfo.newCounter, lastUsedAt: new Date() })
    .where(eq(passkeys.id, passkey.id));
  return { passkey, userVerified: verification.authenticationInfo.userVerified };
}

export async function renamePasskey(db: Db, userId: string, id: string, name: string) {
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning();
  return row;
}

export async function removePasskey(db: DbExecutor, userId: string, id: string) {
  const [row] = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning();
  return row;
}
