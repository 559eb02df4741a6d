import { and, asc, desc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import { brand } from "@content/site";
import { careHours } from "@content/care-hours";
import { personName } from "@shared/format";
import { ENTRY_EDIT_DAYS, type PlanHours, type TimeEntry } from "@shared/schemas/hours";
import { addMonthsTo, dayInZone, monthDays, monthOfDay } from "@shared/work-time";
import type { DbExecutor } from "../db/client";
import {
  projects,
  recurringPlans,
  supportTickets,
  timeEntries,
  users,
  websites,
  type TimeEntryRow,
} from "../db/schema";
import { isCataloguePlan } from "../tickets/response-targets";

/*
 * Reading the hours: a client's maintenance plan with its included hours and rate, the time
 * logged in a month of the agency's time zone, and the time spent on tickets and projects. The
 * dashboard, the back office, the month-end drafts and the monthly report all read them here.
 */

const DAY_MS = 86_400_000;

/** Today in the agency's time zone (src/content, brand.timeZone). */
export const agencyToday = (now: Date) => dayInZone(now, brand.timeZone);
/** This month of the agency's time zone: "2026-11". */
export const agencyMonth = (now: Date) => monthOfDay(agencyToday(now));

type PlanRow = Pick<
  typeof recurringPlans.$inferSelect,
  "id" | "name" | "includedMinutes" | "overageRateCents"
>;

/** A maintenance plan's hours: its own figures, else the catalogue's defaults. */
export function planHoursOf(plan: PlanRow): PlanHours {
  const byExample = Object.entries(careHours.includedHoursByExample).find(
    ([name]) => name.toLowerCase() === plan.name.trim().toLowerCase(),
  );
  const defaultMinutes = (byExample?.[1] ?? careHours.includedHoursOtherwise) * 60;
  return {
    planId: plan.id,
    planName: plan.name,
    includedMinutes: plan.includedMinutes ?? defaultMinutes,
    overageRateCents: plan.overageRateCents ?? careHours.hourlyRateCents,
    overridden: plan.includedMinutes !== null || plan.overageRateCents !== null,
  };
}

/** Each company's active maintenance plan (the oldest, when several), with its hours. */
export async function maintenancePlans(
  db: DbExecutor,
  companyIds: string[],
): Promise<Map<string, PlanHours>> {
  if (companyIds.length === 0) return new Map();
  const rows = await db
    .select({
      companyId: recurringPlans.companyId,
      id: recurringPlans.id,
      name: recurringPlans.name,
      includedMinutes: recurringPlans.includedMinutes,
      overageRateCents: recurringPlans.overageRateCents,
    })
    .from(recurringPlans)
    .where(and(inArray(recurringPlans.companyId, companyIds), eq(recurringPlans.status, "active")))
    .orderBy(asc(recurringPlans.createdAt), asc(recurringPlans.id));
  const plans = new Map<string, PlanHours>();
  for (const row of rows) {
    if (!plans.has(row.companyId) && isCataloguePlan(row.name, "maintenance")) {
      plans.set(row.companyId, planHoursOf(row));
    }
  }
  return plans;
}

export async function maintenancePlanOf(db: DbExecutor, companyId: string) {
  return (await maintenancePlans(db, [companyId])).get(companyId) ?? null;
}

/** Minutes logged for a company from `first` to `last` (days, both included). */
export async function minutesBetween(
  db: DbExecutor,
  companyId: string,
  first: string,
  last: string,
): Promise<number> {
  const [row] = await db
    .select({ minutes: sql<string | null>`sum(${timeEntries.minutes})` })
    .from(timeEntries)
    .where(
      and(
        eq(timeEntries.companyId, companyId),
        gte(timeEntries.workDate, first),
        lte(timeEntries.workDate, last),
      ),
    );
  return Number(row?.minutes ?? 0);
}

/** Whether `viewerId` may still change an entry at `now`: their own, logged under 7 days ago. */
export function entryEditable(
  entry: Pick<TimeEntryRow, "userId" | "createdAt">,
  viewerId: string | null,
  now: Date,
): boolean {
  return (
    viewerId !== null &&
    entry.userId === viewerId &&
    now.getTime() - entry.createdAt.getTime() < ENTRY_EDIT_DAYS * DAY_MS
  );
}

/** Entries with the names of what they are against, newest day first. */
export async function listEntries(
  db: DbExecutor,
  where: ReturnType<typeof and>,
  viewer: { id: string | null; now: Date },
): Promise<TimeEntry[]> {
  const rows = await db
    .select({
      entry: timeEntries,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      websiteDomain: websites.domain,
      ticketSubject: supportTickets.subject,
      projectName: projects.name,
    })
    .from(timeEntries)
    .leftJoin(users, eq(users.id, timeEntries.userId))
    .leftJoin(websites, eq(websites.id, timeEntries.websiteId))
    .leftJoin(supportTickets, eq(supportTickets.id, timeEntries.ticketId))
    .leftJoin(projects, eq(projects.id, timeEntries.projectId))
    .where(where)
    .orderBy(desc(timeEntries.workDate), desc(timeEntries.createdAt));
  return rows.map((row) => toEntry(row, viewer));
}

type ListedRow = {
  entry: TimeEntryRow;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  websiteDomain: string | null;
  ticketSubject: string | null;
  projectName: string | null;
};

function toEntry(row: ListedRow, viewer: { id: string | null; now: Date }): TimeEntry {
  const { entry } = row;
  return {
    id: entry.id,
    companyId: entry.companyId,
    userId: entry.userId,
    staffName:
      row.email === null
        ? null
        : personName({ firstName: row.firstName, lastName: row.lastName, email: row.email }),
    websiteId: entry.websiteId,
    websiteDomain: row.websiteDomain,
    ticketId: entry.ticketId,
    ticketSubject: row.ticketSubject,
    projectId: entry.projectId,
    projectName: row.projectName,
    workDate: entry.workDate,
    minutes: entry.minutes,
    note: entry.note,
    createdAt: entry.createdAt.toISOString(),
    editable: entryEditable(entry, viewer.id, viewer.now),
  };
}

export type MonthHours = {
  month: string;
  usedMinutes: number;
  plan: PlanHours | null;
  entries: TimeEntry[];
};

/**
 * A client's hours in a month ("2026-11", the agency's calendar): used against included, with
 * every entry and its note. The monthly report reads the same.
 */
export async function hoursOfMonth(
  db: DbExecutor,
  companyId: string,
  month: string,
  viewer: { id: string | null; now: Date } = { id: null, now: new Date() },
): Promise<MonthHours> {
  const { first, last } = monthDays(month);
  const [plan, entries] = await Promise.all([
    maintenancePlanOf(db, companyId),
    listEntries(
      db,
      and(
        eq(timeEntries.companyId, companyId),
        gte(timeEntries.workDate, first),
        lte(timeEntries.workDate, last),
      ),
      viewer,
    ),
  ]);
  const usedMinutes = entries.reduce((sum, entry) => sum + entry.minutes, 0);
  return { month, usedMinutes, plan, entries };
}

/** The totals of the `count` months up to `month`, newest first (months without time: 0). */
export async function monthTotals(
  db: DbExecutor,
  companyId: string,
  month: string,
  count: number,
): Promise<{ month: string; minutes: number }[]> {
  const oldest = addMonthsTo(month, -(count - 1));
  const rows = await db
    .select({
      month: sql<string>`to_char(${timeEntries.workDate}, 'YYYY-MM')`,
      minutes: sql<string>`sum(${timeEntries.minutes})`,
    })
    .from(timeEntries)
    .where(
      and(
        eq(timeEntries.companyId, companyId),
        gte(timeEntries.workDate, monthDays(oldest).first),
        lte(timeEntries.workDate, monthDays(month).last),
      ),
    )
    .groupBy(sql`1`);
  const byMonth = new Map(rows.map((row) => [row.month, Number(row.minutes)]));
  return Array.from({ length: count }, (_, index) => {
    const each = addMonthsTo(month, -index);
    return { month: each, minutes: byMonth.get(each) ?? 0 };
  });
}

/** A client's sites, tickets (newest first) and projects: what time may be logged against. */
export async function entryChoices(db: DbExecutor, companyId: string) {
  const [sites, tickets, work] = await Promise.all([
    db
      .select({ id: websites.id, label: websites.domain })
      .from(websites)
      .where(eq(websites.companyId, companyId))
      .orderBy(asc(websites.domain)),
    db
      .select({ id: supportTickets.id, label: supportTickets.subject })
      .from(supportTickets)
      .where(eq(supportTickets.companyId, companyId))
      .orderBy(desc(supportTickets.createdAt))
      .limit(200),
    db
      .select({ id: projects.id, label: projects.name })
      .from(projects)
      .where(eq(projects.companyId, companyId))
      .orderBy(desc(projects.createdAt)),
  ]);
  return { websites: sites, tickets, projects: work };
}

/** Minutes logged against each of some tickets or projects. */
export async function minutesBy(
  db: DbExecutor,
  column: "ticketId" | "projectId",
  ids: string[],
): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const target = timeEntries[column];
  const rows = await db
    .select({ id: target, minutes: sql<string>`sum(${timeEntries.minutes})` })
    .from(timeEntries)
    .where(inArray(target, ids))
    .groupBy(target);
  return new Map(rows.map((row) => [row.id!, Number(row.minutes)]));
}
