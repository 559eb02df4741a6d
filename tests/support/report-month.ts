import { addPlan } from "../../src/server/billing/billing";
import type { Db } from "../../src/server/db/client";
import * as schema from "../../src/server/db/schema";
import { agencyMonth } from "../../src/server/hours/reading";
import { addMonthsTo, monthDays } from "../../src/shared/work-time";
import { companyOf, signInAs, type TestApp } from "./app";

/*
 * One client's seeded care month, for the report's tests: a Basic Care plan since the month
 * before, one site with its checks, an outage, two missed heartbeats, page views, goals and
 * real-user speed in both months, a domain expiring soon, two tickets, logged hours, a project's
 * milestone and update, and two invoices, one paid.
 */

const DAY_MS = 86_400_000;

/** Real-user speed of one visit: its day, device class and metrics. */
const visit = (
  websiteId: string,
  day: string,
  device: "mobile" | "desktop",
  metrics: { lcp: number; inp: number; cls: number; fcp: number; ttfb: number },
) => ({
  websiteId,
  occurredAt: new Date(`${day}T18:00:00Z`),
  day,
  path: "/",
  device,
  ...metrics,
});

/** Seeds the month (an ended month of the agency's calendar) and the one before for a company. */
export async function seedReportMonth(db: Db, companyId: string, month: string, now: Date) {
  const before = addMonthsTo(month, -1);
  /** Mid-afternoon of a day of the month, in UTC: the same day in the agency's time zone. */
  const at = (day: number, inMonth = month) =>
    new Date(`${inMonth}-${String(day).padStart(2, "0")}T20:00:00Z`);
  await addPlan(db, companyId, {
    name: "Basic Care",
    amountCents: 40_000,
    billingDay: 1,
    startsOn: `${before}-01`,
  });
  const [site] = await db
    .insert(schema.websites)
    .values({ companyId, domain: "rivera.example", plan: "Business", status: "active" })
    .returning();
  const siteId = site!.id;
  const { last } = monthDays(month);
  const days = Number(last.slice(8));
  // Every day checked 1,440 times; day 3 had 30 failures; day 5 had maintenance.
  await db.insert(schema.monitorRollups).values(
    Array.from({ length: days }, (_, i) => ({
      websiteId: siteId,
      granularity: "day" as const,
      periodStart: new Date(`${month}-${String(i + 1).padStart(2, "0")}T00:00:00Z`),
      checks: 1440,
      up: i === 2 ? 1410 : 1440,
      responseMsSum: (i === 2 ? 1410 : 1440) * (200 + i * 10),
      maintenance: i === 4 ? 60 : 0,
    })),
  );
  await db.insert(schema.monitorIncidents).values([
    {
      websiteId: siteId,
      cause: "http",
      detail: "HTTP 503",
      startedAt: new Date(`${month}-03T10:00:00Z`),
      endedAt: new Date(`${month}-03T10:30:00Z`),
    },
    // Last month's: not this month's.
    {
      websiteId: siteId,
      cause: "timeout",
      startedAt: at(10, before),
      endedAt: new Date(at(10, before).getTime() + 60_000),
    },
  ]);
  const [job] = await db
    .insert(schema.heartbeats)
    .values({
      websiteId: siteId,
      name: "Nightly backup",
      periodSeconds: 86_400,
      graceSeconds: 3_600,
      tokenHash: "a".repeat(64),
      nextDueAt: now,
    })
    .returning();
  await db.insert(schema.monitorIncidents).values([
    {
      websiteId: siteId,
      heartbeatId: job!.id,
      cause: "heartbeat",
      startedAt: at(7),
      endedAt: at(8),
    },
    {
      websiteId: siteId,
      heartbeatId: job!.id,
      cause: "heartbeat",
      startedAt: at(9),
      endedAt: at(10),
    },
    // Last month's miss: not this month's.
    {
      websiteId: siteId,
      heartbeatId: job!.id,
      cause: "heartbeat",
      startedAt: at(9, before),
      endedAt: at(10, before),
    },
  ]);
  const view = (day: Date, hash: string, path: string, referrerHost: string | null) => ({
    websiteId: siteId,
    occurredAt: day,
    day: day.toISOString().slice(0, 10),
    visitorHash: hash.padEnd(32, "0"),
    path,
    referrerHost,
    device: "desktop" as const,
  });
  await db
    .insert(schema.pageViews)
    .values([
      view(at(2), "a", "/", "www.google.com"),
      view(at(2), "a", "/menu", "www.google.com"),
      view(at(4), "b", "/", null),
      view(at(4, before), "c", "/", null),
    ]);
  // The certificate as the monitor last saw it: it expires 10 days after the month.
  await db.insert(schema.siteMonitors).values({
    websiteId: siteId,
    status: "up",
    nextCheckAt: new Date(Date.parse(`${last}T00:00:00Z`) + 365 * DAY_MS),
    certExpiresAt: new Date(Date.parse(`${last}T00:00:00Z`) + 10 * DAY_MS),
  });
  await db.insert(schema.domains).values({
    companyId,
    domain: "rivera.example",
    autoRenew: false,
    expiresAt: new Date(Date.parse(`${last}T00:00:00Z`) + 20 * DAY_MS),
  });
  const [member] = await db.select().from(schema.users).limit(1);
  await db.insert(schema.supportTickets).values([
    {
      companyId,
      userId: member!.id,
      subject: "Menu typo",
      status: "resolved",
      priority: "normal",
      createdAt: at(6),
      updatedAt: at(8),
      firstResponseDueAt: new Date(at(6).getTime() + 8 * 3_600_000),
      firstRespondedAt: new Date(at(6).getTime() + 90 * 60_000),
    },
    {
      companyId,
      userId: member!.id,
      subject: "Hours banner",
      status: "open",
      priority: "normal",
      createdAt: at(20),
      updatedAt: at(20),
      firstResponseDueAt: new Date(at(20).getTime() + 3_600_000),
      firstRespondedAt: new Date(at(20).getTime() + 120 * 60_000),
    },
  ]);
  await db.insert(schema.timeEntries).values([
    { companyId, workDate: `${month}-06`, minutes: 45, note: "Fixed the menu typo" },
    { companyId, workDate: `${month}-15`, minutes: 90, note: "Plugin updates" },
    { companyId, workDate: `${before}-15`, minutes: 30, note: "Last month" },
  ]);
  const [project] = await db
    .insert(schema.projects)
    .values({ companyId, name: "Online ordering" })
    .returning();
  const projectId = project!.id;
  await db.insert(schema.projectMilestones).values([
    { projectId, position: 1, name: "Design", status: "done", updatedAt: at(12) },
    { projectId, position: 2, name: "Build", status: "in-progress", updatedAt: at(13) },
  ]);
  await db.insert(schema.projectUpdates).values([
    { projectId, body: "The designs are ready", createdAt: at(12) },
    { projectId, body: "Kick-off", createdAt: at(5, before) },
  ]);
  const invoice = (number: string, status: string, totalCents: number, paidCents: number) => ({
    companyId,
    number,
    status,
    source: "manual",
    lines: [],
    subtotalCents: totalCents,
    taxCents: 0,
    totalCents,
    paidCents,
    issueDate: `${month}-02`,
    dueDate: `${month}-16`,
  });
  const [paid] = await db
    .insert(schema.invoices)
    .values([invoice("2026-9001", "paid", 40_000, 40_000), invoice("2026-9002", "open", 12_500, 0)])
    .returning();
  await db.insert(schema.payments).values({
    invoiceId: paid!.id,
    companyId,
    amountCents: 40_000,
    method: "bank-transfer",
    paidOn: `${month}-05`,
  });

  // Goals: this month one of the two visitors ordered; the month before its one visitor ordered
  // and signed up for the newsletter.
  const goal = (day: Date, hash: string, name: string) => ({
    websiteId: siteId,
    occurredAt: day,
    day: day.toISOString().slice(0, 10),
    visitorHash: hash.padEnd(32, "0"),
    name,
    path: "/order",
  });
  await db
    .insert(schema.goalEvents)
    .values([
      goal(at(2), "a", "Order placed"),
      goal(at(2), "a", "Order placed"),
      goal(at(4, before), "c", "Order placed"),
      goal(at(4, before), "c", "Newsletter"),
    ]);
  // Real-user speed: desktops this month, 8 of 10 visits with a good LCP; the month before, 5
  // of 10; phones only this month.
  const fast = { lcp: 1800, inp: 120, cls: 0.02, fcp: 900, ttfb: 300 };
  const slow = { lcp: 3200, inp: 260, cls: 0.15, fcp: 2000, ttfb: 900 };
  await db
    .insert(schema.webVitals)
    .values([
      ...Array.from({ length: 10 }, (_, i) =>
        visit(siteId, `${month}-0${(i % 9) + 1}`, "desktop", i < 8 ? fast : slow),
      ),
      ...Array.from({ length: 10 }, (_, i) =>
        visit(siteId, `${before}-1${i}`, "desktop", i < 5 ? fast : slow),
      ),
      ...Array.from({ length: 4 }, (_, i) =>
        visit(siteId, `${month}-1${i}`, "mobile", i < 3 ? slow : fast),
      ),
    ]);
  return { siteId, projectId };
}

/** The owner of the client whose month the report tests seed. */
export const reportOwnerEmail = "owner@rivera.example";

/**
 * The report tests' opening: the last month of the agency's calendar to have ended as of `now`
 * (and the one before it), the client's owner signed in (their session cookie), and that month
 * seeded for their company.
 */
export async function openSeededReportMonth(t: TestApp, now: Date) {
  const month = addMonthsTo(agencyMonth(now), -1);
  const owner = await signInAs(t, reportOwnerEmail);
  const companyId = await companyOf(t, reportOwnerEmail);
  const seeded = await seedReportMonth(t.database.db, companyId, month, now);
  return { month, before: addMonthsTo(month, -1), owner, companyId, ...seeded };
}
