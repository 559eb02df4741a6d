import { eq } from "drizzle-orm";
import type { AuthUser } from "@shared/schemas/auth";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { users, type User } from "../db/schema";

export type SignInProfile = {
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  profileImageUrl?: string | null;
};

/**
 * What GET /api/auth/user answers: the user, as the screens use them, and where this session's
 * second factor stands (staff with none must enrol before the back office opens).
 */
export function publicUser(user: User, secondFactor: AuthUser["secondFactor"]): AuthUser {
  return { ...userFields(user), secondFactor, mustEnrol: user.isAdmin && secondFactor === "none" };
}

/** The fields of a user that screens show (never a secret). */
export function userFields(user: User) {
  const { id, email, firstName, lastName, profileImageUrl, isAdmin } = user;
  return { id, email, firstName, lastName, profileImageUrl, isAdmin };
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Whether someone with no account yet may get one by signing in: staff, or anyone under OPEN_SIGNUP. */
export function mayCreateAccount(
  config: Pick<Config, "adminEmails" | "openSignup">,
  email: string,
): boolean {
  return config.openSignup || config.adminEmails.includes(normalizeEmail(email));
}

/** Whether this address may sign in: it has an account (invited, or created), or may get one. */
export async function maySignIn(
  db: Db,
  config: Pick<Config, "adminEmails" | "openSignup">,
  email: string,
): Promise<boolean> {
  if (mayCreateAccount(config, email)) return true;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, normalizeEmail(email)));
  return Boolean(row);
}

/**
 * The user who just signed in, updated; undefined when the address has no account and may not
 * get one (see mayCreateAccount). Staff are exactly the users listed in ADMIN_EMAILS, re-read at
 * every sign-in. Names and picture from the provider fill blanks only when given, so an email
 * sign-in keeps what a provider once told us. Sign-in goes through team's signedInAccount, which
 * also gives a self-signed-up user their company.
 */
export async function saveSignedInUser(
  db: Db,
  config: Pick<Config, "adminEmails" | "openSignup">,
  profile: SignInProfile,
): Promise<User | undefined> {
  const email = normalizeEmail(profile.email);
  const isAdmin = config.adminEmails.includes(email);
  const details = Object.fromEntries(
    Object.entries({
      firstName: profile.firstName,
      lastName: profile.lastName,
      profileImageUrl: profile.profileImageUrl,
    }).filter(([, value]) => value),
  );
  const changes = { isAdmin, ...details, updatedAt: new Date() };
  if (!mayCreateAccount(config, email)) {
    const [user] = await db.update(users).set(changes).where(eq(users.email, email)).returning();
    return user;
  }
  const [user] = await db
    .insert(users)
    .values({ email, isAdmin, ...details })
    .onConflictDoUpdate({ target: users.email, set: changes })
    .returning();
  return user;
}

export async function findUserById(db: Db, id: string): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}
