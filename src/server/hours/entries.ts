import { eq } from "drizzle-orm";
import {
  ENTRY_EDIT_DAYS,
  MAX_ENTRY_MINUTES,
  type timeEntryUpdateSchema,
  type timerStartSchema,
} from "@shared/schemas/hours";
import type { z } from "@shared/schemas/zod";
import type { DbExecutor } from "../db/client";
import {
  companies,
  projects,
  recurringPlans,
  supportTickets,
  timeEntries,
  timeTimers,
  websites,
  type TimeEntryRow,
  type TimeTimerRow,
} from "../db/schema";
import { conflict, invalid, notFound, ok, type Outcome } from "../domain-failure";
import { agencyToday, entryEditable } from "./reading";

/*
 * Logging time: entries written by hand, and each staff member's one running timer, which makes
 * an entry when it stops. The rules the schema cannot check live here: no day in the future (of
 * the agency's time zone), a site, ticket or project of the entry's own client, and only the
 * author changes an entry, for ENTRY_EDIT_DAYS. The routes audit every write.
 */

type EntryFields = z.output<typeof timeEntryUpdateSchema>;
type TimerFields = z.output<typeof timerStartSchema>;
type Targets = Pick<EntryFields, "websiteId" | "ticketId" | "projectId">;

/** Refuses a site, ticket or project that is not the client's, naming the field. */
async function checkTargets(
  db: DbExecutor,
  companyId: string,
  targets: Targets,
): Promise<Outcome<null>> {
  const checks = [
    { id: targets.websiteId, table: websites, field: "websiteId", what: "site" },
    { id: targets.ticketId, table: supportTickets, field: "ticketId", what: "ticket" },
    { id: targets.projectId, table: projects, field: "projectId", what: "project" },
  ] as const;
  for (const { id, table, field, what } of checks) {
    if (!id) continue;
    const [row] = await db
      .select({ companyId: table.companyId })
      .from(table)
      .where(eq(table.id, id));
    if (row?.companyId !== companyId) {
      return invalid(`Choose a ${what} of this client: that ${what} is not theirs`, field);
    }
  }
  return ok(null);
}

async function checkEntry(
  db: DbExecutor,
  companyId: string,
  fields: EntryFields,
  now: Date,
): Promise<Outcome<null>> {
  if (fields.workDate > agencyToday(now)) {
    return invalid("Date cannot be in the future", "workDate");
  }
  return checkTargets(db, companyId, fields);
}

/** Logs time for a client by hand. */
export async function logTime(
  tx: DbExecutor,
  companyId: string,
  userId: string,
  fields: EntryFields,
  now: Date,
): Promise<Outcome<TimeEntryRow>> {
  const checked = await checkEntry(tx, companyId, fields, now);
  if (!checked.ok) return checked;
  const [row] = await tx
    .insert(timeEntries)
    .values({ companyId, userId, ...fields, createdAt: now, updatedAt: now })
    .returning();
  return ok(row!);
}

/** The entry if `userId` may still change it; why not otherwise. */
async function ownEntry(
  tx: DbExecutor,
  id: string,
  userId: string,
  now: Date,
): Promise<Outcome<TimeEntryRow>> {
  const [entry] = await tx.select().from(timeEntries).where(eq(timeEntries.id, id)).for("update");
  if (!entry) return notFound("Time entry not found");
  if (entry.userId !== userId) {
    return conflict("Only the staff member who logged this time can change or delete it");
  }
  if (!entryEditable(entry, userId, now)) {
    return conflict(
      `This entry was logged over ${ENTRY_EDIT_DAYS} days ago and can no longer be changed or deleted`,
    );
  }
  return ok(entry);
}

export async function changeTime(
  tx: DbExecutor,
  id: string,
  userId: string,
  fields: EntryFields,
  now: Date,
): Promise<Outcome<{ before: TimeEntryRow; after: TimeEntryRow }>> {
  const entry = await ownEntry(tx, id, userId, now);
  if (!entry.ok) return entry;
  const checked = await checkEntry(tx, entry.value.companyId, fields, now);
  if (!checked.ok) return checked;
  const [after] = await tx
    .update(timeEntries)
    .set({ ...fields, updatedAt: now })
    .where(eq(timeEntries.id, id))
    .returning();
  return ok({ before: entry.value, after: after! });
}

