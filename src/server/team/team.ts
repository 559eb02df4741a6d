import { and, asc, count, eq, inArray, ne } from "drizzle-orm";
import {
  teamMessages,
  type InviteMember,
  type Member,
  type MemberRole,
  type Membership,
} from "@shared/schemas/team";
import { issueLoginToken, LINK_LIFETIME_MS, LINKS_PER_EMAIL } from "../auth/email-links";
import type { DbExecutor } from "../db/client";
import { auditEvents, companies, companyMembers, users, type User } from "../db/schema";
import { enqueueEmails } from "../mail/outbox";
import { invitationEmail } from "../mail/templates/clients";
import { displayName } from "../auth/display-name";
import { emailSignInPath } from "@shared/deep-links";
import { conflict, failure, notFound, ok, type Outcome } from "../domain-failure";

/** How long an invitation's sign-in link lasts. */
export const INVITATION_DAYS = 7;

export type InvitationSettings = { agencyInbox: string; publicUrl: string };

const memberNotFound = () => notFound("Member not found");

export const tooManyLinksMessage = `That address has had ${LINKS_PER_EMAIL} sign-in links in the last ${
  LINK_LIFETIME_MS / 60_000
} minutes. Wait a few minutes and send the invitation again.`;

/** A new company's name when none is given: the person's full name, else their email. */
export function defaultCompanyName(person: {
  email: string;
  firstName?: string | null;
  lastName?: string | null;
}): string {
  const name = [person.firstName, person.lastName].filter(Boolean).join(" ");
  return (name || person.email).slice(0, 200);
}

/** The company a user belongs to and their role in it, or undefined. */
export async function findMembership(
  db: DbExecutor,
  userId: string,
): Promise<Membership | undefined> {
  const [row] = await db
    .select({
      companyId: companyMembers.companyId,
      companyName: companies.name,
      role: companyMembers.role,
    })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(eq(companyMembers.userId, userId));
  return row;
}

/**
 * The company's owners and billing members: who is sent proposals and invoices, and who may
 * answer a proposal or pay. By email, so transactions that issue each a sign-in link (which
 * locks their address) lock them in the same order.
 */
export async function billingContacts(db: DbExecutor, companyId: string): Promise<User[]> {
  const rows = await db
    .select({ user: users })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(
      and(
        eq(companyMembers.companyId, companyId),
        inArray(companyMembers.role, ["owner", "billing"]),
      ),
    )
    .orderBy(asc(users.email));
  return rows.map(({ user }) => user);
}

export async function createCompany(db: DbExecutor, name: string) {
  const [company] = await db.insert(companies).values({ name }).returning();
  if (!company) throw new Error("the company was not created");
  return company;
}

export async function findCompany(db: DbExecutor, id: string) {
  const [company] = await db.select().from(companies).where(eq(companies.id, id));
  return company;
}

/**
 * A company of their own for someone who signed up (OPEN_SIGNUP) and belongs to none: they are
 * its owner. Staff are not a client's members.
 */
export async function ensureCompany(db: DbExecutor, user: User): Promise<void> {
  if (user.isAdmin || (await findMembership(db, user.id))) return;
  await db.transaction(async (tx) => {
    const company = await createCompany(tx, defaultCompanyName(user));
    await tx
      .insert(companyMembers)
      .values({ companyId: company.id, userId: user.id, role: "owner" })
      .onConflictDoNothing();
  });
}

function toMember(user: User, role: MemberRole, joinedAt: Date, invited: boolean): Member {
  return {
    id: user.id,
    email: user.email,
    name: displayName(user),
    firstName: user.firstName,
    lastName: user.lastName,
    role,
    joinedAt: joinedAt.toISOString(),
    invited,
  };
}

/**
 * Which of these users have ever signed in: every sign-in is in the audit log, which is never
 * pruned, so a member with none there is still an invitation.
 */
async function signedInUsers(db: DbExecutor, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ id: auditEvents.actorId })
    .from(auditEvents)
    .where(and(eq(auditEvents.action, "auth.signed-in"), inArray(auditEvents.actorId, userIds)));
  return new Set(rows.map((row) => row.id!));
}

