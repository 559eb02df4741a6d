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

/** What GET /api/auth/user answers: the user, as the screens use them. */
export function publicUser(user: User): AuthUser {
  const { id, email, firstName, lastName, profileImageUrl, isAdmin } = user;
  return { id, email, firstName, lastName, profileImageUrl, isAdmin };
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Creates or updates the user who just signed in. Staff are exactly the users listed in
 * ADMIN_EMAILS, re-read at every sign-in. Names and picture from the provider fill blanks only
 * when given, so an email sign-in keeps what a provider once told us.
 */
export async function upsertSignedInUser(
  db: Db,
  config: Pick<Config, "adminEmails">,
  profile: SignInProfile,
): Promise<User> {
  const email = normalizeEmail(profile.email);
  const isAdmin = config.adminEmails.includes(email);
  const details = Object.fromEntries(
    Object.entries({
      firstName: profile.firstName,
      lastName: profile.lastName,
      profileImageUrl: profile.profileImageUrl,
    }).filter(([, value]) => value),
  );
  const [user] = await db
    .insert(users)
    .values({ email, isAdmin, ...details })
    .onConflictDoUpdate({
      target: users.email,
      set: { isAdmin, ...details, updatedAt: new Date() },
    })
    .returning();
  if (!user) throw new Error("sign-in did not return a user");
  return user;
}

export async function findUserById(db: Db, id: string): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}
