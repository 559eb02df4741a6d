import { and, asc, eq, inArray } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { dashboardPath } from "@shared/deep-links";
import {
  formatCount,
  formatMonth,
  formatNumber,
  formatPercent,
  formatWorkTime,
  personName,
} from "@shared/format";
import type { MonthlyReport } from "@shared/schemas/reports";
import { addMonthsTo, monthOfDay } from "@shared/work-time";
import type { Db, DbExecutor } from "../db/client";
import {
  companyMembers,
  monthlyReports,
  recurringPlans,
  reportSettings,
  users,
} from "../db/schema";
import { enqueueEmails } from "../mail/outbox";
import { monthlyReportEmail, type ReportSummary } from "../mail/templates/reports";
import { createPeriodicWorker } from "../scheduling/periodic";
import { agencyMonth } from "../hours/reading";
import { careClients, isCarePlan, monthlyReport } from "./monthly";
import { reportFileName, reportPdf } from "./pdf";

/*
 * The archive of monthly reports. On the first of each month (the agency's time zone) every
 * client with an active hosting or maintenance plan gets its report on the month before, once
 * across instances: the row's primary key (company, month) is claimed in the transaction that
 * queues its email, so a second instance's insert does nothing and queues nothing. A pass also
 * makes the months missed while no instance ran, back to CATCH_UP_MONTHS, never before the
 * client's care plan started.
 */

/** How many ended months a pass looks back over (after downtime). */
export const CATCH_UP_MONTHS = 3;

type Log = Pick<FastifyBaseLogger, "info" | "error">;

export type ReportSettings = { agencyInbox: string; publicUrl: string };

export type ReportRun = { made: number; emailed: number; errors: number };

/** The email's few words on the report. */
export function reportSummary(report: MonthlyReport, note: string | null): ReportSummary {
  const measured = report.sites.filter((site) => site.uptimePercent !== null);
  const lowest = measured.length ? Math.min(...measured.map((site) => site.uptimePercent!)) : null;
  const included = report.hours.plan?.includedMinutes;
  const goals = report.sites.flatMap((site) => site.goals);
  const conversions = (when: "value" | "before") =>
    goals.reduce((sum, goal) => sum + goal.visitors[when], 0);
  return {
    month: formatMonth(report.month),
    uptime:
      lowest === null
        ? "no sites were checked"
        : `${formatPercent(lowest)} uptime or better across ${formatCount(measured.length, "site", "sites")}`,
    hours:
      included === undefined
        ? `${formatWorkTime(report.hours.usedMinutes)} of care work`
        : `${formatWorkTime(report.hours.usedMinutes)} of ${formatWorkTime(included)} included`,
    tickets: `${formatCount(report.tickets.opened, "ticket", "tickets")} opened, ${report.tickets.resolved} resolved`,
    goals:
      goals.length === 0
        ? null
        : `${formatCount(conversions("value"), "goal conversion", "goal conversions")} (${formatNumber(conversions("before"))} in ${formatMonth(report.monthBefore)})`,
    note,
  };
}

/** Whether the company's owners get the report by email (no choice made: yes). */
export async function emailsReports(db: DbExecutor, companyId: string): Promise<boolean> {
  const [row] = await db
    .select({ on: reportSettings.emailReports })
    .from(reportSettings)
    .where(eq(reportSettings.companyId, companyId));
  return row?.on ?? true;
}

/** Queues a report's email to the company's owners, its PDF attached; false: nobody to send to. */
export async function queueReportEmail(
  tx: DbExecutor,
  report: MonthlyReport,
  note: string | null,
  settings: ReportSettings,
): Promise<boolean> {
  const owners = await tx
    .select({ user: users })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(and(eq(companyMembers.companyId, report.companyId), eq(companyMembers.role, "owner")))
    .orderBy(asc(users.email));
  if (owners.length === 0) return false;
  const pdf = {
    filename: reportFileName(report),
    contentType: "application/pdf",
    contentBase64: (await reportPdf(report, note)).toString("base64"),
  };
  const link = `${settings.publicUrl}${dashboardPath({ tab: "reports" })}`;
  const summary = reportSummary(report, note);
  await enqueueEmails(
    tx,
    owners.map(({ user }) =>
      monthlyReportEmail(
        { name: personName(user), email: user.email },
        summary,
        link,
        pdf,
        settings,
      ),
    ),
  );
  return true;
}

