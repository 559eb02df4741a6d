import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  callApi,
  createTestApp,
  signInAs,
  type TestApp,
  type CallArgs,
} from "../../../../tests/support/app";
import { databaseKinds } from "../../../../tests/support/database";
import { aClient, aPlan, aStaffMember, aWebsite } from "../../../../tests/support/factories";
import {
  auditEvents,
  outboxEmails,
  recurringPlans,
  supportTickets,
  ticketMessages,
  users,
} from "../../db/schema";
import { demoAdminEmail, seedDemoData } from "../../demo/seed";
import { ticketNumber } from "@shared/ticket-number";

const staffEmail = "avery@harborline.example";
const clientEmail = "jordan@riverabakery.example";
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const fieldProblem = "Some fields need attention. Please check them and try again.";

/*
 * Issue 18's ticket workflow through the API: the client resolves their own ticket and reopens
 * it by replying, tickets point at one of the client's websites, staff assign them to one of
 * staff, and the queue counts down to each plan's first-response target.
 */
describe.each(databaseKinds)("the ticket workflow on %s", (kind) => {
  let t: TestApp;
  let staff: string;
  let client: string;
  let other: string;
  let maintained: string;
  let clientCompany: string;
  let otherCompany: string;
  let clientSite: string;
  let otherSite: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { ADMIN_EMAILS: `${staffEmail},second@harborline.example` });
    const { db } = t.database;
    await aStaffMember(db, { email: staffEmail, firstName: "Avery", lastName: "Harbor" });
    // A second member of staff, who has never signed in.
    await aStaffMember(db, {
      email: "second@harborline.example",
      firstName: "Sam",
      lastName: null,
    });
    // A hosting client with a website, another client with one, and a maintenance client (a
    // plan from the catalogue's maintenance examples).
    const given = await aClient(db, {
      owner: { email: clientEmail, firstName: "Jordan", lastName: "Rivera" },
    });
    clientCompany = given.company.id;
    clientSite = (await aWebsite(db, clientCompany, { domain: "riverabakery.example" })).id;
    await aPlan(db, clientCompany, {
      name: "VPS Hosting",
      amountCents: 2499,
      startsOn: "2026-01-01",
    });
    const otherClient = await aClient(db);
    otherCompany = otherClient.company.id;
    otherSite = (await aWebsite(db, otherCompany, { domain: "tidewatercafe.example" })).id;
    const maintainedClient = await aClient(db);
    await aPlan(db, maintainedClient.company.id, {
      name: "Standard Care",
      amountCents: 60_000,
      startsOn: "2026-01-01",
    });
    staff = await signInAs(t, staffEmail);
    client = await signInAs(t, clientEmail);
    other = await signInAs(t, otherClient.owner.email);
    maintained = await signInAs(t, maintainedClient.owner.email);
  });
  afterAll(() => t.close());

  const call = (...args: CallArgs) => callApi(t, ...args);
  const ticketRow = async (id: string) =>
    (await t.database.db.select().from(supportTickets).where(eq(supportTickets.id, id)))[0]!;
  const open = async (cookie: string, extra: Record<string, unknown> = {}) => {
    const response = await call(cookie, "POST", "/api/tickets", {
      subject: "The opening hours are wrong",
      message: "Saturday should read 9 to 3, not 9 to 5.",
      ...extra,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: string; website: { id: string; domain: string } | null };
  };
  // The queue's first page, of the largest size: every ticket these tests open.
  const queue = async (search = "") =>
    (
      await call(staff, "GET", `/api/admin/tickets${search}${search ? "&" : "?"}pageSize=100`)
    ).json().items as {
      id: string;
      subject: string;
      website: { domain: string } | null;
      assignee: { name: string } | null;
      plan: string | null;
      serviceLevel: string;
      firstResponse: { state: string; minutes: number | null; onTime: boolean | null };
    }[];

  it("lets the client resolve their own ticket, and reopens it when they reply", async () => {
    const ticket = await open(client);
    const resolved = await call(client, "POST", `/api/tickets/${ticket.id}/resolve`);
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json()).toMatchObject({ id: ticket.id, status: "resolved" });
    expect((await ticketRow(ticket.id)).status).toBe("resolved");
    const listed = (await call(client, "GET", "/api/tickets")).json();
    expect(listed.find((x: { id: string }) => x.id === ticket.id).status).toBe("resolved");
    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetId, ticket.id), eq(auditEvents.action, "ticket.changed")));
    expect(audit?.changes).toEqual({ before: { status: "open" }, after: { status: "resolved" } });

    // Staff hear of it once, in the bell and in the agency's inbox; resolving again is no news.
    const told = async () => {
      const bell = (await call(staff, "GET", "/api/notices")).json() as {
        notices: { title: string; link: string }[];
      };
      const mails = await t.database.db
        .select()
        .from(outboxEmails)
        .where(
          and(
            eq(outboxEmails.kind, "ticket-status"),
            eq(
              outboxEmails.subject,
              `Resolved by the client: The opening hours are wrong [${ticketNumber(ticket.id)}]`,
            ),
          ),
        );
      return {
        notices: bell.notices.filter(
          (n) => n.link === `/admin/tickets/${ticket.id}` && n.title.includes("marked resolved"),
        ).length,
        emails: mails.length,
      };
    };
    expect(await told()).toEqual({ notices: 1, emails: 1 });

    // Resolving it again changes nothing.
    const again = await call(client, "POST", `/api/tickets/${ticket.id}/resolve`);
    expect(again.json().status).toBe("resolved");
    expect(await told()).toEqual({ notices: 1, emails: 1 });

    const reply = await call(client, "POST", `/api/tickets/${ticket.id}/messages`, {
      body: "Sorry, Sunday is still wrong on the contact page.",
    });
    expect(reply.statusCode).toBe(201);
    expect(reply.json().status).toBe("open");
    expect((await ticketRow(ticket.id)).status).toBe("open");
  });

  it("answers 404 to a client resolving another company's ticket, and changes nothing", async () => {
    const ticket = await open(client);
    const before = await ticketRow(ticket.id);
    const refused = await call(other, "POST", `/api/tickets/${ticket.id}/resolve`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ message: "Ticket not found" });
    expect(await ticketRow(ticket.id)).toEqual(before);
  });

  it("links a ticket to one of the client's own websites, and refuses another company's", async () => {
    const linked = await open(client, { websiteId: clientSite });
    expect(linked.website).toEqual({ id: clientSite, domain: "riverabakery.example" });
    expect((await ticketRow(linked.id)).websiteId).toBe(clientSite);
    const detail = (await call(client, "GET", `/api/tickets/${linked.id}`)).json();
    expect(detail.website).toEqual({ id: clientSite, domain: "riverabakery.example" });
    const list = (await call(client, "GET", "/api/tickets")).json();
    expect(list.find((x: { id: string }) => x.id === linked.id).website.domain).toBe(
      "riverabakery.example",
    );

    const none = await open(client, { websiteId: "" });
    expect(none.website).toBeNull();

    const [before] = await t.database.db.select({ n: count() }).from(supportTickets);
    const theirs = await call(client, "POST", "/api/tickets", {
      subject: "Please look at this site",
      message: "Something is wrong with the menu page.",
      websiteId: otherSite,
    });
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json()).toEqual({
      message: "That website is not one of yours. Choose one of your websites, or none.",
      errors: {
        websiteId: "That website is not one of yours. Choose one of your websites, or none.",
      },
    });
    const notAnId = await call(client, "POST", "/api/tickets", {
      subject: "Please look at this site",
      message: "Something is wrong with the menu page.",
      websiteId: "riverabakery.example",
    });
    expect(notAnId.statusCode).toBe(400);
    expect(notAnId.json()).toEqual({
      message: fieldProblem,
      errors: { websiteId: "Choose one of your websites, or none" },
    });
    const [after] = await t.database.db.select({ n: count() }).from(supportTickets);
    expect(after?.n).toBe(before?.n);

    // Staff change the link: to another of the client's sites (or none), never another's.
    const moved = await call(staff, "PATCH", `/api/admin/tickets/${none.id}`, {
      websiteId: clientSite,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().website).toEqual({ id: clientSite, domain: "riverabakery.example" });
    const wrong = await call(staff, "PATCH", `/api/admin/tickets/${none.id}`, {
      websiteId: otherSite,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({
      websiteId:
        "That website belongs to another client. Choose one of this client's websites, or none.",
    });
    expect((await ticketRow(none.id)).websiteId).toBe(clientSite);
    const unlinked = await call(staff, "PATCH", `/api/admin/tickets/${none.id}`, {
      websiteId: null,
    });
    expect(unlinked.json().website).toBeNull();

    const choices = (await call(staff, "GET", `/api/admin/tickets/${none.id}/choices`)).json();
    expect(choices.websites).toEqual([{ id: clientSite, domain: "riverabakery.example" }]);
    expect(choices.assignees.map((x: { name: string }) => x.name)).toEqual(["Avery Harbor", "Sam"]);
    expect((await call(client, "GET", `/api/admin/tickets/${none.id}/choices`)).statusCode).toBe(
      403,
    );
  });

  it("assigns a ticket to a member of staff only, and filters the queue by assignee", async () => {
    const ticket = await open(client);
    const [avery] = await t.database.db.select().from(users).where(eq(users.email, staffEmail));
    const [jordan] = await t.database.db.select().from(users).where(eq(users.email, clientEmail));

    const toClient = await call(staff, "PATCH", `/api/admin/tickets/${ticket.id}`, {
      assigneeId: jordan!.id,
    });
    expect(toClient.statusCode).toBe(400);
    expect(toClient.json()).toEqual({
      message: "Only a member of staff can take a ticket. Choose someone from the staff list.",
      errors: {
        assigneeId: "Only a member of staff can take a ticket. Choose someone from the staff list.",
      },
    });
    expect((await ticketRow(ticket.id)).assigneeId).toBeNull();

    const assigned = await call(staff, "PATCH", `/api/admin/tickets/${ticket.id}`, {
      assigneeId: avery!.id,
    });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json().assignee).toEqual({ id: avery!.id, name: "Avery Harbor" });

    const mine = await queue("?assignee=me");
    expect(mine.map((x) => x.id)).toContain(ticket.id);
    expect(mine.every((x) => x.assignee?.name === "Avery Harbor")).toBe(true);
    expect((await queue("?assignee=none")).map((x) => x.id)).not.toContain(ticket.id);
    expect((await queue()).find((x) => x.id === ticket.id)?.assignee?.name).toBe("Avery Harbor");

    const unassigned = await call(staff, "PATCH", `/api/admin/tickets/${ticket.id}`, {
      assigneeId: null,
    });
    expect(unassigned.json().assignee).toBeNull();
    expect((await queue("?assignee=none")).map((x) => x.id)).toContain(ticket.id);
    const badFilter = await call(staff, "GET", "/api/admin/tickets?assignee=someone");
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.json().errors).toEqual({ assignee: "assignee: me or none" });
  });

  it("sets the first reply's due time from the client's plan: 4 h on maintenance, else 24 h", async () => {
    const maintainedTicket = await open(maintained);
    const hostedTicket = await open(client);
    const hours = async (id: string) => {
      const row = await ticketRow(id);
      return (row.firstResponseDueAt!.getTime() - row.createdAt.getTime()) / HOUR_MS;
    };
    expect(await hours(maintainedTicket.id)).toBe(4);
    // The client pays for VPS Hosting only.
    expect(await hours(hostedTicket.id)).toBe(24);

    const listed = await queue();
    expect(listed.find((x) => x.id === maintainedTicket.id)).toMatchObject({
      plan: "Standard Care",
      serviceLevel: "Maintenance",
      firstResponse: { state: "due", minutes: 240 },
    });
    expect(listed.find((x) => x.id === hostedTicket.id)).toMatchObject({
      plan: "VPS Hosting",
      serviceLevel: "Standard",
      firstResponse: { state: "due", minutes: 1440 },
    });

    // A cancelled maintenance plan no longer counts.
    await t.database.db
      .update(recurringPlans)
      .set({ status: "cancelled", cancelledAt: new Date() })
      .where(eq(recurringPlans.name, "Standard Care"));
    expect(await hours((await open(maintained)).id)).toBe(24);
  });

  it("records the team's first reply once; the client's replies do not count", async () => {
    const ticket = await open(client);
    await call(client, "POST", `/api/tickets/${ticket.id}/messages`, {
      body: "Adding a detail: it is the footer too.",
    });
    expect((await ticketRow(ticket.id)).firstRespondedAt).toBeNull();

    const first = await call(staff, "POST", `/api/admin/tickets/${ticket.id}/messages`, {
      body: "Thanks, we are fixing both now.",
    });
    expect(first.statusCode).toBe(201);
    const answeredAt = (await ticketRow(ticket.id)).firstRespondedAt;
    expect(answeredAt).toBeInstanceOf(Date);
    const [message] = await t.database.db
      .select()
      .from(ticketMessages)
      .where(and(eq(ticketMessages.ticketId, ticket.id), eq(ticketMessages.fromStaff, true)));
    expect(Math.abs(answeredAt!.getTime() - message!.createdAt.getTime())).toBeLessThan(5_000);

    await new Promise((resolve) => setTimeout(resolve, 20));
    await call(staff, "POST", `/api/admin/tickets/${ticket.id}/messages`, {
      body: "Both are fixed now; please have a look.",
    });
    expect((await ticketRow(ticket.id)).firstRespondedAt).toEqual(answeredAt);
    expect((await queue()).find((x) => x.id === ticket.id)?.firstResponse).toMatchObject({
      state: "answered",
      onTime: true,
    });
  });

  it("reports time left, late and answered tickets, and sorts the most urgent first", async () => {
    const { db } = t.database;
    const now = Date.now();
    const at = (minutes: number) => new Date(now + minutes * MINUTE_MS);
    const base = { companyId: clientCompany, status: "open", priority: "medium" } as const;
    const [jordan] = await db.select().from(users).where(eq(users.email, clientEmail));
    const rows = await db
      .insert(supportTickets)
      .values([
        // Opened 21 h 50 min ago on a 24 h target: 2 h 10 min left.
        {
          ...base,
          userId: jordan!.id,
          subject: "Clock: due soon",
          createdAt: at(-(21 * 60 + 50)),
          firstResponseDueAt: at(130),
        },
        // Due 35 minutes ago, never answered.
        {
          ...base,
          userId: jordan!.id,
          subject: "Clock: late",
          createdAt: at(-(24 * 60 + 35)),
          firstResponseDueAt: at(-35),
        },
        // Answered 1 h 5 min after it opened.
        {
          ...base,
          userId: jordan!.id,
          subject: "Clock: answered",
          createdAt: at(-180),
          firstResponseDueAt: at(-180 + 240),
          firstRespondedAt: at(-180 + 65),
        },
        // Answered, but after its target.
        {
          ...base,
          userId: jordan!.id,
          subject: "Clock: answered late",
          createdAt: at(-600),
          firstResponseDueAt: at(-600 + 240),
          firstRespondedAt: at(-600 + 300),
        },
        // Resolved by the client before anyone replied.
        {
          ...base,
          userId: jordan!.id,
          subject: "Clock: closed",
          status: "resolved",
          createdAt: at(-600),
          firstResponseDueAt: at(-120),
        },
        // Much later than the other: it sorts first.
        {
          ...base,
          userId: jordan!.id,
          subject: "Clock: very late",
          createdAt: at(-3 * 24 * 60),
          firstResponseDueAt: at(-2 * 24 * 60 - 60),
        },
      ])
      .returning({ id: supportTickets.id, subject: supportTickets.subject });
    const ids = new Set(rows.map((row) => row.id));

    const clocks = Object.fromEntries(
      (await queue()).filter((x) => ids.has(x.id)).map((x) => [x.subject, x.firstResponse]),
    );
    expect(clocks["Clock: due soon"]).toMatchObject({ state: "due", minutes: 130 });
    expect(clocks["Clock: late"]).toMatchObject({ state: "late", minutes: 35 });
    expect(clocks["Clock: answered"]).toMatchObject({
      state: "answered",
      minutes: 65,
      onTime: true,
      targetHours: 4,
    });
    expect(clocks["Clock: answered late"]).toMatchObject({
      state: "answered",
      minutes: 300,
      onTime: false,
    });
    expect(clocks["Clock: closed"]).toMatchObject({ state: "closed", minutes: null });
    expect(clocks["Clock: very late"]).toMatchObject({ state: "late", minutes: 2 * 24 * 60 + 60 });

    const sorted = (await queue("?sort=time-left")).map((x) => x.subject);
    const waiting = sorted.filter((subject) =>
      ["Clock: very late", "Clock: late", "Clock: due soon"].includes(subject),
    );
    expect(waiting).toEqual(["Clock: very late", "Clock: late", "Clock: due soon"]);
    // Everything still waiting for a reply comes before the answered and closed ones.
    const lastWaiting = Math.max(...waiting.map((subject) => sorted.indexOf(subject)));
    expect(sorted.indexOf("Clock: answered")).toBeGreaterThan(lastWaiting);
    expect(sorted.indexOf("Clock: closed")).toBeGreaterThan(lastWaiting);
    const badSort = await call(staff, "GET", "/api/admin/tickets?sort=oldest");
    expect(badSort.statusCode).toBe(400);
  });
});

/** The demo an evaluation install starts with: its tickets show each state of the queue. */
describe.each(databaseKinds)("the demo's tickets on %s", (kind) => {
  let t: TestApp;
  let staff: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { ADMIN_EMAILS: demoAdminEmail });
    await seedDemoData(t.database.db);
    staff = await signInAs(t, demoAdminEmail);
  });
  afterAll(() => t.close());

  const queue = async () =>
    (await callApi(t, staff, "GET", "/api/admin/tickets?pageSize=100")).json().items as {
      subject: string;
    }[];

  it("seeds demo tickets on a website, one assigned and answered, one late", async () => {
    const seeded = Object.fromEntries((await queue()).map((x) => [x.subject, x]));
    expect(seeded["Checkout page loads slowly on mobile"]).toMatchObject({
      website: { domain: "riverabakery.example" },
      assignee: null,
      plan: "VPS Hosting",
      firstResponse: { state: "late" },
    });
    expect(seeded["Add a holiday hours banner to the home page"]).toMatchObject({
      website: { domain: "riverabakery.example" },
      assignee: { name: "Avery Harbor" },
      firstResponse: { state: "answered", minutes: 135, onTime: true },
    });
  });
});
