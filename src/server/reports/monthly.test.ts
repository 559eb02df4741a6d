import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { monthlyReportSchema, type MonthlyReport } from "@shared/schemas/reports";
import type { SiteHealth } from "@shared/schemas/site-health";
import type { InvoiceSummary, Payment } from "@shared/schemas/billing";
import type { Ticket } from "@shared/schemas/tickets";
import { addMonthsTo, monthDays } from "@shared/work-time";
import {
  callApi,
  companyOf,
  createTestApp,
  signInAs,
  type TestApp,
} from "../../../tests/support/app";
import { databaseKinds } from "../../../tests/support/database";
import * as schema from "../db/schema";
import { addPlan } from "../billing/billing";
import { agencyMonth, hoursOfMonth } from "../hours/reading";
import { monthlyReport, reportMessages } from "./monthly";

const DAY_MS = 86_400_000;

describe.each(databaseKinds)("the monthly care report on %s", (kind) => {
  let t: TestApp;
  let owner: string;
  let companyId: string;
  let siteId: string;
  let projectId: string;
  const now = new Date();
  const month = addMonthsTo(agencyMonth(now), -1);
  const before = addMonthsTo(month, -1);
  /** Mid-afternoon of a day of the month, in UTC: the same day in the agency's time zone. */
  const at = (day: number, inMonth = month) =>
    new Date(`${inMonth}-${String(day).padStart(2, "0")}T20:00:00Z`);
  let report: MonthlyReport;

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await signInAs(t, "owner@rivera.example");
    companyId = await companyOf(t, "owner@rivera.example");
    const db = t.database.db;
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
    siteId = site!.id;
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
    projectId = project!.id;
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
      .values([
        invoice("2026-9001", "paid", 40_000, 40_000),
        invoice("2026-9002", "open", 12_500, 0),
      ])
      .returning();
    await db.insert(schema.payments).values({
      invoiceId: paid!.id,
      companyId,
      amountCents: 40_000,
      method: "bank-transfer",
      paidOn: `${month}-05`,
    });

    const made = await monthlyReport(db, companyId, month, { now });
    if (!made.ok) throw new Error(made.message);
    report = monthlyReportSchema.parse(made.value);
  });
  afterAll(() => t.close());

  it("equals what the portal shows for the same month", async () => {
    const health = (
      await callApi(t, owner, "GET", `/api/websites/${siteId}/health?range=${month}`)
    ).json() as SiteHealth;
    const earlier = (
      await callApi(t, owner, "GET", `/api/websites/${siteId}/health?range=${before}`)
    ).json() as SiteHealth;
    const [site] = report.sites;
    expect(site!.uptimePercent).toBe(health.uptime.percent);
    expect(site!.uptimePercent).toBeLessThan(100);
    expect(site!.incidents).toEqual(
      health.uptime.incidents.map(({ updates: _u, ...rest }) => rest),
    );
    expect(site!.incidents).toHaveLength(1);
    expect(site!.incidents[0]).toMatchObject({ cause: "http", durationSeconds: 1800 });
    expect(site!.visitors).toEqual({ value: health.visitors, before: earlier.visitors });
    expect(site!.visitors).toEqual({ value: 2, before: 1 });
    expect(site!.pageViews).toEqual({ value: health.pageViews, before: earlier.pageViews });
    expect(site!.topPages).toEqual(health.topPages);
    expect(site!.topSources).toEqual(health.topReferrers);
    expect(site!.heartbeatsMissed).toBe(2);
    expect(site!.maintenanceChecks).toBe(60);
    const points = health.responseTimes.points.flatMap((p) =>
      p.responseMs === null ? [] : [p.responseMs],
    );
    expect(site!.responseMs.p50).toBe(
      [...points].sort((a, b) => a - b)[Math.ceil(points.length / 2) - 1],
    );
    expect(site!.responseMs.p95).toBeGreaterThan(site!.responseMs.p50!);

    expect(report.expiring).toEqual([
      expect.objectContaining({ kind: "domain", name: "rivera.example", autoRenew: false }),
    ]);

    const tickets = (await callApi(t, owner, "GET", "/api/tickets")).json() as Ticket[];
    expect(report.tickets.opened).toBe(
      tickets.filter((ticket) => ticket.createdAt.slice(0, 7) === month).length,
    );
    expect(report.tickets).toMatchObject({
      opened: 2,
      resolved: 1,
      answered: 2,
      answeredOnTime: 1,
      medianFirstResponseMinutes: 90,
    });

    const hours = await hoursOfMonth(t.database.db, companyId, month);
    expect(report.hours.usedMinutes).toBe(hours.usedMinutes);
    expect(report.hours.usedMinutes).toBe(135);
    expect(report.hours.plan).toEqual(hours.plan);
    expect(report.hours.entries.map((entry) => entry.note)).toEqual([
      "Plugin updates",
      "Fixed the menu typo",
    ]);

    const project = (await callApi(t, owner, "GET", `/api/projects/${projectId}`)).json() as {
      updates: { body: string; createdAt: string }[];
    };
    expect(report.work.updatesPosted.map((u) => u.body)).toEqual(
      project.updates.filter((u) => u.createdAt.slice(0, 7) === month).map((u) => u.body),
    );
    expect(report.work.milestonesReached).toEqual([{ project: "Online ordering", name: "Design" }]);

    const invoices = (await callApi(t, owner, "GET", "/api/invoices")).json() as InvoiceSummary[];
    const payments = (await callApi(t, owner, "GET", "/api/payments")).json() as Payment[];
    expect(report.invoices.issuedCents).toBe(
      invoices
        .filter((i) => i.issueDate?.slice(0, 7) === month)
        .reduce((s, i) => s + i.totalCents, 0),
    );
    expect(report.invoices.paidCents).toBe(
      payments.filter((p) => p.paidOn.slice(0, 7) === month).reduce((s, p) => s + p.amountCents, 0),
    );
    expect(report.invoices).toMatchObject({
      issuedCents: 52_500,
      paidCents: 40_000,
      openCount: 1,
      openCents: 12_500,
    });
  });

  it("refuses a month that has not ended, and a client with no plan", async () => {
    const db = t.database.db;
    const thisMonth = await monthlyReport(db, companyId, agencyMonth(now), { now });
    expect(thisMonth).toMatchObject({ ok: false, kind: "invalid", message: reportMessages.month });
    const [bare] = await db.insert(schema.companies).values({ name: "No plan" }).returning();
    const noPlan = await monthlyReport(db, bare!.id, month, { now });
    expect(noPlan).toMatchObject({ ok: false, kind: "conflict", message: reportMessages.noPlan });
  });
});
