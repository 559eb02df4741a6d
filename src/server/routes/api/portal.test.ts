import { count, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi, createTestApp, signInAs, type TestApp } from "../../../../tests/support/app";
import { databaseKinds } from "../../../../tests/support/database";
import { aClient, aDomain, aPlan, aTicket, aWebsite } from "../../../../tests/support/factories";
import { domains, monthlyReports, supportTickets, ticketMessages } from "../../db/schema";
import { DEMO_HISTORY, demoBandwidthThisMonth } from "../../demo/history";
import { demoClientEmail, seedDemoData } from "../../demo/seed";
import { SESSION_COOKIE } from "../../plugins/session";

describe.each(databaseKinds)("client portal API on %s", (kind) => {
  let t: TestApp;
  /** A client with a website, domains, a ticket and a plan, and one with nothing yet. */
  let client: string;
  let other: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const { db } = t.database;
    const { company, owner } = await aClient(db, {
      owner: { firstName: "Jordan", lastName: "Rivera" },
    });
    await aWebsite(db, company.id);
    await aDomain(db, company.id, { autoRenew: true });
    await aDomain(db, company.id, { autoRenew: false });
    await aTicket(db, owner, company.id);
    await aPlan(db, company.id);
    client = await signInAs(t, owner.email);
    other = await signInAs(t, "newclient@example.com");
  });
  afterAll(() => t.close());

  const call = (
    cookie: string | undefined,
    method: "GET" | "POST" | "PATCH",
    url: string,
    body?: unknown,
  ) =>
    t.app.inject({
      method,
      url,
      cookies: cookie ? { [SESSION_COOKIE]: cookie } : {},
      ...(body === undefined
        ? {}
        : { headers: { "content-type": "application/json" }, payload: JSON.stringify(body) }),
    });

  it("answers 401 to every portal call when signed out", async () => {
    for (const [method, url] of [
      ["GET", "/api/websites"],
      ["GET", "/api/domains"],
      ["GET", "/api/billing"],
      ["GET", "/api/tickets"],
      ["POST", "/api/tickets"],
    ] as const) {
      const response = await call(undefined, method, url, method === "POST" ? {} : undefined);
      expect(response.statusCode, url).toBe(401);
      expect(response.json()).toEqual({ message: "Unauthorized" });
    }
  });

  it("shows a new client empty lists, not someone else's rows", async () => {
    for (const url of ["/api/websites", "/api/domains", "/api/tickets"]) {
      expect((await call(other, "GET", url)).json(), url).toEqual([]);
    }
    expect((await call(other, "GET", "/api/billing")).json()).toMatchObject({
      plans: [],
      monthlyCostCents: 0,
      nextBillingDate: null,
      paymentMethod: null,
      balanceCents: 0,
    });
    expect((await call(other, "GET", "/api/invoices")).json()).toEqual([]);
    expect((await call(other, "GET", "/api/payments")).json()).toEqual([]);
  });

  it("turns auto-renew on and off, for the owner only", async () => {
    const [domain] = await t.database.db.select().from(domains).where(eq(domains.autoRenew, false));
    const intruder = await call(other, "PATCH", `/api/domains/${domain!.id}`, { autoRenew: true });
    expect(intruder.statusCode).toBe(404);
    const [unchanged] = await t.database.db
      .select()
      .from(domains)
      .where(eq(domains.id, domain!.id));
    expect(unchanged?.autoRenew).toBe(false);

    const on = await call(client, "PATCH", `/api/domains/${domain!.id}`, { autoRenew: true });
    expect(on.statusCode).toBe(200);
    expect(on.json().autoRenew).toBe(true);
    const off = await call(client, "PATCH", `/api/domains/${domain!.id}`, { autoRenew: false });
    expect(off.json().autoRenew).toBe(false);

    const bad = await call(client, "PATCH", `/api/domains/${domain!.id}`, { autoRenew: "yes" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ autoRenew: "Auto-renew must be true or false" });
    const unknown = await call(client, "PATCH", "/api/domains/not-a-uuid", { autoRenew: true });
    expect(unknown.statusCode).toBe(400);
  });

  it("opens a ticket with its first message, threads replies, and reopens a resolved one", async () => {
    const invalid = await call(client, "POST", "/api/tickets", {
      subject: "Hey",
      message: "short",
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual({
      subject: "Subject must be at least 5 characters",
      message: "Message must be at least 10 characters",
    });

    const created = await call(client, "POST", "/api/tickets", {
      subject: "Update our opening hours",
      message: "Please change Saturday hours to 8am-2pm on the contact page.",
      priority: "low",
    });
    expect(created.statusCode).toBe(201);
    const ticket = created.json();
    expect(ticket).toMatchObject({
      subject: "Update our opening hours",
      status: "open",
      priority: "low",
    });

    const thread = (await call(client, "GET", `/api/tickets/${ticket.id}`)).json();
    expect(thread.messages).toEqual([
      expect.objectContaining({
        body: "Please change Saturday hours to 8am-2pm on the contact page.",
        fromStaff: false,
        authorName: "Jordan Rivera",
      }),
    ]);

    await t.database.db
      .update(supportTickets)
      .set({ status: "resolved" })
      .where(eq(supportTickets.id, ticket.id));
    const reply = await call(client, "POST", `/api/tickets/${ticket.id}/messages`, {
      body: "Sorry, one more thing: Sundays are now closed.",
    });
    expect(reply.statusCode).toBe(201);
    expect(reply.json().status).toBe("open");
    expect(reply.json().messages).toHaveLength(2);
  });

  it("lets a client choose low, medium or high priority, and leaves Urgent to staff", async () => {
    const [before] = await t.database.db.select({ n: count() }).from(supportTickets);
    const urgent = await call(client, "POST", "/api/tickets", {
      subject: "Everything is on fire",
      message: "Please look at this before anything else in the queue.",
      priority: "urgent",
    });
    expect(urgent.statusCode).toBe(400);
    expect(urgent.json().errors).toEqual({ priority: "Choose low, medium or high priority" });
    const [after] = await t.database.db.select({ n: count() }).from(supportTickets);
    expect(after?.n).toBe(before?.n);
  });

  it("keeps one client out of another's tickets", async () => {
    const [ticket] = await t.database.db.select().from(supportTickets).limit(1);
    const read = await call(other, "GET", `/api/tickets/${ticket!.id}`);
    expect(read.statusCode).toBe(404);
    const before = await t.database.db
      .select()
      .from(ticketMessages)
      .where(eq(ticketMessages.ticketId, ticket!.id));
    const write = await call(other, "POST", `/api/tickets/${ticket!.id}/messages`, {
      body: "I should not be able to post this here.",
    });
    expect(write.statusCode).toBe(404);
    const after = await t.database.db
      .select()
      .from(ticketMessages)
      .where(eq(ticketMessages.ticketId, ticket!.id));
    expect(after).toHaveLength(before.length);
    // The ticket itself is untouched: a reply would have moved its status and its updatedAt.
    const [unchanged] = await t.database.db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.id, ticket!.id));
    expect(unchanged).toEqual(ticket);
  });
});

