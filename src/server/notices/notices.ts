import { and, asc, count, desc, eq, inArray, isNull } from "drizzle-orm";
import type { EmailNoticeKind } from "@shared/schemas/account";
import { NOTICE_LIST_LIMIT, type Notice, type NoticeList } from "@shared/schemas/notices";
import { wantsNotice } from "../auth/account";
import type { DbExecutor } from "../db/client";
import { companyMembers, notices, users, type Notice as NoticeRow, type User } from "../db/schema";
import { enqueueEmails, type QueuedEmail } from "../mail/outbox";

/** What notices need of the settings: the agency's shared inbox and the site's address. */
export type NoticeSettings = { agencyInbox: string; publicUrl: string };

/**
 * Something that happened, for the people who should hear of it (all on one side: a company's
 * members, or staff).
 */
export type NoticeEvent = {
  kind: EmailNoticeKind;
  /** Names the event, the same however often it is told: `ticket-reply:<message id>`. */
  key: string;
  recipients: User[];
  /** The client company it is about, if any: erasing the company erases its notices. */
  companyId: string | null;
  title: string;
  body?: string | null;
  /** The portal or back-office path it opens. */
  link: string;
  /** The email to one recipient; asked only for those newly told who want this kind's email. */
  email?: (user: User) => QueuedEmail | undefined | Promise<QueuedEmail | undefined>;
  /**
   * The one email to the agency's shared inbox, for what staff hear of. Sent with the first
   * telling of the event (when a staff notice was new, or when there is no staff account yet).
   */
  agencyEmail?: QueuedEmail;
};

const clip = (text: string, length: number) =>
  text.length > length ? `${text.slice(0, length - 1)}…` : text;

/**
 * Records an event for its recipients, in the caller's transaction: one in-app notice per user
 * (a second telling of the same event, a retry or another instance, inserts nothing), and for
 * each notice that was new, the email, unless the user turned this kind's email off. Returns
 * how many were newly told and how many emails were queued.
 */
export async function notify(
  tx: DbExecutor,
  event: NoticeEvent,
): Promise<{ noticed: number; emailed: number }> {
  const recipients = [...new Map(event.recipients.map((user) => [user.id, user])).values()];
  const inserted =
    recipients.length === 0
      ? []
      : await tx
          .insert(notices)
          .values(
            recipients.map((user) => ({
              userId: user.id,
              kind: event.kind,
              companyId: event.companyId,
              title: clip(event.title, 300),
              body: event.body ? clip(event.body, 2000) : null,
              link: event.link,
              dedupeKey: event.key,
            })),
          )
          .onConflictDoNothing()
          .returning({ userId: notices.userId });
  const fresh = new Set(inserted.map((row) => row.userId));
  const emails: QueuedEmail[] = [];
  for (const user of recipients) {
    if (!fresh.has(user.id) || !event.email || !wantsNotice(user, event.kind)) continue;
    const email = await event.email(user);
    if (email) emails.push(email);
  }
  if (event.agencyEmail && (fresh.size > 0 || recipients.length === 0)) {
    emails.push(event.agencyEmail);
  }
  await enqueueEmails(tx, emails);
  return { noticed: fresh.size, emailed: emails.length };
}

/** Every staff account. */
export async function staffUsers(db: DbExecutor): Promise<User[]> {
  return db.select().from(users).where(eq(users.isAdmin, true));
}

/** A company's members, every role (or the roles given). */
export async function companyUsers(
  db: DbExecutor,
  companyId: string,
  roles?: (typeof companyMembers.$inferSelect.role)[],
): Promise<User[]> {
  const rows = await db
    .select({ user: users, role: companyMembers.role })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(eq(companyMembers.companyId, companyId));
  return rows.filter((row) => !roles || roles.includes(row.role)).map((row) => row.user);
}

/** A staff member's own copy of an email to the agency's inbox. */
export const copyTo = (email: QueuedEmail, user: User): QueuedEmail => ({
  ...email,
  to: user.email,
});

function toNotice(row: NoticeRow): Notice {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    link: row.link,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function unreadCount(db: DbExecutor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notices)
    .where(and(eq(notices.userId, userId), isNull(notices.readAt)));
  return row?.n ?? 0;
}

/** The user's latest notices, newest first, with how many are unread. */
export async function listNotices(db: DbExecutor, userId: string): Promise<NoticeList> {
  const rows = await db
    .select()
    .from(notices)
    .where(eq(notices.userId, userId))
    .orderBy(desc(notices.createdAt), desc(notices.id))
    .limit(NOTICE_LIST_LIMIT);
  return { notices: rows.map(toNotice), unread: await unreadCount(db, userId) };
}

/** Marks one of the user's notices read; undefined when it is not theirs (or not there). */
export async function markNoticeRead(
  db: DbExecutor,
  userId: string,
  id: string,
  now = new Date(),
): Promise<Notice | undefined> {
  const [row] = await db
    .update(notices)
    .set({ readAt: now })
    .where(and(eq(notices.id, id), eq(notices.userId, userId), isNull(notices.readAt)))
    .returning();
  if (row) return toNotice(row);
  // Read already: answered as it is, so marking twice is harmless.
  const [existing] = await db
    .select()
    .from(notices)
    .where(and(eq(notices.id, id), eq(notices.userId, userId)));
  return existing && toNotice(existing);
}

/** Marks every unread notice of the user read; returns how many were. */
export async function markAllNoticesRead(
  db: DbExecutor,
  userId: string,
  now = new Date(),
): Promise<number> {
  const rows = await db
    .update(notices)
    .set({ readAt: now })
    .where(and(eq(notices.userId, userId), isNull(notices.readAt)))
    .returning({ id: notices.id });
  return rows.length;
}

/** Every notice of these users, oldest first, for a privacy export (whose each one is). */
export async function noticesOfUsers(db: DbExecutor, userIds: string[]) {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ notice: notices, email: users.email })
    .from(notices)
    .innerJoin(users, eq(users.id, notices.userId))
    .where(inArray(notices.userId, userIds))
    .orderBy(asc(notices.createdAt));
  return rows.map(({ notice, email }) => ({ to: email, ...toNotice(notice) }));
}
