import type { Page } from "@playwright/test";
import { clientLinks, emailSignInPath, staffLinks } from "../../src/shared/deep-links";
import * as billing from "../../src/server/mail/templates/billing";
import * as bookings from "../../src/server/mail/templates/bookings";
import * as clients from "../../src/server/mail/templates/clients";
import * as heartbeats from "../../src/server/mail/templates/heartbeats";
import * as leads from "../../src/server/mail/templates/leads";
import * as monitoring from "../../src/server/mail/templates/monitoring";
import * as notices from "../../src/server/mail/templates/notices";
import * as projects from "../../src/server/mail/templates/projects";
import * as proposals from "../../src/server/mail/templates/proposals";
import * as reports from "../../src/server/mail/templates/reports";
import * as signIn from "../../src/server/mail/templates/sign-in-link";
import * as tickets from "../../src/server/mail/templates/tickets";
import * as vitals from "../../src/server/mail/templates/vitals";
import { expect, test } from "./support/fixtures";

/*
 * Every link of every email, followed in the browser by the person it is sent to: the page it
 * opens must not be a not-found page. Each template is rendered here with the demo's own ids and
 * the deep links its callers use; a template added without a row below fails the first test.
 */

const templates = {
  ...billing,
  ...bookings,
  ...clients,
  ...heartbeats,
  ...leads,
  ...monitoring,
  ...notices,
  ...projects,
  ...proposals,
  ...reports,
  ...signIn,
  ...tickets,
  ...vitals,
};
const templateNames = Object.keys(templates).filter((name) => /Emails?$/.test(name));

type Ids = {
  companyId: string;
  websiteId: string;
  ticketId: string;
  invoiceId: string;
  proposalId: string;
  projectId: string;
  lead: { kind: "contact" | "application"; id: string };
};