export async function deleteTime(
  tx: DbExecutor,
  id: string,
  userId: string,
  now: Date,
): Promise<Outcome<TimeEntryRow>> {
  const entry = await ownEntry(tx, id, userId, now);
  if (!entry.ok) return entry;
  await tx.delete(timeEntries).where(eq(timeEntries.id, id));
  return entry;
}

/** The staff member's running timer, with its client's name. */
export async function timerOf(db: DbExecutor, userId: string) {
  const [row] = await db
    .select({ timer: timeTimers, companyName: companies.name })
    .from(timeTimers)
    .innerJoin(companies, eq(companies.id, timeTimers.companyId))
    .where(eq(timeTimers.userId, userId));
  return row ? { ...row.timer, companyName: row.companyName } : undefined;
}

/** Starts a timer; a staff member runs one at a time (the table's key keeps it so). */
export async function startTimer(
  tx: DbExecutor,
  companyId: string,
  userId: string,
  fields: TimerFields,
  now: Date,
): Promise<Outcome<TimeTimerRow>> {
  const checked = await checkTargets(tx, companyId, fields);
  if (!checked.ok) return checked;
  const [row] = await tx
    .insert(timeTimers)
    .values({ userId, companyId, ...fields, note: fields.note ?? "", startedAt: now })
    .onConflictDoNothing()
    .returning();
  if (!row) {
    return conflict("Your timer is already running: stop it before you start another");
  }
  return ok(row);
}

/** Minutes a timer ran, rounded up to the minute begun. */
export const timerMinutes = (startedAt: Date, now: Date) =>
  Math.max(1, Math.ceil((now.getTime() - startedAt.getTime()) / 60_000));

/**
 * Stops the timer into an entry dated the day it started (agency time). A timer left over 24
 * hours is refused: the time is entered by hand, and the timer discarded.
 */
export async function stopTimer(
  tx: DbExecutor,
  userId: string,
  note: string | undefined,
  now: Date,
): Promise<Outcome<{ timer: TimeTimerRow; entry: TimeEntryRow }>> {
  const [timer] = await tx.delete(timeTimers).where(eq(timeTimers.userId, userId)).returning();
  if (!timer) return conflict("Your timer is not running");
  const minutes = timerMinutes(timer.startedAt, now);
  if (minutes > MAX_ENTRY_MINUTES) {
    return conflict(
      "The timer ran over 24 hours: discard it and log the time you really spent as an entry",
    );
  }
  const text = note ?? timer.note;
  if (text.trim().length < 2) {
    return invalid("Write a note of at least 2 characters: what was done", "note");
  }
  const [entry] = await tx
    .insert(timeEntries)
    .values({
      companyId: timer.companyId,
      userId,
      websiteId: timer.websiteId,
      ticketId: timer.ticketId,
      projectId: timer.projectId,
      workDate: agencyToday(timer.startedAt),
      minutes,
      note: text.trim(),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return ok({ timer, entry: entry! });
}

export async function discardTimer(tx: DbExecutor, userId: string): Promise<Outcome<TimeTimerRow>> {
  const [timer] = await tx.delete(timeTimers).where(eq(timeTimers.userId, userId)).returning();
  return timer ? ok(timer) : conflict("Your timer is not running");
}

/** Sets a plan's own included hours and rate (null: the catalogue's default). */
export async function setPlanHours(
  tx: DbExecutor,
  planId: string,
  input: { includedHours: number | null; overageRateCents: number | null },
) {
  const [before] = await tx.select().from(recurringPlans).where(eq(recurringPlans.id, planId));
  if (!before) return undefined;
  const [after] = await tx
    .update(recurringPlans)
    .set({
      includedMinutes: input.includedHours === null ? null : input.includedHours * 60,
      overageRateCents: input.overageRateCents,
    })
    .where(eq(recurringPlans.id, planId))
    .returning();
  return { before, after: after! };
}
