import { and, asc, eq } from "drizzle-orm";
import type { StaffMember, TicketChoices, TicketWebsite } from "@shared/schemas/tickets";
import type { DbExecutor } from "../db/client";
import { users, websites } from "../db/schema";
import { displayName } from "../auth/display-name";
import { invalid, type DomainFailure } from "../domain-failure";

/*
 * What a ticket may point at: one of its own company's websites, and a member of staff (a user
 * with isAdmin) as its assignee. The routes check a change here before it is stored.
 */

/** Whether the website is one of the company's. */
export async function isCompanyWebsite(
  db: DbExecutor,
  companyId: string,
  websiteId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: websites.id })
    .from(websites)
    .where(and(eq(websites.id, websiteId), eq(websites.companyId, companyId)));
  return Boolean(row);
}

/** Whether the user is staff, so may be assigned a ticket. */
export async function isStaffUser(db: DbExecutor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.isAdmin, true)));
  return Boolean(row);
}

/** The company's websites, by domain. */
export async function companyWebsites(db: DbExecutor, companyId: string): Promise<TicketWebsite[]> {
  return db
    .select({ id: websites.id, domain: websites.domain })
    .from(websites)
    .where(eq(websites.companyId, companyId))
    .orderBy(asc(websites.domain));
}

/** Everyone who can take a ticket, by name. */
export async function staffMembers(db: DbExecutor): Promise<StaffMember[]> {
  const rows = await db.select().from(users).where(eq(users.isAdmin, true));
  return rows
    .map((user) => ({ id: user.id, name: displayName(user) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The staff ticket page's choices for a ticket of this company. */
export async function ticketChoices(db: DbExecutor, companyId: string): Promise<TicketChoices> {
  return { websites: await companyWebsites(db, companyId), assignees: await staffMembers(db) };
}

/**
 * What is wrong with pointing a ticket of the company at this website or assignee: the field
 * refused, or undefined when both are fine (null, a change to none, is always fine).
 */
export async function linkProblem(
  db: DbExecutor,
  companyId: string,
  change: { websiteId?: string | null; assigneeId?: string | null },
  websiteMessage: string,
  assigneeMessage: string,
): Promise<DomainFailure | undefined> {
  if (change.websiteId && !(await isCompanyWebsite(db, companyId, change.websiteId))) {
    return invalid(websiteMessage, "websiteId");
  }
  if (change.assigneeId && !(await isStaffUser(db, change.assigneeId))) {
    return invalid(assigneeMessage, "assigneeId");
  }
  return undefined;
}