async function toMembers(
  db: DbExecutor,
  rows: { user: User; role: MemberRole; joinedAt: Date }[],
): Promise<Member[]> {
  const signedIn = await signedInUsers(
    db,
    rows.map(({ user }) => user.id),
  );
  return rows.map(({ user, role, joinedAt }) =>
    toMember(user, role, joinedAt, !signedIn.has(user.id)),
  );
}

/** A company's members: owners first, then by email. */
export async function listMembers(db: DbExecutor, companyId: string): Promise<Member[]> {
  const rows = await db
    .select({ user: users, role: companyMembers.role, joinedAt: companyMembers.createdAt })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(eq(companyMembers.companyId, companyId))
    .orderBy(asc(users.email));
  const order: Record<MemberRole, number> = { owner: 0, billing: 1, member: 2 };
  return (await toMembers(db, rows)).sort((a, b) => order[a.role] - order[b.role]);
}

export type InviteResult = Outcome<{ member: Member; emailed: boolean }>;

/**
 * Adds a person to a company and emails them a sign-in link that lasts a week: their account
 * is created (or found, names corrected), all in the caller's transaction. Refused when the
 * address belongs to staff, to a member of another company, or to a member already.
 */
export async function addMember(
  tx: DbExecutor,
  companyId: string,
  input: InviteMember,
  settings: InvitationSettings,
  /** The company named in the email (a new client's own invitation names none). */
  emailCompany?: string,
  /** False: the account and the membership only, no email (a converted lead not invited yet). */
  invite = true,
): Promise<InviteResult> {
  // As accounts keep addresses (the schema has trimmed it already).
  const email = input.email.toLowerCase();
  const [existing] = await tx.select().from(users).where(eq(users.email, email));
  if (existing?.isAdmin) return conflict(teamMessages.staffNotMember);
  if (existing) {
    const membership = await findMembership(tx, existing.id);
    if (membership) {
      return conflict(
        membership.companyId === companyId ? teamMessages.alreadyMember : teamMessages.otherCompany,
      );
    }
  }
  const [user] = await tx
    .insert(users)
    .values({ email, firstName: input.firstName, lastName: input.lastName })
    .onConflictDoUpdate({
      target: users.email,
      // A second invitation may correct the names; blanks keep what is there.
      set: {
        ...(input.firstName ? { firstName: input.firstName } : {}),
        ...(input.lastName ? { lastName: input.lastName } : {}),
        updatedAt: new Date(),
      },
    })
    .returning();
  if (!user) throw new Error("the invited user was not created");
  const [row] = await tx
    .insert(companyMembers)
    .values({ companyId, userId: user.id, role: input.role })
    .returning();
  if (!row) throw new Error("the member was not added");
  const emailed =
    invite && (await sendInvitation(tx, { ...user, role: row.role }, settings, emailCompany));
  const [member] = await toMembers(tx, [{ user, role: row.role, joinedAt: row.createdAt }]);
  return ok({ member: member!, emailed });
}

/**
 * Emails a client's member the invitation with a sign-in link that lasts a week, in the caller's
 * transaction. False when a link was already on its way and no new one was sent.
 */
export async function sendInvitation(
  tx: DbExecutor,
  user: Pick<User, "email" | "firstName" | "lastName"> & { role: MemberRole },
  settings: InvitationSettings,
  /** The company named in the email (a new client's own invitation names none). */
  emailCompany?: string,
): Promise<boolean> {
  const token = await issueLoginToken(
    tx,
    user.email,
    new Date(),
    INVITATION_DAYS * 24 * 60 * 60 * 1000,
  );
  if (!token) return false;
  const link = `${settings.publicUrl}${emailSignInPath(token)}`;
  await enqueueEmails(tx, [
    invitationEmail(
      { name: displayName(user), email: user.email },
      user.role,
      link,
      INVITATION_DAYS,
      settings,
      emailCompany,
    ),
  ]);
  return true;
}

