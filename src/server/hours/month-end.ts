import { and, asc, eq, inArray } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { formatMoney, formatMonth, formatWorkTime } from "@shared/format";
import { addMonthsTo, monthDays, monthOfDay } from "@shared/work-time";
import type { Db } from "../db/client";
import { hoursMonthEnds, recurringPlans } from "../db/schema";
import { createInvoice } from "../billing/invoice-issuing";
import type { BillingSettings } from "../billing/settings";
import { createPeriodicWorker } from "../scheduling/periodic";
import { agencyMonth, maintenancePlans, minutesBetween } from "./reading";

/*
 * The month's end: for each client with an active maintenance plan, the hours logged beyond the
 * included ones in a month that has ended (the agency's time zone) become a DRAFT invoice at the
 * plan's hourly rate. Nothing is issued, charged or emailed: a staff member approves the draft
 * (issues it) or deletes it. Each client's month is closed once across instances (a key inserted
 * in the drafting transaction), and months missed while no instance ran are closed on the next
 * pass, back to MAX_CATCH_UP_MONTHS.
 */

/** How far back a pass closes months (after a long downtime, or for a plan dated back). */
export const MAX_CATCH_UP_MONTHS = 12;

type Log = Pick<FastifyBaseLogger, "info" | "error">;

export type MonthEndRun = { monthsClosed: number; draftsMade: number; errors: number };

/** "Care hours beyond the plan, November 2026: 3 hr 15 min at $125.00 an hour". */
export const overageLine = (month: string, minutes: number, rateCents: number) =>
  `Care hours beyond the plan, ${formatMonth(month)}: ${formatWorkTime(minutes)} at ${formatMoney(rateCents)} an hour`;

/** Each hour's rate times the minutes, rounded to the cent. */
export const overageCents = (minutes: number, rateCents: number) =>
  Math.round((minutes * rateCents) / 60);

export async function runMonthEndOnce(options: {
  db: Db;
  settings: BillingSettings;
  now: Date;
  log?: Log;
  signal?: AbortSignal;
}): Promise<MonthEndRun> {
  const { db, settings, now, log, signal } = options;
  const run: MonthEndRun = { monthsClosed: 0, draftsMade: 0, errors: 0 };
  const lastEnded = addMonthsTo(agencyMonth(now), -1);
  const oldest = addMonthsTo(lastEnded, -(MAX_CATCH_UP_MONTHS - 1));
  const active = await db
    .selectDistinct({ companyId: recurringPlans.companyId })
    .from(recurringPlans)
    .where(eq(recurringPlans.status, "active"))
    .orderBy(asc(recurringPlans.companyId));
  const plans = await maintenancePlans(
    db,
    active.map((row) => row.companyId),
  );
  for (const [companyId, plan] of plans) {
    if (signal?.aborted) break;
    const [row] = await db
      .select({ startsOn: recurringPlans.startsOn })
      .from(recurringPlans)
      .where(eq(recurringPlans.id, plan.planId));
    const from = [monthOfDay(row?.startsOn ?? `${lastEnded}-01`), oldest].sort().at(-1)!;
    const months: string[] = [];
    for (let month = from; month <= lastEnded; month = addMonthsTo(month, 1)) months.push(month);
    if (months.length === 0) continue;
    const closed = await db
      .select({ month: hoursMonthEnds.month })
      .from(hoursMonthEnds)
      .where(and(eq(hoursMonthEnds.companyId, companyId), inArray(hoursMonthEnds.month, months)));
    const done = new Set(closed.map((each) => each.month));
    for (const month of months.filter((each) => !done.has(each))) {
      if (signal?.aborted) break;
      try {
        const drafted = await db.transaction(async (tx) => {
          const { first, last } = monthDays(month);
          const usedMinutes = await minutesBetween(tx, companyId, first, last);
          const [claimed] = await tx
            .insert(hoursMonthEnds)
            .values({
              companyId,
              month,
              usedMinutes,
              includedMinutes: plan.includedMinutes,
              closedAt: now,
            })
            .onConflictDoNothing()
            .returning();
          if (!claimed) return undefined;
          run.monthsClosed++;
          const beyond = usedMinutes - plan.includedMinutes;
          if (beyond <= 0) return false;
          const invoice = await createInvoice(
            tx,
            {
              companyId,
              source: "overage",
              periodStart: first,
              periodEnd: last,
              memo: `${formatWorkTime(usedMinutes)} logged in ${formatMonth(month)} against ${formatWorkTime(plan.includedMinutes)} included in ${plan.planName}.`,
              lines: [
                {
                  description: overageLine(month, beyond, plan.overageRateCents),
                  quantity: 1,
                  unitPriceCents: overageCents(beyond, plan.overageRateCents),
                },
              ],
            },
            { issue: false, settings, now },
          );
          if (!invoice) return false;
          await tx
            .update(hoursMonthEnds)
            .set({ invoiceId: invoice.id })
            .where(and(eq(hoursMonthEnds.companyId, companyId), eq(hoursMonthEnds.month, month)));
          return true;
        });
        if (drafted) run.draftsMade++;
      } catch (error) {
        run.errors++;
        log?.error({ err: error, companyId, month }, "hours: closing the month failed");
      }
    }
  }
  return run;
}

export type HoursWorkerOptions = {
  db: Db;
  settings: BillingSettings;
  log: Log;
  intervalMs: number;
  /** The clock (tests move it). */
  now?: (() => Date) | undefined;
};

/** Closes ended months at start (catching up) and every interval, in this process. */
export function createHoursWorker({
  db,
  settings,
  log,
  intervalMs,
  now = () => new Date(),
}: HoursWorkerOptions) {
  return createPeriodicWorker({
    name: "hours month end",
    log,
    everyMs: intervalMs,
    async pass(signal) {
      const run = await runMonthEndOnce({ db, settings, now: now(), log, signal });
      if (run.draftsMade > 0) log.info(run, "hours month end");
      return run;
    },
  });
}

export type HoursWorker = ReturnType<typeof createHoursWorker>;
