import { and, eq, inArray } from "drizzle-orm";
import { brand } from "@content/site";
import { firstResponse } from "@shared/first-response";
import type { MonthlyReport } from "@shared/schemas/reports";
import { addMonthsTo, dayInZone, monthDays, monthOfDay } from "@shared/work-time";
import type { Db } from "../db/client";
import { companies, projectMilestones, recurringPlans, supportTickets } from "../db/schema";
import { conflict, invalid, notFound, ok, type Outcome } from "../domain-failure";
import { listPayments, listInvoices } from "../billing/invoice-reading";
import { listDomains } from "../domains/domains";
import { agencyMonth, hoursOfMonth } from "../hours/reading";
import { findProject, listProjects } from "../projects/project-reading";
import { isCataloguePlan, serviceLevels } from "../tickets/response-targets";
import { listWebsites } from "../websites/websites";
import { percentile, siteSection } from "./site-section";

/*
 * The monthly care report of one client and one month of the agency's calendar. Each section is
 * read with the function the portal shows it with, for the same window: a site's month is its
 * page's "YYYY-MM" range (site-section.ts), the hours are hoursOfMonth,
 * tickets, updates, invoices and payments are the portal's lists, kept to the month's days in the
 * agency's time zone.
 */

const DAY_MS = 86_400_000;
/** Certificates and domains expiring within this many days of the month's end are listed. */
export const EXPIRY_DAYS = 60;

export const reportMessages = {
  month: "Month must be a month that has ended, as YYYY-MM",
  noPlan: "This client has no active hosting or maintenance plan: there is no report to make",
  notFound: "No such client",
};

/** Whether an active monthly plan is a hosting or maintenance plan (the report's clients). */
export const isCarePlan = (name: string) =>
  isCataloguePlan(name, "hosting") || isCataloguePlan(name, "maintenance");

/** The companies with an active hosting or maintenance plan. */
export async function careClients(db: Db, companyIds?: string[]): Promise<string[]> {
  const rows = await db
    .select({ companyId: recurringPlans.companyId, name: recurringPlans.name })
    .from(recurringPlans)
    .where(
      and(
        eq(recurringPlans.status, "active"),
        companyIds ? inArray(recurringPlans.companyId, companyIds) : undefined,
      ),
    );
  return [...new Set(rows.filter((row) => isCarePlan(row.name)).map((row) => row.companyId))];
}

const inMonth = (instant: string | Date, month: string) =>
  monthOfDay(dayInZone(new Date(instant), brand.timeZone)) === month;

/** Refuses a month that is not YYYY-MM or has not ended yet (the agency's calendar). */
export function endedMonth(month: string, now: Date): Outcome<string> {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month) || month >= agencyMonth(now)) {
    return invalid(reportMessages.month, "month");
  }
  return ok(month);
}

/**
 * The report of a client's month, or why there is none: the month has not ended, or the client
 * has no active hosting or maintenance plan.
 */
