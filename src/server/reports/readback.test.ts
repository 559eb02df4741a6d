import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brand } from "@content/site";
import {
  formatCount,
  formatMoney,
  formatMonth,
  formatNumber,
  formatPercent,
  formatTiming,
  formatWorkTime,
} from "@shared/format";
import type { InvoiceSummary, Payment } from "@shared/schemas/billing";
import type { ClientHours } from "@shared/schemas/hours";
import type { SiteHealth } from "@shared/schemas/site-health";
import type { Ticket } from "@shared/schemas/tickets";
import type { SiteVitals } from "@shared/schemas/vitals";
import { callApi, createTestApp, signInAs, type TestApp } from "../../../tests/support/app";
import { databaseKinds } from "../../../tests/support/database";
import { aStaffMember } from "../../../tests/support/factories";
import { pdfText } from "../../../tests/support/pdf";
import { openSeededReportMonth, reportOwnerEmail } from "../../../tests/support/report-month";
import { startSmtpSink, type SmtpSink } from "../../../tests/support/smtp-sink";
import { runReportsOnce } from "./archive";

const staffEmail = "avery@harborline.example";

/** A PDF's or an email's text with its spacing made single, so a table row reads as one line. */
const flat = (text: string) => text.replace(/\s+/g, " ");

describe.each(databaseKinds)("the care report read back on %s", (kind) => {
  let t: TestApp;
  let smtp: SmtpSink;
  let owner: string;
  let staff: string;
  let companyId: string;
  let siteId: string;
  const now = new Date();
  let month: string;
  let before: string;
  const get = async <T>(cookie: string, url: string) => {
    const response = await callApi(t, cookie, "GET", url);
    expect(response.statusCode, url).toBe(200);
    return response.json() as T;
  };

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp(kind, { ADMIN_EMAILS: staffEmail, SMTP_URL: smtp.url });
    await aStaffMember(t.database.db, { email: staffEmail });
    ({ month, before, owner, companyId, siteId } = await openSeededReportMonth(t, now));
    staff = await signInAs(t, staffEmail);
    // The monthly run: the month (and the month before, since the plan began) archived and
    // emailed to the owner through the outbox.
    const run = await runReportsOnce({
      db: t.database.db,
      settings: { agencyInbox: t.config.agencyInbox, publicUrl: t.config.publicUrl },
      now,
    });
    expect(run).toEqual({ made: 2, emailed: 2, errors: 0 });
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  /** The figures the portal (and, for a past month's hours, the back office) shows. */
  async function portalFigures() {
    const [health, earlier, vitals, vitalsBefore, hours, tickets, invoices, payments] =
      await Promise.all([
        get<SiteHealth>(owner, `/api/websites/${siteId}/health?range=${month}`),
        get<SiteHealth>(owner, `/api/websites/${siteId}/health?range=${before}`),
        get<SiteVitals>(owner, `/api/websites/${siteId}/vitals?range=${month}`),
        get<SiteVitals>(owner, `/api/websites/${siteId}/vitals?range=${before}`),
        get<ClientHours>(staff, `/api/admin/clients/${companyId}/hours?month=${month}`),
        get<Ticket[]>(owner, "/api/tickets"),
        get<InvoiceSummary[]>(owner, "/api/invoices"),
        get<Payment[]>(owner, "/api/payments"),
      ]);
    const issued = invoices.filter((invoice) => invoice.issueDate?.slice(0, 7) === month);
    const open = invoices.filter(
      (invoice) =>
        invoice.status === "open" &&
        invoice.issueDate !== null &&
        invoice.issueDate.slice(0, 7) <= month,
    );
    return {
      health,
      earlier,
      vitals,
      vitalsBefore,
      hours,
      opened: tickets.filter((ticket) => ticket.createdAt.slice(0, 7) === month).length,
      issued,
      issuedCents: issued.reduce((sum, invoice) => sum + invoice.totalCents, 0),
      paidCents: payments
        .filter((payment) => payment.paidOn.slice(0, 7) === month)
        .reduce((sum, payment) => sum + payment.amountCents, 0),
      open,
      openCents: open.reduce((sum, invoice) => sum + invoice.balanceCents, 0),
    };
  }

  it("prints the portal's figures in the PDF the client downloads", async () => {
    const pdf = await callApi(t, owner, "GET", `/api/reports/${month}/pdf`);
    expect(pdf.statusCode).toBe(200);
    const text = flat(await pdfText(pdf.rawPayload));
    const shown = await portalFigures();
    const { health, earlier } = shown;
    const against = (value: number, then: number) =>
      `${formatNumber(value)} (${formatNumber(then)} in ${formatMonth(before)})`;

    expect(text).toContain(`Care report, ${formatMonth(month)}`);
    expect(health.uptime.percent).toBeLessThan(100);
    expect(text).toContain(
      `Uptime ${formatPercent(health.uptime.percent!)} (maintenance left out)`,
    );
    expect(text).toContain(
      `Incidents ${formatCount(health.uptime.incidents.length, "incident", "incidents")}`,
    );
    expect(text).toContain(`Visitors ${against(health.visitors, earlier.visitors)}`);
    expect(text).toContain(`Page views ${against(health.pageViews, earlier.pageViews)}`);
    // Top pages and sources, each with the month before's figure ("-": not among its top).
    for (const page of health.topPages) {
      const then = earlier.topPages.find((each) => each.path === page.path);
      expect(text).toContain(
        `${page.path} ${formatNumber(page.views)} ${then ? formatNumber(then.views) : "-"}`,
      );
    }
    for (const source of health.topReferrers) {
      const then = earlier.topReferrers.find((each) => each.host === source.host);
      expect(text).toContain(
        `${source.host ?? "Direct"} ${formatNumber(source.visitors)} ${then ? formatNumber(then.visitors) : "-"}`,
      );
    }

    // Goals: each of the month's goals with its conversions, the month before's, and its rate.
    expect(health.goals.length).toBeGreaterThan(0);
    for (const goal of health.goals) {
      const then = earlier.goals.find((each) => each.name === goal.name)?.visitors ?? 0;
      expect(text).toContain(
        `${goal.name} ${formatNumber(goal.visitors)} ${formatNumber(then)} ${formatPercent(goal.rate)}`,
      );
    }

    // Core Web Vitals: the desktop LCP row, as the speed panel's figures of both months.
    const figure = (vitals: SiteVitals) =>
      vitals.devices
        .find((device) => device.device === "desktop")!
        .figures.find((each) => each.metric === "lcp")!;
    const [lcp, lcpBefore] = [figure(shown.vitals), figure(shown.vitalsBefore)];
    expect(lcp.goodPercent).toBe(80);
    expect(text).toContain(
      `LCP (Largest Contentful Paint) ${formatTiming(lcp.p75!)} ${formatPercent(lcp.goodPercent!)} ${formatTiming(lcpBefore.p75!)} ${formatPercent(lcpBefore.goodPercent!)}`,
    );

    expect(text).toContain(`Tickets opened ${formatNumber(shown.opened)}`);
    const included = shown.hours.plan!.includedMinutes!;
    expect(text).toContain(
      `Used ${formatWorkTime(shown.hours.usedMinutes)} of ${formatWorkTime(included)} included`,
    );
    for (const entry of shown.hours.entries) expect(text).toContain(entry.note);

    expect(shown.issuedCents).toBeGreaterThan(0);
    expect(text).toContain(
      `Issued ${formatCount(shown.issued.length, "invoice", "invoices")}, ${formatMoney(shown.issuedCents)}`,
    );
    expect(text).toContain(`Paid ${formatMoney(shown.paidCents)}`);
    expect(text).toContain(
      `Open ${formatCount(shown.open.length, "invoice", "invoices")}, ${formatMoney(shown.openCents)} owed`,
    );
  });

  it("emails the owner a summary with the PDF attached, read from the SMTP server", async () => {
    const subject = `Your care report for ${formatMonth(month)} from ${brand.name}`;
    const received = await smtp.waitForMail((email) => email.subject === subject);
    expect(received.to).toEqual([reportOwnerEmail]);
    const mail = await simpleParser(received.raw);
    expect(mail.subject).toBe(subject);
    const { health, hours } = await portalFigures();
    const body = flat(mail.text ?? "");
    expect(body).toContain(`Your care report for ${formatMonth(month)} is attached.`);
    expect(body).toContain(
      `${formatPercent(health.uptime.percent!)} uptime or better across 1 site`,
    );
    expect(body).toContain(
      `${formatWorkTime(hours.usedMinutes)} of ${formatWorkTime(hours.plan!.includedMinutes!)} included`,
    );
    expect(body).toContain(`1 goal conversion (2 in ${formatMonth(before)})`);

    expect(mail.attachments).toHaveLength(1);
    const [attachment] = mail.attachments;
    expect(attachment!.contentType).toBe("application/pdf");
    expect(attachment!.filename).toBe(`care-report-${month}.pdf`);
    const attached = flat(await pdfText(attachment!.content));
    expect(attached).toContain(`Care report, ${formatMonth(month)}`);
    expect(attached).toContain(`Visitors ${formatNumber(health.visitors)} (`);
  });
});
