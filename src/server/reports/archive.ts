import { and, asc, eq, gte, inArray } from "drizzle-orm";
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

/** One report made: milliseconds reading its figures, and in all (with its PDF and email). */
export type ReportTimes = { companyId: string; month: string; readMs: number; ms: number };

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

/**
 * Care clients a pass takes at a time: their plans and archived months are read in two queries,
 * then their reports are made REPORTS_AT_ONCE at a time, each claimed in a transaction of its own.
 */
export const REPORT_BATCH = 25;
/** Reports in the making at once: one reads the database while another draws its PDF. */
const REPORTS_AT_ONCE = 2;

type Owed = { companyId: string; month: string };

/**
 * The reports some clients are owed at `now`, oldest month first: the ended months back to
 * CATCH_UP_MONTHS, never before the client's care plan started, less those archived already.
 */
async function reportsOwed(db: Db, companyIds: string[], now: Date): Promise<Owed[]> {
  const lastEnded = addMonthsTo(agencyMonth(now), -1);
  const earliest = addMonthsTo(lastEnded, -(CATCH_UP_MONTHS - 1));
  const [plans, made] = await Promise.all([
    db
      .select({
        companyId: recurringPlans.companyId,
        name: recurringPlans.name,
        startsOn: recurringPlans.startsOn,
      })
      .from(recurringPlans)
      .where(
        and(inArray(recurringPlans.companyId, companyIds), eq(recurringPlans.status, "active")),
      ),
    db
      .select({ companyId: monthlyReports.companyId, month: monthlyReports.month })
      .from(monthlyReports)
      .where(
        and(inArray(monthlyReports.companyId, companyIds), gte(monthlyReports.month, earliest)),
      ),
  ]);
  const done = new Set(made.map((row) => `${row.companyId} ${row.month}`));
  const owed: Owed[] = [];
  for (const companyId of companyIds) {
    const starts = plans
      .filter((plan) => plan.companyId === companyId && isCarePlan(plan.name))
      .map((plan) => monthOfDay(plan.startsOn))
      .sort();
    const from = [starts[0] ?? lastEnded, earliest].sort().at(-1)!;
    for (let month = from; month <= lastEnded; month = addMonthsTo(month, 1)) {
      if (!done.has(`${companyId} ${month}`)) owed.push({ companyId, month });
    }
  }
  return owed;
}

type RunOptions = {
  db: Db;
  settings: ReportSettings;
  now: Date;
  checkIntervalSeconds?: number;
  log?: Log;
  signal?: AbortSignal;
  /** Told of each report made: how long reading its figures took, and all of it (benchmarks). */
  onReport?: ((made: ReportTimes) => void) | undefined;
};

/**
 * Makes one client's report of one month and claims it: the insert of its row (primary key
 * company and month) and its email are one transaction, so another instance's claim of the same
 * report inserts nothing and queues nothing.
 */
async function makeReport(options: RunOptions, { companyId, month }: Owed, run: ReportRun) {
  const { db, now, settings } = options;
  const started = performance.now();
  try {
    const report = await monthlyReport(db, companyId, month, {
      now,
      ...(options.checkIntervalSeconds
        ? { checkIntervalSeconds: options.checkIntervalSeconds }
        : {}),
    });
    if (!report.ok) return;
    const read = performance.now();
    const claimed = await db.transaction(async (tx) => {
      const email = await emailsReports(tx, companyId);
      const [claimed] = await tx
        .insert(monthlyReports)
        .values({ companyId, month, data: report.value, createdAt: now })
        .onConflictDoNothing()
        .returning();
      if (!claimed) return false;
      if (email && (await queueReportEmail(tx, report.value, null, settings))) {
        await tx
          .update(monthlyReports)
          .set({ emailedAt: now })
          .where(and(eq(monthlyReports.companyId, companyId), eq(monthlyReports.month, month)));
        return "emailed";
      }
      return true;
    });
    if (!claimed) return;
    run.made++;
    if (claimed === "emailed") run.emailed++;
    options.onReport?.({
      companyId,
      month,
      readMs: read - started,
      ms: performance.now() - started,
    });
  } catch (error) {
    run.errors++;
    options.log?.error(
      { err: error, companyId, month },
      "reports: making the month's report failed",
    );
  }
}

/**
 * One pass: makes (and emails) each report owed, once across instances, in batches of
 * REPORT_BATCH clients. Between two reports the event loop turns, so the process's other
 * scheduled work (the monitor's checks, the outbox) runs meanwhile; a stop is heeded between
 * reports. Instances that start a pass together begin at different batches, so each mostly
 * makes reports the other has not (a report both make is archived and sent once all the same).
 */
export async function runReportsOnce(options: RunOptions): Promise<ReportRun> {
  const { db, now, signal } = options;
  const run: ReportRun = { made: 0, emailed: 0, errors: 0 };
  const clients = (await careClients(db)).sort();
  const first = REPORT_BATCH * Math.floor(Math.random() * Math.ceil(clients.length / REPORT_BATCH));
  const order = [...clients.slice(first), ...clients.slice(0, first)];
  for (let at = 0; at < order.length && !signal?.aborted; at += REPORT_BATCH) {
    const queue = await reportsOwed(db, order.slice(at, at + REPORT_BATCH), now);
    const makers = Array.from({ length: Math.min(REPORTS_AT_ONCE, queue.length) }, async () => {
      for (let owed = queue.shift(); owed && !signal?.aborted; owed = queue.shift()) {
        await makeReport(options, owed, run);
        await new Promise((resolve) => setImmediate(resolve));
      }
    });
    await Promise.all(makers);
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
  onReport?: ((made: ReportTimes) => void) | undefined;
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
