import { createHash, randomInt } from "node:crypto";
import { and, count, eq, gte, isNull } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { brand } from "@content/site";
import type { Db, DbExecutor } from "../db/client";
import { auditEvents, recoveryCodes, users, type User } from "../db/schema";
import type { SecretBox } from "./secret-box";

const PERIOD_S = 30;
export const RECOVERY_CODE_COUNT = 10;

function totpOf(secret: string, email: string) {
  return new TOTP({
    issuer: brand.name,
    label: email,
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD_S,
    secret: Secret.fromBase32(secret),
  });
}

/** A new secret (160 bits, base32) and the otpauth:// address an authenticator app scans. */
export function newTotpSecret(email: string): { secret: string; otpauthUrl: string } {
  const secret = new Secret({ size: 20 }).base32;
  return { secret, otpauthUrl: totpOf(secret, email).toString() };
}

/**
 * The time step a code belongs to when it is right (the current step, or one either side for a
 * clock that drifts); undefined when it is wrong.
 */
export function totpStep(secret: string, email: string, code: string, now = Date.now()) {
  const delta = totpOf(secret, email).validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return undefined;
  return Math.floor(now / 1000 / PERIOD_S) + delta;
}

/**
 * Checks a code against the user's TOTP secret; a right code is accepted once (its time step is
 * remembered, and no code of that step or an earlier one is taken again).
 */
export async function checkTotp(db: DbExecutor, box: SecretBox, user: User, code: string) {
  if (!user.totpSecretEncrypted || !user.totpEnabledAt) return false;
  const secret = box.open(user.totpSecretEncrypted);
  if (!secret) return false;
  const step = totpStep(secret, user.email, code);
  if (step === undefined) return false;
  if (user.totpLastStep !== null && step <= user.totpLastStep) return false;
  await db.update(users).set({ totpLastStep: step }).where(eq(users.id, user.id));
  return true;
}

/** Turns TOTP on with a confirmed secret and gives ten new recovery codes (shown once). */
export async function enableTotp(
  db: DbExecutor,
  box: SecretBox,
  user: User,
  secret: string,
  step: number,
): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ totpSecretEncrypted: box.seal(secret), totpEnabledAt: new Date(), totpLastStep: step })
      .where(eq(users.id, user.id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    await tx
      .insert(recoveryCodes)
      .values(codes.map((code) => ({ userId: user.id, codeHash: hashRecoveryCode(code) })));
  });
  return codes;
}

/** Turns TOTP off and drops its recovery codes. */
export async function disableTotp(db: DbExecutor, user: User) {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ totpSecretEncrypted: null, totpEnabledAt: null, totpLastStep: null })
      .where(eq(users.id, user.id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
  });
}

const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

/** Ten characters in two groups (xxxxx-xxxxx), about 49 bits. */
function newRecoveryCode(): string {
  const chars = Array.from(
    { length: 10 },
    () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)],
  );
  return `${chars.slice(0, 5).join("")}-${chars.slice(5).join("")}`;
}

function hashRecoveryCode(code: string): string {
  const normal = code.toLowerCase().replace(/[^a-z0-9]/g, "");
  return createHash("sha256").update(normal).digest("hex");
}

/** Whether this is one of the user's unused recovery codes; if so it is used up. */
export async function useRecoveryCode(db: DbExecutor, user: User, code: string): Promise<boolean> {
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(recoveryCodes.userId, user.id),
        eq(recoveryCodes.codeHash, hashRecoveryCode(code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return used.length > 0;
}

export async function recoveryCodesLeft(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** Wrong codes allowed per user in a window before the second-factor step answers 429. */
export const SECOND_FACTOR_MAX_FAILURES = 5;
export const SECOND_FACTOR_WINDOW_MS = 15 * 60 * 1000;

/**
 * Wrong second-factor codes of this user in the last window, counted from the audit log (every
 * wrong code is recorded there), so every instance sees the same count.
 */
export async function recentSecondFactorFailures(db: DbExecutor, userId: string, now = new Date()) {
  const [row] = await db
    .select({ n: count() })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.actorId, userId),
        eq(auditEvents.action, "auth.second-factor-failed"),
        gte(auditEvents.createdAt, new Date(now.getTime() - SECOND_FACTOR_WINDOW_MS)),
      ),
    );
  return row?.n ?? 0;
}
