import { and, count, desc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { firstResponse } from "@shared/first-response";
import type {
  QueueTicket,
  TicketQueueFilter,
  TicketQueuePage,
  TicketQueueQuery,
} from "@shared/schemas/tickets";
import { displayName } from "../auth/display-name";
import type { DbExecutor } from "../db/client";
import {
  companies,
  supportTickets,
  ticketMessages,
  users,
  websites,
  type User,
} from "../db/schema";
import { serviceLevels } from "./response-targets";
import { assignees, ticketWebsite, toTicket } from "./tickets";

/*
 * The staff queue, a page at a time: filters, order, limit and the total are SQL, and the
 * message counts are read for the page's rows only (a year of tickets is 50,000 rows).
 */

/**
 * Tickets still waiting for the team's first reply come first, the most urgent (the latest, then
 * the soonest due) at the top; then the rest, most recently active first. The id last, so a
 * page never repeats or skips a ticket of the one before.
 */
const byTimeLeft = [
  sql`case when ${supportTickets.firstRespondedAt} is null
    and ${supportTickets.firstResponseDueAt} is not null
    and ${supportTickets.status} not in ('resolved', 'closed') then 0 else 1 end`,
  sql`case when ${supportTickets.firstRespondedAt} is null then ${supportTickets.firstResponseDueAt} end asc nulls last`,
  desc(supportTickets.updatedAt),
  supportTickets.id,
];
const byActivity = [desc(supportTickets.updatedAt), supportTickets.id];

function conditionsOf(filter: TicketQueueFilter, me: Pick<User, "id">): SQL[] {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(supportTickets.status, filter.status));
  if (filter.priority) conditions.push(eq(supportTickets.priority, filter.priority));
  if (filter.assignee === "me") conditions.push(eq(supportTickets.assigneeId, me.id));
  if (filter.assignee === "none") conditions.push(isNull(supportTickets.assigneeId));
  return conditions;
}

/** The queue's rows where `where` holds, in `order`, `limit` of them from `offset`. */
async function queueRows(
  db: DbExecutor,
  where: SQL | undefined,
  order: (SQL | typeof supportTickets.id)[],
  limit: number,
  offset: number,
  now: Date,
): Promise<QueueTicket[]> {
  const rows = await db
    .select({
      ticket: supportTickets,
      client: users,
      company: companies,
      website: ticketWebsite,
      assignee: assignees,
    })
    .from(supportTickets)
    .innerJoin(users, eq(users.id, supportTickets.userId))
    .innerJoin(companies, eq(companies.id, supportTickets.companyId))
    .leftJoin(websites, eq(websites.id, supportTickets.websiteId))
    .leftJoin(assignees, eq(assignees.id, supportTickets.assigneeId))
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  if (rows.length === 0) return [];
  const ids = rows.map(({ ticket }) => ticket.id);
  const [counts, levels] = await Promise.all([
    db
      .select({ ticketId: ticketMessages.ticketId, messages: count() })
      .from(ticketMessages)
      .where(inArray(ticketMessages.ticketId, ids))
      .groupBy(ticketMessages.ticketId),
    serviceLevels(db, [...new Set(rows.map((row) => row.company.id))]),
  ]);
  const messages = new Map(counts.map((row) => [row.ticketId, row.messages]));
  return rows.map(({ ticket, client, company, website, assignee }) => {
    const level = levels.get(company.id);
    return {
      ...toTicket(ticket, client, website),
      clientName: displayName(client),
      clientEmail: client.email,
      companyId: company.id,
      companyName: company.name,
      messages: messages.get(ticket.id) ?? 0,
      assignee: assignee && { id: assignee.id, name: displayName(assignee) },
      plan: level?.plan ?? null,
      serviceLevel: level?.label ?? "",
      firstResponse: firstResponse(ticket, now),
    };
  });
}

/**
 * The staff queue: a page of every client's tickets, filtered by status, priority and assignee
 * (`me`: this member of staff), most recently active first or by time left; each with its
 * website, assignee, the client's plan and where it stands against its first-response target at
 * `now`; and how many match in all.
 */
export async function listAllTickets(
  db: DbExecutor,
  query: TicketQueueQuery,
  me: Pick<User, "id">,
  now = new Date(),
): Promise<TicketQueuePage> {
  const where = and(...conditionsOf(query, me));
  const order = query.sort === "time-left" ? byTimeLeft : byActivity;
  const [items, [counted]] = await Promise.all([
    queueRows(db, where, order, query.pageSize, (query.page - 1) * query.pageSize, now),
    // Without the rows' joins: every ticket has its client and company (non-null keys that
    // cascade), so they would find the same count, only slower.
    db.select({ total: count() }).from(supportTickets).where(where),
  ]);
  return { items, total: counted?.total ?? 0, page: query.page, pageSize: query.pageSize };
}

/** One ticket as the queue lists it (the ticket page's plan, clock and client), or undefined. */
export async function findQueueTicket(
  db: DbExecutor,
  ticketId: string,
  now = new Date(),
): Promise<QueueTicket | undefined> {
  const [entry] = await queueRows(db, eq(supportTickets.id, ticketId), byActivity, 1, 0, now);
  return entry;
}