/** Invites a member to a company, in one transaction. */
export async function inviteMember(
  db: DbExecutor,
  companyId: string,
  input: InviteMember,
  settings: InvitationSettings,
): Promise<InviteResult | undefined> {
  return db.transaction(async (tx) => {
    const company = await findCompany(tx, companyId);
    if (!company) return undefined;
    return addMember(tx, companyId, input, settings, company.name);
  });
}

/** A member's role changed or their membership ended: the role before, and the member. */
export type MemberChange = Outcome<{ before: MemberRole; member: Member }>;

/**
 * How many owners the company has besides this user. The owners' rows are locked first, so two
 * owners demoting each other at once cannot leave the company with none.
 */
async function otherOwners(tx: DbExecutor, companyId: string, userId: string) {
  await tx
    .select({ userId: companyMembers.userId })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.role, "owner")))
    .for("update");
  const [row] = await tx
    .select({ n: count() })
    .from(companyMembers)
    .where(
      and(
        eq(companyMembers.companyId, companyId),
        eq(companyMembers.role, "owner"),
        ne(companyMembers.userId, userId),
      ),
    );
  return row?.n ?? 0;
}

async function lockedMember(tx: DbExecutor, companyId: string, userId: string) {
  const [row] = await tx
    .select({ user: users, member: companyMembers })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)))
    .for("update");
  return row;
}

/** Changes a member's role; the last owner stays an owner. */
export async function changeMemberRole(
  db: DbExecutor,
  companyId: string,
  userId: string,
  role: MemberRole,
): Promise<MemberChange> {
  return db.transaction(async (tx) => {
    const owners = await otherOwners(tx, companyId, userId);
    const row = await lockedMember(tx, companyId, userId);
    if (!row) return memberNotFound();
    const before = row.member.role;
    if (before === "owner" && role !== "owner" && owners === 0) {
      return conflict(teamMessages.lastOwner);
    }
    await tx
      .update(companyMembers)
      .set({ role })
      .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)));
    const [member] = await toMembers(tx, [
      { user: row.user, role, joinedAt: row.member.createdAt },
    ]);
    return ok({ before, member: member! });
  });
}

/**
 * Takes a person off the company's team (their account stays, with no company: they see
 * nothing of it any more); the last owner stays.
 */
export async function removeMember(
  db: DbExecutor,
  companyId: string,
  userId: string,
): Promise<MemberChange> {
  return db.transaction(async (tx) => {
    const owners = await otherOwners(tx, companyId, userId);
    const row = await lockedMember(tx, companyId, userId);
    if (!row) return memberNotFound();
    const before = row.member.role;
    if (before === "owner" && owners === 0) return conflict(teamMessages.lastOwner);
    await tx
      .delete(companyMembers)
      .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)));
    const [member] = await toMembers(tx, [
      { user: row.user, role: before, joinedAt: row.member.createdAt },
    ]);
    return ok({ before, member: member! });
  });
}

/**
 * Sends a member who has never signed in their invitation again, in the caller's transaction
 * (with its audit row): a new week-long link, within the per-address limit on sign-in links.
 */
export async function resendInvitation(
  tx: DbExecutor,
  companyId: string,
  userId: string,
  settings: InvitationSettings,
): Promise<Outcome<Member>> {
  const row = await lockedMember(tx, companyId, userId);
  if (!row) return memberNotFound();
  const [member] = await toMembers(tx, [
    { user: row.user, role: row.member.role, joinedAt: row.member.createdAt },
  ]);
  if (!member!.invited) return conflict(teamMessages.signedInAlready);
  // Worded as the first one was: the person a company was made for was not "added" to it.
  const [first] = await tx
    .select({ userId: companyMembers.userId })
    .from(companyMembers)
    .where(eq(companyMembers.companyId, companyId))
    .orderBy(asc(companyMembers.createdAt))
    .limit(1);
  const company = first?.userId === userId ? undefined : await findCompany(tx, companyId);
  const sent = await sendInvitation(
    tx,
    { ...row.user, role: row.member.role },
    settings,
    company?.name,
  );
  return sent ? ok(member!) : failure("too-many", tooManyLinksMessage);
}