/** The ended months a client's report is owed for at `now`, oldest first. */
async function monthsOwed(db: Db, companyId: string, now: Date): Promise<string[]> {
  const lastEnded = addMonthsTo(agencyMonth(now), -1);
  const plans = await db
    .select({ name: recurringPlans.name, startsOn: recurringPlans.startsOn })
    .from(recurringPlans)
    .where(and(eq(recurringPlans.companyId, companyId), eq(recurringPlans.status, "active")));
  const starts = plans.filter((plan) => isCarePlan(plan.name)).map((p) => monthOfDay(p.startsOn));
  const from = [starts.sort()[0] ?? lastEnded, addMonthsTo(lastEnded, -(CATCH_UP_MONTHS - 1))]
    .sort()
    .at(-1)!;
  const months: string[] = [];
  for (let month = from; month <= lastEnded; month = addMonthsTo(month, 1)) months.push(month);
  return months;
}

/** One pass: makes (and emails) each report owed, once across instances. */
export async function runReportsOnce(options: {
  db: Db;
  settings: ReportSettings;
  now: Date;
  checkIntervalSeconds?: number;
  log?: Log;
  signal?: AbortSignal;
}): Promise<ReportRun> {
  const { db, settings, now, log, signal } = options;
  const run: ReportRun = { made: 0, emailed: 0, errors: 0 };
  for (const companyId of (await careClients(db)).sort()) {
    if (signal?.aborted) break;
    const months = await monthsOwed(db, companyId, now);
    if (months.length === 0) continue;
    const made = await db
      .select({ month: monthlyReports.month })
      .from(monthlyReports)
      .where(and(eq(monthlyReports.companyId, companyId), inArray(monthlyReports.month, months)));
    const done = new Set(made.map((row) => row.month));
    for (const month of months.filter((each) => !done.has(each))) {
      if (signal?.aborted) break;
      try {
        const report = await monthlyReport(db, companyId, month, {
          now,
          ...(options.checkIntervalSeconds
            ? { checkIntervalSeconds: options.checkIntervalSeconds }
            : {}),
        });
        if (!report.ok) continue;
        await db.transaction(async (tx) => {
          const email = await emailsReports(tx, companyId);
          const [claimed] = await tx
            .insert(monthlyReports)
            .values({ companyId, month, data: report.value, createdAt: now })
            .onConflictDoNothing()
            .returning();
          if (!claimed) return;
          run.made++;
          if (email && (await queueReportEmail(tx, report.value, null, settings))) {
            await tx
              .update(monthlyReports)
              .set({ emailedAt: now })
              .where(and(eq(monthlyReports.companyId, companyId), eq(monthlyReports.month, month)));
            run.emailed++;
          }
        });
      } catch (error) {
        run.errors++;
        log?.error({ err: error, companyId, month }, "reports: making the month's report failed");
      }
    }
  }
  return run;
}

/** Makes the reports owed at start (catching up) and every interval, in this process. */
export type ReportsWorkerOptions = {
  db: Db;
  settings: ReportSettings;
  log: Log;
  intervalMs: number;
  checkIntervalSeconds?: number;
  /** The clock (tests move it). */
  now?: (() => Date) | undefined;
};

/** Makes the reports owed at start (catching up) and every interval, in this process. */
export function createReportsWorker(options: ReportsWorkerOptions) {
  const now = options.now ?? (() => new Date());
  return createPeriodicWorker({
    name: "monthly reports",
    log: options.log,
    everyMs: options.intervalMs,
    async pass(signal) {
      const run = await runReportsOnce({ ...options, now: now(), signal });
      if (run.made > 0) options.log.info(run, "monthly reports");
      return run;
    },
  });
}

export type ReportsWorker = ReturnType<typeof createReportsWorker>;
