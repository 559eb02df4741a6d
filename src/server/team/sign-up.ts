import type { Config } from "../config";
import type { Db } from "../db/client";
import type { User } from "../db/schema";
import { saveSignedInUser, type SignInProfile } from "../auth/users";
import { ensureCompany } from "./team";

/**
 * The account of whoever just signed in (see saveSignedInUser); undefined when they may not have
 * one. Someone who signs up on their own (OPEN_SIGNUP) is the owner of a company of their own.
 */
export async function signedInAccount(
  db: Db,
  config: Pick<Config, "adminEmails" | "openSignup">,
  profile: SignInProfile,
): Promise<User | undefined> {
  const user = await saveSignedInUser(db, config, profile);
  if (user && !user.isAdmin && config.openSignup) await ensureCompany(db, user);
  return user;
}
