import http from "node:http";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  callApi,
  companyOf,
  createTestApp,
  signInAs,
  type TestApp,
  type CallArgs,
} from "../../../tests/support/app";
import { databaseKinds } from "../../../tests/support/database";
import { close, listen } from "../../../tests/support/local-server";
import { invoices, outboxEmails, users, websites } from "../db/schema";
import { recordFailedPayment } from "../billing/invoice-payments";
import { billingSettings } from "../routes/api/common";
import { runMonitorOnce } from "../monitoring/monitor";
import { simpleEmail } from "../mail/layout";
import { notify, staffUsers } from "./notices";

type Listed = { id: string; kind: string; title: string; link: string | null; read: boolean };

const staffEmail = "avery@agency.example";
const inbox = "desk@agency.example";
const ownerEmail = "olive@tidepool.example";
const booksEmail = "books@tidepool.example";
const memberEmail = "mel@tidepool.example";
const strangerEmail = "sam@elsewhere.example";

/**
 * Every kind of notice, made the way people make them (through the API, the monitor, the card
 * processor's failure): who sees it in the bell, and who is emailed, once each.
 */
describe.each(databaseKinds)("notices of each kind on %s", (kind) => {
  let t: TestApp;
  const cookies: Record<string, string> = {};
  let companyId: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { ADMIN_EMAILS: staffEmail, AGENCY_INBOX: inbox });
    cookies[staffEmail] = await signInAs(t, staffEmail);
    cookies[ownerEmail] = await signInAs(t, ownerEmail);
    companyId = await companyOf(t, ownerEmail);
    cookies[booksEmail] = await signInAs(t, booksEmail, { companyId, role: "billing" });
    cookies[memberEmail] = await signInAs(t, memberEmail, { companyId, role: "member" });
    cookies[strangerEmail] = await signInAs(t, strangerEmail);
  });
  afterAll(() => t.close());

  const call = (...args: CallArgs) => callApi(t, ...args);
  const as = (email: string, ...args: CallArgs extends [unknown, ...infer R] ? R : never) =>
    call(cookies[email], ...args);
  /** What the bell lists for a person: their notices of one kind. */
  const bell = async (email: string, noticeKind: string): Promise<Listed[]> => {
    const answer = await as(email, "GET", "/api/notices");
    expect(answer.statusCode).toBe(200);
    return (answer.json().notices as Listed[]).filter((notice) => notice.kind === noticeKind);
  };
  const emailsTo = (to: string, emailKind: string) =>
    t.database.db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.to, to), eq(outboxEmails.kind, emailKind)));
  const members = [ownerEmail, booksEmail, memberEmail];
  /** How many notices of a kind each person has, and how many emails of a kind each got. */
  const tally = async (noticeKind: string, emailKind: string, people: string[]) =>
    Object.fromEntries(
      await Promise.all(
        people.map(async (email) => [
          email,
          [(await bell(email, noticeKind)).length, (await emailsTo(email, emailKind)).length],
        ]),
      ),
    );

  let ticketId: string;

  it("a new ticket: the opener gets a receipt with its number; staff a notice and the agency its email", async () => {
    const opened = await as(memberEmail, "POST", "/api/tickets", {
      subject: "The contact form sends nothing",
      message: "Since this morning the contact form on our site does not send.",
      priority: "high",
    });
    expect(opened.statusCode).toBe(201);
    ticketId = opened.json().id;
    const number = `#${ticketId.slice(0, 8).toUpperCase()}`;

    const [receipt] = await bell(memberEmail, "ticket-created");
    expect(receipt).toMatchObject({
      title: `We received your request ${number}: The contact form sends nothing`,
      link: `/dashboard?tab=support&ticket=${ticketId}`,
      read: false,
    });
    const [ack, ...more] = await emailsTo(memberEmail, "ticket-acknowledgement");
    expect(more).toHaveLength(0);
    expect(ack!.subject).toBe(`We received your request [${number}]`);
    expect(ack!.text).toContain(`/dashboard?tab=support&ticket=${ticketId}`);
    // Only the opener gets the receipt.
    expect(await tally("ticket-created", "ticket-acknowledgement", [ownerEmail])).toEqual({
      [ownerEmail]: [0, 0],
    });

    const [staffNotice] = await bell(staffEmail, "staff-ticket-created");
    expect(staffNotice).toMatchObject({
      title: "New high ticket from mel: The contact form sends nothing",
      link: `/admin/tickets/${ticketId}`,
    });
    expect(await emailsTo(inbox, "ticket-new")).toHaveLength(1);
    // A staff member's own copy is off until they turn it on: the agency inbox has it.
    expect(await emailsTo(staffEmail, "ticket-new")).toHaveLength(0);
  });

  it("a staff reply: every member of the company is told and emailed once; nobody else", async () => {
    const replied = await as(staffEmail, "POST", `/api/admin/tickets/${ticketId}/messages`, {
      body: "We found the cause: the mail relay's password had expired. Fixed now.",
    });
    expect(replied.statusCode).toBe(201);
    expect(await tally("ticket-replies", "ticket-staff-reply", members)).toEqual({
      [ownerEmail]: [1, 1],
      [booksEmail]: [1, 1],
      [memberEmail]: [1, 1],
    });
    const [notice] = await bell(ownerEmail, "ticket-replies");
    expect(notice!.title).toMatch(/replied: The contact form sends nothing$/);
    expect(await bell(strangerEmail, "ticket-replies")).toHaveLength(0);
    expect(await bell(staffEmail, "ticket-replies")).toHaveLength(0);
  });

  it("a client reply: staff are told and the agency emailed; the other members are not", async () => {
    const replied = await as(ownerEmail, "POST", `/api/tickets/${ticketId}/messages`, {
      body: "Thank you, it works again on our side.",
    });
    expect(replied.statusCode).toBe(201);
    const [notice] = await bell(staffEmail, "staff-ticket-replies");
    expect(notice).toMatchObject({
      title: "olive replied: The contact form sends nothing",
      link: `/admin/tickets/${ticketId}`,
    });
    expect(await emailsTo(inbox, "ticket-client-reply")).toHaveLength(1);
    expect(await tally("staff-ticket-replies", "ticket-client-reply", members)).toEqual({
      [ownerEmail]: [0, 0],
      [booksEmail]: [0, 0],
      [memberEmail]: [0, 0],
    });
  });

  it("a status change: the company's members are told and emailed; a priority change or the same status is not news", async () => {
    const resolved = await as(staffEmail, "PATCH", `/api/admin/tickets/${ticketId}`, {
      status: "resolved",
    });
    expect(resolved.statusCode).toBe(200);
    expect(await tally("ticket-status", "ticket-status", members)).toEqual({
      [ownerEmail]: [1, 1],
      [booksEmail]: [1, 1],
      [memberEmail]: [1, 1],
    });
    const [email] = await emailsTo(ownerEmail, "ticket-status");
    expect(email!.subject).toBe(
      `Resolved: The contact form sends nothing [#${ticketId.slice(0, 8).toUpperCase()}]`,
    );
    await as(staffEmail, "PATCH", `/api/admin/tickets/${ticketId}`, { priority: "low" });
    await as(staffEmail, "PATCH", `/api/admin/tickets/${ticketId}`, { status: "resolved" });
    expect((await tally("ticket-status", "ticket-status", [ownerEmail]))[ownerEmail]).toEqual([
      1, 1,
    ]);
    await as(staffEmail, "PATCH", `/api/admin/tickets/${ticketId}`, { status: "closed" });
    expect((await tally("ticket-status", "ticket-status", [ownerEmail]))[ownerEmail]).toEqual([
      2, 2,
    ]);
    expect(await bell(strangerEmail, "ticket-status")).toHaveLength(0);
  });

  let websiteId: string;
  let domainId: string;

  it("a website and a domain staff add: the company's members are told and emailed", async () => {
    const site = await as(staffEmail, "POST", `/api/admin/clients/${companyId}/websites`, {
      domain: "tidepool.example",
      plan: "VPS Hosting",
      status: "active",
      checkUrl: null,
    });
    expect(site.statusCode).toBe(200);
    websiteId = site.json().websites[0].id;
    const domain = await as(staffEmail, "POST", `/api/admin/clients/${companyId}/domains`, {
      domain: "tidepool-shop.example",
      autoRenew: true,
      expiresAt: "2099-05-01",
    });
    expect(domain.statusCode).toBe(200);
    domainId = domain.json().domains[0].id;

    expect(await tally("website-added", "website-added", members)).toEqual({
      [ownerEmail]: [1, 1],
      [booksEmail]: [1, 1],
      [memberEmail]: [1, 1],
    });
    expect(await tally("domain-added", "domain-added", members)).toEqual({
      [ownerEmail]: [1, 1],
      [booksEmail]: [1, 1],
      [memberEmail]: [1, 1],
    });
    const [siteNotice] = await bell(memberEmail, "website-added");
    expect(siteNotice).toMatchObject({
      title: "Website added: tidepool.example",
      link: `/dashboard/sites/${websiteId}`,
    });
    const [domainEmail] = await emailsTo(memberEmail, "domain-added");
    expect(domainEmail!.subject).toBe("tidepool-shop.example was added to your account");
    expect(await bell(strangerEmail, "website-added")).toHaveLength(0);
  });

  it("auto-renew switched by a client: staff are told and the agency emailed, once per switch", async () => {
    const off = await as(booksEmail, "PATCH", `/api/domains/${domainId}`, { autoRenew: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().autoRenew).toBe(false);
    // The same value again switches nothing.
    await as(booksEmail, "PATCH", `/api/domains/${domainId}`, { autoRenew: false });
    let notices = await bell(staffEmail, "staff-auto-renew");
    expect(notices.map((notice) => notice.title)).toEqual([
      "Auto-renew off for tidepool-shop.example",
    ]);
    expect(notices[0]!.link).toBe(`/admin/clients/${companyId}`);
    let emails = await emailsTo(inbox, "auto-renew-switched");
    expect(emails.map((email) => email.subject)).toEqual([
      `Auto-renew off for tidepool-shop.example (${ownerEmail})`,
    ]);
    expect(emails[0]!.replyTo).toBe(booksEmail);

    await as(booksEmail, "PATCH", `/api/domains/${domainId}`, { autoRenew: true });
    notices = await bell(staffEmail, "staff-auto-renew");
    expect(notices.map((notice) => notice.title)).toEqual([
      "Auto-renew on for tidepool-shop.example",
      "Auto-renew off for tidepool-shop.example",
    ]);
    emails = await emailsTo(inbox, "auto-renew-switched");
    expect(emails).toHaveLength(2);
    // Another company's domain is not found, and tells no one.
    const theirs = await as(strangerEmail, "PATCH", `/api/domains/${domainId}`, {
      autoRenew: false,
    });
    expect(theirs.statusCode).toBe(404);
    expect(await bell(staffEmail, "staff-auto-renew")).toHaveLength(2);
  });

  it("a proposal sent and declined: billing contacts told and emailed; staff told and the agency emailed", async () => {
    const created = await as(staffEmail, "POST", "/api/admin/proposals", {
      companyId,
      title: "A shop for Tidepool",
      scope: "An online shop.",
      lines: [{ description: "Shop", billing: "one-off", quantity: 1, unitPriceCents: 300_000 }],
      validUntil: "2099-12-31",
    });
    expect(created.statusCode).toBe(201);
    const proposalId = created.json().id;
    expect(
      (await as(staffEmail, "POST", `/api/admin/proposals/${proposalId}/send`)).statusCode,
    ).toBe(200);
    // Owners and billing members see proposals; a plain member does not.
    expect(await tally("proposal-sent", "proposal-sent", members)).toEqual({
      [ownerEmail]: [1, 1],
      [booksEmail]: [1, 1],
      [memberEmail]: [0, 0],
    });
    const [sent] = await bell(booksEmail, "proposal-sent");
    expect(sent).toMatchObject({
      title: "Proposal: A shop for Tidepool",
      link: `/dashboard?tab=projects&proposal=${proposalId}`,
    });

    const shown = (await as(ownerEmail, "GET", `/api/proposals/${proposalId}`)).json();
    const declined = await as(ownerEmail, "POST", `/api/proposals/${proposalId}/decline`, {
      versionId: shown.versions[0].id,
      contentHash: shown.versions[0].contentHash,
      reason: "Too early for us this year.",
    });
    expect(declined.statusCode).toBe(200);
    const [answered] = await bell(staffEmail, "staff-proposal-answered");
    expect(answered).toMatchObject({
      title: `${ownerEmail} declined A shop for Tidepool`,
      link: `/admin/clients/${companyId}`,
    });
    expect(await emailsTo(inbox, "proposal-answered")).toHaveLength(1);
  });

  it("an invoice issued, paid, and a card payment failed: billing contacts told and emailed once each", async () => {
    const created = await as(staffEmail, "POST", "/api/admin/invoices", {
      companyId,
      lines: [{ description: "Shop set-up", quantity: 1, unitPriceCents: 50_000 }],
      issue: true,
    });
    expect(created.statusCode).toBe(201);
    const invoice = created.json();
    expect(await tally("invoice-issued", "invoice-issued", members)).toEqual({
      [ownerEmail]: [1, 1],
      [booksEmail]: [1, 1],
      [memberEmail]: [0, 0],
    });
    const [issued] = await bell(booksEmail, "invoice-issued");
    expect(issued).toMatchObject({
      title: `Invoice ${invoice.number}: $500.00`,
      link: `/dashboard?tab=billing&invoice=${invoice.id}`,
    });

    // The card processor says a payment failed (what its webhook does, in one transaction).
    const [row] = await t.database.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    await t.database.db.transaction((tx) =>
      recordFailedPayment(
        tx,
        row!,
        {
          amountCents: 50_000,
          paidOn: "2026-11-20",
          reference: "pi_failed_1",
          reason: "Your card was declined.",
        },
        { settings: billingSettings(t.config) },
      ),
    );
    expect(await tally("payment-failed", "payment-failed", members)).toEqual({
      [ownerEmail]: [1, 1],
      [booksEmail]: [1, 1],
      [memberEmail]: [0, 0],
    });

    const paid = await as(staffEmail, "POST", `/api/admin/invoices/${invoice.id}/payments`, {
      amountCents: 50_000,
      paidOn: "2026-11-21",
      method: "check",
      reference: "Check 7",
    });
    expect(paid.statusCode).toBe(200);
    expect(await tally("invoice-paid", "payment-receipt", members)).toEqual({
      [ownerEmail]: [1, 1],
      [booksEmail]: [1, 1],
      [memberEmail]: [0, 0],
    });
    const [receipt] = await bell(ownerEmail, "invoice-paid");
    expect(receipt!.title).toBe(`Invoice ${invoice.number} paid: thank you`);
  });

  it("a site going down and coming back: owners told and emailed, staff told and the agency emailed, once each", async () => {
    let status = 200;
    const server = http.createServer((_req, res) => res.writeHead(status).end("ok"));
    const url = await listen(server);
    try {
      await t.database.db.update(websites).set({ checkUrl: url }).where(eq(websites.id, websiteId));
      const start = Date.now() + 60_000;
      const run = (seconds: number) =>
        runMonitorOnce({
          db: t.database.db,
          settings: { agencyInbox: inbox, publicUrl: t.config.publicUrl },
          intervalMs: 60_000,
          probe: { allowPrivate: true, timeoutMs: 1_000 },
          now: new Date(start + seconds * 1000),
        });
      await run(0);
      status = 503;
      await run(60);
      await run(80);
      await run(140);
      await run(200);
      expect(await tally("site-incident", "site-down", members)).toEqual({
        [ownerEmail]: [1, 1],
        [booksEmail]: [0, 0],
        [memberEmail]: [0, 0],
      });
      const [down] = await bell(ownerEmail, "site-incident");
      expect(down).toMatchObject({
        title: "tidepool.example is down",
        link: `/dashboard/sites/${websiteId}`,
      });
      expect(await bell(staffEmail, "staff-site-incident")).toHaveLength(1);
      expect(await emailsTo(inbox, "site-down")).toHaveLength(1);

      status = 200;
      await run(260);
      await run(320);
      const [back] = await bell(ownerEmail, "site-incident");
      expect(back!.title).toMatch(/^tidepool\.example is back up \(down \d+ min\)$/);
      expect(await bell(ownerEmail, "site-incident")).toHaveLength(2);
      expect(await bell(staffEmail, "staff-site-incident")).toHaveLength(2);
      expect(await emailsTo(ownerEmail, "site-recovered")).toHaveLength(1);
      expect(await emailsTo(inbox, "site-recovered")).toHaveLength(1);
    } finally {
      await close(server);
    }
  });

  it("a user who turned a kind's email off still sees the notice, without the email", async () => {
    const off = await as(memberEmail, "PUT", "/api/account/notices", { "ticket-replies": false });
    expect(off.statusCode).toBe(200);
    // A staff member who asks for their own copy of clients' replies gets it, besides the inbox's.
    await as(staffEmail, "PUT", "/api/account/notices", { "staff-ticket-replies": true });
    const before = await tally("ticket-replies", "ticket-staff-reply", members);

    await as(staffEmail, "POST", `/api/admin/tickets/${ticketId}/messages`, {
      body: "One more thing: we also renewed the relay's certificate.",
    });
    const after = await tally("ticket-replies", "ticket-staff-reply", members);
    expect(after[memberEmail]).toEqual([before[memberEmail][0] + 1, before[memberEmail][1]]);
    expect(after[ownerEmail]).toEqual([before[ownerEmail][0] + 1, before[ownerEmail][1] + 1]);

    await as(ownerEmail, "POST", `/api/tickets/${ticketId}/messages`, {
      body: "Great, thank you for the extra care.",
    });
    expect(await emailsTo(staffEmail, "ticket-client-reply")).toHaveLength(1);
    expect(await emailsTo(inbox, "ticket-client-reply")).toHaveLength(2);
  });

  it("the same event told twice (a retry, a second instance) makes one notice and one email per person", async () => {
    const [owner] = await t.database.db.select().from(users).where(eq(users.email, ownerEmail));
    const [member] = await t.database.db.select().from(users).where(eq(users.email, memberEmail));
    const tell = async () =>
      t.database.db.transaction(async (tx) =>
        notify(tx, {
          kind: "website-added",
          key: "website-added:told-twice",
          recipients: [owner!, member!, owner!],
          companyId: null,
          title: "Website added: twice.example",
          link: "/dashboard?tab=websites",
          email: (user) =>
            simpleEmail("website-added", user.email, "twice.example was added", ["Hi"], {
              label: "View",
              href: "https://example.test",
            }),
        }),
      );
    const tellStaff = async () =>
      t.database.db.transaction(async (tx) =>
        notify(tx, {
          kind: "staff-auto-renew",
          key: "auto-renew:told-twice",
          recipients: await staffUsers(tx),
          companyId: null,
          title: "Auto-renew off for twice.example",
          link: "/admin/clients",
          agencyEmail: simpleEmail("auto-renew-switched", inbox, "told twice", ["Hi"], {
            label: "View",
            href: "https://example.test",
          }),
        }),
      );
    // Two at once, as two instances would.
    const [first, second] = await Promise.all([tell(), tell()]);
    expect(first.noticed + second.noticed).toBe(2);
    expect(first.emailed + second.emailed).toBe(2);
    expect(await tell()).toEqual({ noticed: 0, emailed: 0 });
    expect(await tellStaff()).toEqual({ noticed: 1, emailed: 1 });
    expect(await tellStaff()).toEqual({ noticed: 0, emailed: 0 });

    const twice = (await t.database.db.select().from(outboxEmails)).filter(
      (email) => email.subject === "twice.example was added" || email.subject === "told twice",
    );
    expect(twice.map((email) => email.to).sort()).toEqual([inbox, memberEmail, ownerEmail].sort());
    const titles = (await bell(ownerEmail, "website-added")).map((notice) => notice.title);
    expect(titles.filter((title) => title === "Website added: twice.example")).toHaveLength(1);
  });

  it("erasing a client erases staff's notices about it, and leaves others", async () => {
    const staffNotices = async () =>
      (await as(staffEmail, "GET", "/api/notices")).json().notices as Listed[];
    const before = await staffNotices();
    expect(before.some((notice) => notice.title.includes("The contact form sends nothing"))).toBe(
      true,
    );
    // A copy of the client's data has its members' notices.
    const exported = (await as(staffEmail, "GET", `/api/admin/clients/${companyId}/export`)).json();
    expect(exported.notices).toContainEqual(
      expect.objectContaining({ to: memberEmail, kind: "website-added", read: false }),
    );
    expect(exported.notices.some((notice: { to: string }) => notice.to === staffEmail)).toBe(false);

    const erased = await as(staffEmail, "DELETE", `/api/admin/clients/${companyId}`, {
      confirmEmail: ownerEmail,
    });
    expect(erased.statusCode).toBe(204);
    const after = await staffNotices();
    expect(after.map((notice) => notice.title)).toEqual(["Auto-renew off for twice.example"]);
  });
});