export async function monthlyReport(
  db: Db,
  companyId: string,
  month: string,
  options: { now?: Date; checkIntervalSeconds?: number } = {},
): Promise<Outcome<MonthlyReport>> {
  const now = options.now ?? new Date();
  const ended = endedMonth(month, now);
  if (!ended.ok) return ended;
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId));
  if (!company) return notFound(reportMessages.notFound);
  if ((await careClients(db, [companyId])).length === 0) {
    return conflict(reportMessages.noPlan);
  }
  const { last } = monthDays(month);
  const monthEnd = new Date(Date.parse(`${last}T00:00:00Z`) + DAY_MS);
  const checkIntervalSeconds = options.checkIntervalSeconds ?? 60;

  const [websites, domains, ticketRows, hours, projects, invoices, payments, levels] =
    await Promise.all([
      listWebsites(db, companyId),
      listDomains(db, companyId, monthEnd),
      db.select().from(supportTickets).where(eq(supportTickets.companyId, companyId)),
      hoursOfMonth(db, companyId, month, { id: null, now }),
      listProjects(db, { companyId }),
      listInvoices(db, { companyId, withDrafts: false }, now),
      listPayments(db, companyId),
      serviceLevels(db, [companyId]),
    ]);
  // One site at a time: each reads two months of roll-ups and page views.
  const read = [];
  for (const site of websites) {
    read.push(await siteSection(db, companyId, site, month, now, checkIntervalSeconds));
  }
  const sites = read.map((each) => each.section);

  const horizon = monthEnd.getTime() + EXPIRY_DAYS * DAY_MS;
  const soon = (at: string | null) =>
    at !== null && Date.parse(at) >= monthEnd.getTime() && Date.parse(at) <= horizon;
  const expiring: MonthlyReport["expiring"] = [];
  for (const [index, site] of websites.entries()) {
    const certificate = read[index]!.certificateExpiresAt;
    if (certificate && soon(certificate)) {
      expiring.push({
        kind: "certificate",
        name: site.domain,
        expiresAt: certificate,
        autoRenew: null,
      });
    }
  }
  for (const domain of domains) {
    if (domain.expiresAt && soon(domain.expiresAt)) {
      expiring.push({
        kind: "domain",
        name: domain.domain,
        expiresAt: domain.expiresAt,
        autoRenew: domain.autoRenew,
      });
    }
  }
  expiring.sort((a, b) => a.expiresAt.localeCompare(b.expiresAt));

  const opened = ticketRows.filter((ticket) => inMonth(ticket.createdAt, month));
  const answers = opened
    .map((ticket) => firstResponse(ticket, now))
    .filter((answer) => answer.state === "answered");
  const tickets: MonthlyReport["tickets"] = {
    opened: opened.length,
    resolved: ticketRows.filter(
      (ticket) =>
        ["resolved", "closed"].includes(ticket.status) && inMonth(ticket.updatedAt, month),
    ).length,
    answered: answers.length,
    answeredOnTime: answers.filter((answer) => answer.onTime === true).length,
    medianFirstResponseMinutes: percentile(
      answers.map((answer) => answer.minutes!),
      50,
    ),
    targetHours: levels.get(companyId)?.hours ?? null,
  };

  const details = await Promise.all(projects.map((project) => findProject(db, project.id)));
  const done =
    projects.length === 0
      ? []
      : await db
          .select({ id: projectMilestones.id, updatedAt: projectMilestones.updatedAt })
          .from(projectMilestones)
          .where(
            and(
              inArray(
                projectMilestones.projectId,
                projects.map((project) => project.id),
              ),
              eq(projectMilestones.status, "done"),
            ),
          );
  const reachedIds = new Set(
    done.filter((step) => inMonth(step.updatedAt, month)).map((step) => step.id),
  );
  const work: MonthlyReport["work"] = { milestonesReached: [], updatesPosted: [] };
  for (const project of details) {
    if (!project) continue;
    for (const step of project.milestones) {
      if (reachedIds.has(step.id)) {
        work.milestonesReached.push({ project: project.name, name: step.name });
      }
    }
    for (const update of project.updates) {
      if (inMonth(update.createdAt, month)) {
        work.updatesPosted.push({
          project: project.name,
          body: update.body,
          createdAt: update.createdAt,
        });
      }
    }
  }

  const issued = invoices.filter(
    (invoice) => invoice.issueDate !== null && monthOfDay(invoice.issueDate) === month,
  );
  // Open at the report's time and issued by the month's end: a later invoice is not this month's.
  const open = invoices.filter(
    (invoice) =>
      invoice.status === "open" &&
      invoice.issueDate !== null &&
      monthOfDay(invoice.issueDate) <= month,
  );
  const report: MonthlyReport = {
    companyId,
    companyName: company.name,
    month,
    monthBefore: addMonthsTo(month, -1),
    generatedAt: now.toISOString(),
    sites,
    expiring,
    tickets,
    hours: {
      usedMinutes: hours.usedMinutes,
      plan: hours.plan,
      entries: hours.entries.map(({ workDate, minutes, note }) => ({ workDate, minutes, note })),
    },
    work,
    invoices: {
      issued: issued.map(({ number, totalCents, status }) => ({ number, totalCents, status })),
      issuedCents: issued.reduce((sum, invoice) => sum + invoice.totalCents, 0),
      paidCents: payments
        .filter(
          (payment) =>
            payment.kind === "payment" &&
            payment.status === "succeeded" &&
            monthOfDay(payment.paidOn) === month,
        )
        .reduce((sum, payment) => sum + payment.amountCents, 0),
      openCount: open.length,
      openCents: open.reduce((sum, invoice) => sum + invoice.balanceCents, 0),
    },
  };
  return ok(report);
}
