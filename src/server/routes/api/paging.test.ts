import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  callApi,
  companyOf,
  createTestApp,
  signInAs,
  type TestApp,
  type CallArgs,
} from "../../../../tests/support/app";
import { databaseKinds } from "../../../../tests/support/database";
import { aClient, aStaffMember, aTicket } from "../../../../tests/support/factories";
import { supportTickets } from "../../db/schema";

type Listed = { id: string; subject: string; messages: number };

const staffEmail = "avery@harborline.example";

/*
 * Issue 38: the staff ticket queue and invoice list answer a page at a time, with how many match
 * in all, so that a year of an agency's data does not come back on every open.
 */
describe.each(databaseKinds)("the queue and the invoice list, a page at a time, on %s", (kind) => {
  let t: TestApp;
  let staff: string;
  let client: string;
  let tidepool: string;
  const subjects: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind, { ADMIN_EMAILS: staffEmail });
    const { db } = t.database;
    await aStaffMember(db, { email: staffEmail, firstName: "Avery", lastName: "Harbor" });
    const { company, owner } = await aClient(db, {
      owner: { email: "jordan@riverabakery.example", firstName: "Jordan", lastName: "Rivera" },
    });
    // Seven tickets, an hour of activity apart, every other one high: the newest is "Ticket 7".
    for (let n = 1; n <= 7; n++) {
      const ticket = await aTicket(db, owner, company.id, {
        subject: `Ticket ${n}`,
        priority: n % 2 ? "high" : "low",
        ...(n <= 2 ? { status: "waiting" as const } : {}),
      });
      await db
        .update(supportTickets)
        .set({ updatedAt: new Date(Date.UTC(2026, 10, 20, n)) })
        .where(eq(supportTickets.id, ticket.id));
      subjects.unshift(`Ticket ${n}`);
    }
    staff = await signInAs(t, staffEmail);
    client = await signInAs(t, "jordan@riverabakery.example");
    await signInAs(t, "owner@tidepool.example");
    tidepool = await companyOf(t, "owner@tidepool.example");
  });
  afterAll(() => t.close());

  const call = (...args: CallArgs) => callApi(t, ...args);
  const tickets = async (search: string) => {
    const response = await call(staff, "GET", `/api/admin/tickets?${search}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { items: Listed[]; total: number; page: number; pageSize: number };
  };

  it("answers the queue's first page by default, and page 2 holds the next tickets", async () => {
    const first = await tickets("");
    expect(first).toMatchObject({ total: 7, page: 1, pageSize: 25 });
    expect(first.items.map((x) => x.subject)).toEqual(subjects);

    const one = await tickets("pageSize=3");
    const two = await tickets("pageSize=3&page=2");
    const three = await tickets("pageSize=3&page=3");
    expect([one, two, three].map((page) => page.items.map((x) => x.subject))).toEqual([
      subjects.slice(0, 3),
      subjects.slice(3, 6),
      subjects.slice(6),
    ]);
    expect([one.total, two.total, three.total]).toEqual([7, 7, 7]);
    // Past the last page: no tickets, the total still right.
    expect(await tickets("pageSize=3&page=4")).toMatchObject({ items: [], total: 7, page: 4 });
  });

  it("combines the filters, counts them in all, and pages the time-left order too", async () => {
    const high = await tickets("priority=high&pageSize=2&page=2");
    expect(high.total).toBe(4);
    expect(high.items.map((x) => x.subject)).toEqual(["Ticket 3", "Ticket 1"]);
    const highWaiting = await tickets("priority=high&status=waiting");
    expect(highWaiting.total).toBe(1);
    expect(highWaiting.items.map((x) => x.subject)).toEqual(["Ticket 1"]);
    expect((await tickets("priority=low&status=waiting&assignee=me")).total).toBe(0);

    const byTimeLeft = [1, 2, 3, 4].map((page) =>
      tickets(`sort=time-left&pageSize=2&page=${page}`),
    );
    const pages = await Promise.all(byTimeLeft);
    const paged = pages.flatMap((page) => page.items.map((x) => x.subject));
    const whole = (await tickets("sort=time-left")).items.map((x) => x.subject);
    expect(paged).toEqual(whole);
    expect(new Set(paged).size).toBe(7);
  });

  it("counts each listed ticket's messages, and reads one ticket's entry on its own", async () => {
    const [newest] = (await tickets("pageSize=1")).items;
    const replied = await call(staff, "POST", `/api/admin/tickets/${newest!.id}/messages`, {
      body: "We are looking at it this morning.",
    });
    expect(replied.statusCode).toBe(201);
    const [again] = (await tickets("pageSize=1")).items;
    expect(again).toMatchObject({ id: newest!.id, messages: 2 });
    expect((await tickets("pageSize=1&page=2")).items[0]?.messages).toBe(1);

    const entry = await call(staff, "GET", `/api/admin/tickets/${newest!.id}/queue-entry`);
    expect(entry.statusCode).toBe(200);
    expect(entry.json()).toMatchObject({
      id: newest!.id,
      subject: "Ticket 7",
      clientName: "Jordan Rivera",
      clientEmail: "jordan@riverabakery.example",
      messages: 2,
      firstResponse: { state: "answered" },
    });
    const missing = "00000000-0000-4000-8000-000000000000";
    expect((await call(staff, "GET", `/api/admin/tickets/${missing}/queue-entry`)).json()).toEqual({
      message: "Ticket not found",
    });
    expect(
      (await call(client, "GET", `/api/admin/tickets/${newest!.id}/queue-entry`)).statusCode,
    ).toBe(403);
  });

  it("refuses a bad page or page size with 400 and says what is allowed", async () => {
    for (const [search, message] of [
      ["page=0", "Page must be a whole number from 1 to"],
      ["page=two", "Page must be a whole number from 1 to"],
      ["pageSize=101", "Page size must be a whole number from 1 to 100"],
      ["pageSize=0", "Page size must be a whole number from 1 to 100"],
      ["pageSize=2.5", "Page size must be a whole number from 1 to 100"],
    ] as const) {
      for (const list of ["tickets", "invoices"]) {
        const bad = await call(staff, "GET", `/api/admin/${list}?${search}`);
        expect(bad.statusCode, `${list}?${search}`).toBe(400);
        expect(bad.body, `${list}?${search}`).toContain(message);
      }
    }
  });

  it("pages the invoice list with its filters, counting drafts for staff", async () => {
    const issue = (company: string, cents: number, issue = true) =>
      call(staff, "POST", "/api/admin/invoices", {
        companyId: company,
        lines: [{ description: `Work worth ${cents}`, quantity: 1, unitPriceCents: cents }],
        issue,
      });
    const riverabakery = await companyOf(t, "jordan@riverabakery.example");
    for (const cents of [100, 200, 300, 400, 500]) {
      expect((await issue(tidepool, cents)).statusCode).toBe(201);
    }
    expect((await issue(tidepool, 600, false)).statusCode).toBe(201);
    expect((await issue(riverabakery, 700)).statusCode).toBe(201);

    type InvoicePage = {
      invoices: { id: string; companyId: string; status: string; totalCents: number }[];
      total: number;
      page: number;
      pageSize: number;
    };
    const invoices = async (search: string) =>
      (await call(staff, "GET", `/api/admin/invoices?${search}`)).json() as InvoicePage;
    const all = await invoices(`companyId=${tidepool}`);
    expect(all).toMatchObject({ total: 6, page: 1, pageSize: 25 });
    // The draft on top, then the newest issued first.
    expect(all.invoices.map((i) => i.status)).toEqual(["draft", ...Array(5).fill("open")]);
    const pages = await Promise.all(
      [1, 2, 3].map((page) => invoices(`companyId=${tidepool}&pageSize=2&page=${page}`)),
    );
    expect(pages.flatMap((page) => page.invoices.map((i) => i.id))).toEqual(
      all.invoices.map((i) => i.id),
    );
    expect(pages.map((page) => page.total)).toEqual([6, 6, 6]);

    const open = await invoices(`companyId=${tidepool}&status=open&pageSize=2&page=3`);
    expect(open.total).toBe(5);
    expect(open.invoices.map((i) => i.totalCents)).toEqual([all.invoices[5]!.totalCents]);
    expect((await invoices("status=open")).total).toBe(6);
    expect((await invoices(`companyId=${tidepool}&overdue=true`)).total).toBe(0);

    // The client's own list stays whole: a company's invoices, without drafts.
    const own = await call(await signInAs(t, "owner@tidepool.example"), "GET", "/api/invoices");
    expect(own.json()).toHaveLength(5);
  });
});