/** The demo an evaluation install starts with: what its client sees first. */
describe.each(databaseKinds)("the demo client's portal on %s", (kind) => {
  let t: TestApp;
  let demo: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedDemoData(t.database.db);
    demo = await signInAs(t, demoClientEmail);
  });
  afterAll(() => t.close());

  it("shows the demo client the seed's samples", async () => {
    const sites = (await callApi(t, demo, "GET", "/api/websites")).json();
    expect(sites).toEqual([
      expect.objectContaining({
        domain: "riverabakery.example",
        plan: "VPS Hosting",
        status: "active",
        health: "up",
        monthlyVisitors: DEMO_HISTORY.visitors,
        uptimePercent: DEMO_HISTORY.uptimePercent,
        bandwidthBytes: demoBandwidthThisMonth(),
      }),
    ]);
    expect(sites[0].monthlyVisitors).toBe(3_120);
    expect(sites[0].uptimePercent).toBe(99.94);
    const health = (await callApi(t, demo, "GET", `/api/websites/${sites[0].id}/health`)).json();
    expect(health).toMatchObject({
      pageViews: 5_928,
      uptime: { percent: 99.94, status: "up" },
      bandwidth: { thisMonthBytes: demoBandwidthThisMonth() },
    });
    expect(health.days).toHaveLength(30);
    expect(health.days.reduce((sum: number, d: { visitors: number }) => sum + d.visitors, 0)).toBe(
      3_120,
    );
    expect(
      health.uptime.incidents.map((i: { cause: string; durationSeconds: number }) => [
        i.cause,
        i.durationSeconds,
      ]),
    ).toEqual([
      ["http", 8 * 60],
      ["timeout", 14 * 60],
    ]);
    const billing = (await callApi(t, demo, "GET", "/api/billing")).json();
    expect(billing).toMatchObject({
      plans: [{ name: "VPS Hosting", amountCents: 2499, status: "active" }],
      monthlyCostCents: 2499,
      paymentMethod: { brand: "Visa", last4: "4242" },
    });
    // No long digit runs (a card or account number) outside the ids, whose hex may be all digits.
    const withoutIds = JSON.stringify(billing).replace(/"id":"[0-9a-f-]{36}"/g, "");
    expect(withoutIds).not.toMatch(/\d{12,}/);
    const list = (await callApi(t, demo, "GET", "/api/domains")).json();
    expect(list.map((d: { autoRenew: boolean; expiringSoon: boolean }) => d.autoRenew)).toEqual([
      false,
      true,
    ]);
    expect(list[0].expiringSoon).toBe(true);
    expect(list[1].expiringSoon).toBe(false);
    const tickets = (await callApi(t, demo, "GET", "/api/tickets")).json();
    expect(
      tickets.map((x: { status: string; priority: string }) => [x.status, x.priority]),
    ).toEqual([
      ["open", "high"],
      ["in-progress", "medium"],
      // One of each archived month, resolved.
      ["resolved", "medium"],
      ["resolved", "medium"],
      ["resolved", "medium"],
    ]);
    // Its three archived reports each have a whole month of history and the month before it to
    // compare with: visitors both months, care hours with their notes, a ticket and an invoice.
    const reports = await t.database.db
      .select()
      .from(monthlyReports)
      .orderBy(desc(monthlyReports.month));
    expect(reports).toHaveLength(3);
    for (const { month, data } of reports) {
      const [site] = data.sites;
      expect(site!.visitors.value, month).toBeGreaterThan(0);
      expect(site!.visitors.before, month).toBeGreaterThan(0);
      expect(site!.pageViews.before, month).toBeGreaterThan(0);
      // A month's visitors near the month before's, as a steady site's are (not a few days' worth).
      expect(site!.visitors.before / site!.visitors.value, month).toBeGreaterThan(0.8);
      expect(site!.visitors.before / site!.visitors.value, month).toBeLessThan(1.25);
      expect(site!.topPages.map((page) => page.viewsBefore).filter(Boolean), month).not.toEqual([]);
      // Each device's speed against the month before's too.
      const before = site!.vitals.flatMap((device) => device.metrics.map((m) => m.before.visits));
      expect(before, month).not.toContain(0);
      expect(data.hours.usedMinutes, month).toBeGreaterThan(0);
      expect(
        data.hours.entries.map((entry) => entry.note.length > 1),
        month,
      ).not.toContain(false);
      expect(data.tickets.opened, month).toBeGreaterThan(0);
      expect(data.invoices.issued.length, month).toBeGreaterThan(0);
    }
  });
});