/** Each template with sample words and the demo's ids, rendered as the server sends it. */
function renderAll(origin: string, ids: Ids) {
  const url = (path: string) => `${origin}${path}`;
  const settings = { agencyInbox: "desk@harborline.example", publicUrl: origin };
  const ticketSettings = { ...settings, supportEmail: "support@harborline.example" };
  const person = { name: "Jordan Rivera", email: "jordan@riverabakery.example" };
  const invoice = {
    number: "INV-2026-0001",
    total: "$100.00",
    balance: "$100.00",
    dueDate: "Dec 10, 2026",
    howToPay: "Pay by card in your client portal.",
  };
  const pdf = {
    filename: "invoice.pdf",
    contentBase64: Buffer.from("%PDF-1.4").toString("base64"),
    contentType: "application/pdf",
  };
  const ticket = { id: ids.ticketId, subject: "Banner", replyToken: "t0ken", priority: "medium" };
  const down = { startedAt: new Date("2026-11-20T10:00:00Z"), detail: "Connection refused" };
  const siteAction = { label: "Open the site's page", href: url(clientLinks.site(ids.websiteId)) };
  const staffAction = { label: "Open monitoring", href: url(staffLinks.monitoring()) };
  const invoiceLink = url(clientLinks.invoice(ids.invoiceId));
  const rendered: Record<string, { to: "client" | "admin"; html: string; text: string }[]> = {};
  const add = (name: string, ...emails: { to: string; html: string; text: string }[]) => {
    rendered[name] = emails.map((email) => ({
      to: email.to === settings.agencyInbox ? "admin" : "client",
      html: email.html,
      text: email.text,
    }));
  };
  const call = {
    ...person,
    whenVisitor: "Monday, December 7, 2026 at 10:00 AM Pacific Standard Time",
    whenAgency: "Monday, December 7, 2026 at 10:00 AM Pacific Standard Time",
    note: "We would like a new menu page.",
    meetingLink: "https://meet.harborline.example/discovery",
    rescheduleUrl: url(`/book?reschedule=hlb_${"a".repeat(43)}`),
    cancelUrl: url(`/book?cancel=hlb_${"a".repeat(43)}`),
    bookUrl: url("/book"),
    leadUrl: url(staffLinks.lead(ids.lead.kind, ids.lead.id)),
  };
  add("bookingChangeEmails", ...bookings.bookingChangeEmails(call, "booked", settings));
  add("bookingReminderEmail", bookings.bookingReminderEmail(call));
  add(
    "monthlyReportEmail",
    reports.monthlyReportEmail(
      person,
      {
        month: "October 2026",
        uptime: "99.98% uptime or better across 1 site",
        hours: "1 hr 30 min of 2 hr included",
        tickets: "2 tickets opened, 1 resolved",
        goals: "14 goal conversions (9 in September 2026)",
        note: "A quiet month: we updated every plugin.",
      },
      url(clientLinks.dashboard("reports")),
      pdf,
      settings,
    ),
  );
  add(
    "invoiceIssuedEmail",
    billing.invoiceIssuedEmail(person, invoice, invoiceLink, pdf, settings),
  );
  add(
    "invoiceReminderEmail",
    billing.invoiceReminderEmail(person, invoice, 3, invoiceLink, pdf, settings),
  );
  add(
    "paymentReceiptEmail",
    billing.paymentReceiptEmail(
      person,
      { amount: "$100.00", paidOn: "Nov 20, 2026", method: "Card", reference: null },
      invoice,
      invoiceLink,
      settings,
    ),
  );
  add(
    "paymentFailedEmail",
    billing.paymentFailedEmail(
      person,
      { amount: "$1.00", reason: "declined" },
      invoice,
      invoiceLink,
      settings,
    ),
  );
  add(
    "creditNoteEmail",
    billing.creditNoteEmail(
      person,
      { number: "CN-2026-0001", amount: "$10.00", how: "by check (reference 1042)" },
      invoice,
      invoiceLink,
      pdf,
      settings,
    ),
  );
  add("planRequestEmail", {
    ...billing.planRequestEmail(
      { ...person, companyName: "Rivera Bakery" },
      { currentPlan: null, requestedPlan: "Premium", note: null },
      url(staffLinks.client(ids.companyId)),
      settings,
    ),
    to: settings.agencyInbox,
  });
  const signInLink = url(emailSignInPath("expired-or-unknown-token"));
  add("invitationEmail", clients.invitationEmail(person, "owner", signInLink, 7, settings));
  const [agency, sender] = leads.leadEmails(
    {
      kind: ids.lead.kind,
      id: ids.lead.id,
      reference: "HL-ABCDE",
      fields: {
        name: "Maria Lopez",
        email: "maria@example.com",
        subject: "A site",
        message: "We need a site.",
        projectType: "website",
        description: "We need a site.",
      } as never,
    },
    settings,
  );
  add("leadEmails", agency!, sender!);
  add(
    "siteSpeedPoorEmail",
    vitals.siteSpeedPoorEmail(
      settings.agencyInbox,
      { domain: "riverabakery.example" },
      { metric: "LCP", p75: "4.6 s", poorOver: "4.0 s", period: "the 7 days to Nov 25, 2026" },
      staffAction,
      settings,
    ),
  );
  add(
    "siteDownEmail",
    monitoring.siteDownEmail(
      person,
      { domain: "riverabakery.example", address: "https://riverabakery.example" },
      down,
      siteAction,
      { ...settings, checkIntervalSeconds: 60 },
    ),
    monitoring.siteDownEmail(
      settings.agencyInbox,
      { domain: "riverabakery.example", address: "https://riverabakery.example" },
      down,
      staffAction,
      { ...settings, checkIntervalSeconds: 60 },
    ),
  );
  add(
    "siteRecoveredEmail",
    monitoring.siteRecoveredEmail(
      person,
      { domain: "riverabakery.example" },
      { ...down, endedAt: new Date() },
      siteAction,
      settings,
    ),
    monitoring.siteRecoveredEmail(
      settings.agencyInbox,
      { domain: "riverabakery.example" },
      { ...down, endedAt: new Date() },
      staffAction,
      settings,
    ),
  );
  const expiry = {
    kind: "domain" as const,
    name: "riverabakery.example",
    expiresOn: "2026-12-20",
    autoRenew: true,
  };
  const job = {
    name: "Nightly backup",
    domain: "riverabakery.example",
    periodSeconds: 86_400,
    graceSeconds: 3_600,
  };
  add(
    "heartbeatDownEmail",
    heartbeats.heartbeatDownEmail(
      person,
      job,
      { ...down, detail: "no run reported since yesterday", failed: false },
      siteAction,
      settings,
    ),
    heartbeats.heartbeatDownEmail(
      settings.agencyInbox,
      job,
      { ...down, detail: "pg_dump: connection refused", failed: true },
      staffAction,
      settings,
    ),
  );
  add(
    "heartbeatRecoveredEmail",
    heartbeats.heartbeatRecoveredEmail(
      person,
      job,
      { ...down, endedAt: new Date() },
      siteAction,
      settings,
    ),
  );
  const window = {
    startsAt: new Date(Date.now() + 2 * 86_400_000),
    endsAt: new Date(Date.now() + 2 * 86_400_000 + 7_200_000),
    note: "Moving the site to a faster server.",
    domains: ["riverabakery.example"],
  };
  add(
    "maintenanceEmail",
    monitoring.maintenanceEmail(person, "ahead", window, siteAction, settings),
    monitoring.maintenanceEmail(
      person,
      "started",
      window,
      { label: "Open the portal", href: url(clientLinks.dashboard()) },
      settings,
    ),
    monitoring.maintenanceEmail(person, "cancelled", window, siteAction, settings),
  );
  add(
    "expiryWarningEmail",
    monitoring.expiryWarningEmail(
      person.email,
      expiry,
      14,
      { label: "Open the portal", href: url(clientLinks.domains()) },
      settings,
    ),
    monitoring.expiryWarningEmail(
      settings.agencyInbox,
      expiry,
      14,
      { label: "Open the client", href: url(staffLinks.client(ids.companyId)) },
      settings,
    ),
  );
  const clientTicket = url(clientLinks.ticket(ids.ticketId));
  add(
    "ticketReceivedEmail",
    notices.ticketReceivedEmail(ticket, person, clientTicket, ticketSettings),
  );
  add(
    "ticketStatusEmail",
    notices.ticketStatusEmail(ticket, "resolved", person, clientTicket, ticketSettings),
  );
  add("ticketResolvedByClientEmail", {
    ...notices.ticketResolvedByClientEmail(
      ticket,
      person,
      url(staffLinks.ticket(ids.ticketId)),
      ticketSettings,
    ),
    to: settings.agencyInbox,
  });
  add(
    "addedToAccountEmail",
    notices.addedToAccountEmail(
      "website-added",
      "riverabakery.example",
      person,
      url(clientLinks.site(ids.websiteId)),
      settings,
    ),
    notices.addedToAccountEmail(
      "domain-added",
      "riverabakery.example",
      person,
      url(clientLinks.domains()),
      settings,
    ),
  );
  add("autoRenewSwitchedEmail", {
    ...notices.autoRenewSwitchedEmail(
      "riverabakery.example",
      false,
      { ...person, company: "Rivera Bakery" },
      url(staffLinks.client(ids.companyId)),
      settings,
    ),
    to: settings.agencyInbox,
  });
  add(
    "approvalRequestEmail",
    projects.approvalRequestEmail(
      person,
      { name: "Site" },
      { name: "Launch", notes: null },
      settings,
    ),
  );
  add(
    "projectUpdateEmail",
    projects.projectUpdateEmail(
      person,
      { name: "Site" },
      { body: "Progress.", previewUrl: null },
      settings,
    ),
  );
  add("milestoneAnswerEmail", {
    ...projects.milestoneAnswerEmail(
      person,
      { id: ids.projectId, name: "Site", companyId: ids.companyId, companyName: "Rivera Bakery" },
      { name: "Launch" },
      { decision: "approved", comment: null },
      settings,
    ),
    to: settings.agencyInbox,
  });
  const proposal = {
    title: "A site",
    version: 1,
    oneOff: "$5,000.00",
    monthly: "$0.00",
    validUntil: "2099-12-31",
  };
  add(
    "proposalSentEmail",
    proposals.proposalSentEmail(
      person,
      proposal,
      url(clientLinks.proposal(ids.proposalId)),
      settings,
    ),
  );
  add("proposalAnsweredEmail", {
    ...proposals.proposalAnsweredEmail(
      { decision: "accepted", signedName: "Jordan Rivera" },
      { ...proposal, companyName: "Rivera Bakery" },
      person,
      url(staffLinks.client(ids.companyId)),
      settings,
    ),
    to: settings.agencyInbox,
  });
  add("signInLinkEmail", {
    to: person.email,
    ...signIn.signInLinkEmail({ link: signInLink, minutes: 15 }),
  });
  add("newTicketEmail", {
    ...tickets.newTicketEmail(ticket, person, "Help", ticketSettings),
    to: settings.agencyInbox,
  });
  add("clientReplyEmail", {
    ...tickets.clientReplyEmail(ticket, person, "Thanks", ticketSettings),
    to: settings.agencyInbox,
  });
  add("staffReplyEmail", tickets.staffReplyEmail(ticket, person, "Avery", "On it", ticketSettings));
  return rendered;
}

