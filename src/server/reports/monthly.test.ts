import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { monthlyReportSchema, type MonthlyReport } from "@shared/schemas/reports";
import type { SiteHealth } from "@shared/schemas/site-health";
import type { InvoiceSummary, Payment } from "@shared/schemas/billing";
import type { Ticket } from "@shared/schemas/tickets";
import type { SiteVitals } from "@shared/schemas/vitals";
import { callApi, createTestApp, type TestApp } from "../../../tests/support/app";
import { databaseKinds } from "../../../tests/support/database";
import { openSeededReportMonth } from "../../../tests/support/report-month";
import * as schema from "../db/schema";
import { agencyMonth, hoursOfMonth } from "../hours/reading";
import { monthlyReport, reportMessages } from "./monthly";

describe.each(databaseKinds)("the monthly care report on %s", (kind) => {
  let t: TestApp;
  let owner: string;
  let companyId: string;
  let siteId: string;
  let projectId: string;
  const now = new Date();
  let month: string;
  let before: string;
  let report: MonthlyReport;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const db = t.database.db;
    ({ month, before, owner, companyId, siteId, projectId } = await openSeededReportMonth(t, now));
    // An invoice issued this month, after the report's: open, but not the report's.
    await db.insert(schema.invoices).values({
      companyId,
      number: "2026-9003",
      status: "open",
      source: "manual",
      lines: [],
      subtotalCents: 9_900,
      taxCents: 0,
      totalCents: 9_900,
      paidCents: 0,
      issueDate: `${agencyMonth(now)}-01`,
      dueDate: `${agencyMonth(now)}-15`,
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
    expect(site!.topPages).toEqual(
      health.topPages.map((page) => ({
        ...page,
        viewsBefore: earlier.topPages.find((each) => each.path === page.path)?.views ?? null,
      })),
    );
    expect(site!.topPages).toEqual([
      { path: "/", views: 2, viewsBefore: 1 },
      { path: "/menu", views: 1, viewsBefore: null },
    ]);
    expect(site!.topSources).toEqual(
      health.topReferrers.map((source) => ({
        ...source,
        visitorsBefore:
          earlier.topReferrers.find((each) => each.host === source.host)?.visitors ?? null,
      })),
    );
    expect(site!.heartbeatsMissed).toBe(2);
    expect(site!.maintenanceChecks).toBe(60);
    const points = health.responseTimes.points.flatMap((p) =>
      p.responseMs === null ? [] : [p.responseMs],
    );
    expect(site!.responseMs.p50).toBe(
      [...points].sort((a, b) => a - b)[Math.ceil(points.length / 2) - 1],
    );
    expect(site!.responseMs.p95).toBeGreaterThan(site!.responseMs.p50!);

    // Goals: the site page's goals of both months, side by side.
    expect(site!.goals).toEqual(
      [...new Set([...health.goals, ...earlier.goals].map((goal) => goal.name))].map((name) => {
        const now = health.goals.find((goal) => goal.name === name);
        const then = earlier.goals.find((goal) => goal.name === name);
        return {
          name,
          visitors: { value: now?.visitors ?? 0, before: then?.visitors ?? 0 },
          completions: { value: now?.completions ?? 0, before: then?.completions ?? 0 },
          rate: now?.rate ?? 0,
          rateBefore: then?.rate ?? 0,
        };
      }),
    );
    expect(site!.goals).toEqual([
      {
        name: "Order placed",
        visitors: { value: 1, before: 1 },
        completions: { value: 2, before: 1 },
        rate: 50,
        rateBefore: 100,
      },
      {
        name: "Newsletter",
        visitors: { value: 0, before: 1 },
        completions: { value: 0, before: 1 },
        rate: 0,
        rateBefore: 100,
      },
    ]);

    // Core Web Vitals: the speed panel's figures of both months, per device class.
    const speed = async (range: string) =>
      (
        await callApi(t, owner, "GET", `/api/websites/${siteId}/vitals?range=${range}`)
      ).json() as SiteVitals;
    const [vitals, vitalsBefore] = [await speed(month), await speed(before)];
    expect(vitals).toMatchObject({ range: month, from: `${month}-01` });
    for (const device of site!.vitals) {
      const shown = vitals.devices.find((each) => each.device === device.device)!;
      const shownBefore = vitalsBefore.devices.find((each) => each.device === device.device)!;
      expect(device.metrics).toEqual(
        shown.figures.map(({ metric, p75, goodPercent, visits }, i) => ({
          metric,
          p75,
          goodPercent,
          visits,
          before: {
            p75: shownBefore.figures[i]!.p75,
            goodPercent: shownBefore.figures[i]!.goodPercent,
            visits: shownBefore.figures[i]!.visits,
          },
        })),
      );
    }
    const lcp = (device: string) =>
      site!.vitals.find((each) => each.device === device)!.metrics.find((m) => m.metric === "lcp");
    expect(site!.vitals.map((each) => each.device)).toEqual(["mobile", "desktop"]);
    expect(lcp("desktop")).toMatchObject({
      visits: 10,
      goodPercent: 80,
      before: { visits: 10, goodPercent: 50 },
    });
    expect(lcp("desktop")!.p75).toBeCloseTo(1800, -2);
    expect(lcp("mobile")).toMatchObject({
      visits: 4,
      goodPercent: 25,
      before: { visits: 0, goodPercent: null, p75: null },
    });

    expect(report.expiring).toEqual([
      {
        kind: "certificate",
        name: "rivera.example",
        expiresAt: health.certificateExpiresAt,
        autoRenew: null,
      },
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
