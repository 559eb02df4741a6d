import { eq } from "drizzle-orm";
import {
  emailNoticeDefault,
  emailNoticeKindList,
  type AccountName,
  type EmailNoticeKind,
  type EmailNotices,
} from "@shared/schemas/account";
import type { Db, DbExecutor } from "../db/client";
import { users, type User } from "../db/schema";

/** The user's email notices: every kind, as they chose, else as the kind's default. */
export function emailNoticesOf(user: Pick<User, "emailNotices">): EmailNotices {
  return Object.fromEntries(
    emailNoticeKindList.map((kind) => [kind, user.emailNotices[kind] ?? emailNoticeDefault(kind)]),
  ) as EmailNotices;
}

/** Whether the user wants emails of this kind (what the support emails ask before queueing). */
export function wantsNotice(user: Pick<User, "emailNotices">, kind: EmailNoticeKind): boolean {
  return emailNoticesOf(user)[kind];
}

export async function updateEmailNotices(
  db: DbExecutor,
  user: User,
  changes: Partial<EmailNotices>,
): Promise<EmailNotices> {
  const next = { ...emailNoticesOf(user), ...changes };
  await db.update(users).set({ emailNotices: next }).where(eq(users.id, user.id));
  return next;
}

export async function updateName(db: Db, user: User, name: AccountName): Promise<User> {
  const [row] = await db
    .update(users)
    .set({ firstName: name.firstName ?? null, lastName: name.lastName ?? null })
    .where(eq(users.id, user.id))
    .returning();
  return row ?? user;
}