/** The site's own links in an email's HTML and text, without duplicates. */
function linksIn(email: { html: string; text: string }, origin: string) {
  const found = [
    ...[...email.html.matchAll(/href="([^"]+)"/g)].map((match) =>
      match[1]!.replaceAll("&amp;", "&"),
    ),
    ...(email.text.match(/https?:\/\/[^\s<>"]+/g) ?? []),
  ];
  return [...new Set(found.filter((link) => link.startsWith(origin)))];
}

async function demoIds(page: Page): Promise<Ids> {
  const get = async <T>(path: string) => {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(200);
    return (await response.json()) as T;
  };
  const [company] = (
    await get<{ id: string; name: string }[]>("/api/admin/clients?q=Rivera%20Bakery")
  ).filter((client) => client.name === "Rivera Bakery");
  const detail = await get<{
    websites: { id: string }[];
    projects?: { id: string; proposalId?: string }[];
  }>(`/api/admin/clients/${company!.id}`);
  const { items: ticketRows } = await get<{ items: { id: string }[] }>(
    "/api/admin/tickets?pageSize=100",
  );
  const { invoices: invoiceRows } = await get<{ invoices: { id: string }[] }>(
    "/api/admin/invoices",
  );
  const { items: leadRows } = await get<{
    items: { id: string; kind: "contact" | "application" }[];
  }>("/api/admin/leads");
  const pipeline = await get<{ projects: { id: string; proposalId: string | null }[] }>(
    "/api/admin/pipeline",
  );
  const project = pipeline.projects[0]!;
  return {
    companyId: company!.id,
    websiteId: detail.websites[0]!.id,
    ticketId: ticketRows[0]!.id,
    invoiceId: invoiceRows[0]!.id,
    proposalId: project.proposalId!,
    projectId: project.id,
    lead: leadRows[0]!,
  };
}

test("every link in every email opens a page, not the not-found page", async ({
  page,
  signIn: signInAs,
  baseURL,
  browser,
}) => {
  test.setTimeout(180_000);
  await signInAs("admin");
  const ids = await demoIds(page);
  const rendered = renderAll(baseURL!, ids);
  expect(Object.keys(rendered).sort(), "every template has a row here").toEqual(
    [...templateNames].sort(),
  );

  // The client reads the emails sent to them in their own browser.
  const clientContext = await browser.newContext();
  const clientPage = await clientContext.newPage();
  expect(
    (await clientPage.request.post("/api/login/demo", { data: { as: "client" } })).status(),
  ).toBe(200);

  const anonymousPage = await (await browser.newContext()).newPage();

  const followed: string[] = [];
  for (const [name, emails] of Object.entries(rendered)) {
    expect(
      emails.flatMap((email) => linksIn(email, baseURL!)).length,
      `${name} links`,
    ).toBeGreaterThan(0);
    for (const email of emails) {
      const links = linksIn(email, baseURL!);
      for (const link of links) {
        // A sign-in link is opened signed out, as from the inbox of someone not yet signed in.
        const reader = link.includes(emailSignInPath(""))
          ? anonymousPage
          : email.to === "admin"
            ? page
            : clientPage;
        const response = await reader.goto(link);
        expect(response?.status(), `${name}: ${link}`).toBeLessThan(400);
        await reader.waitForLoadState("networkidle");
        await expect(reader.getByRole("heading").first(), `${name}: ${link}`).toBeVisible();
        await expect(reader.getByText("404 Page Not Found"), `${name}: ${link}`).toHaveCount(0);
        await expect(reader.getByText("Page not found"), `${name}: ${link}`).toHaveCount(0);
        followed.push(link);
      }
    }
  }
  expect(followed.length).toBeGreaterThan(25);
  await clientContext.close();
});
