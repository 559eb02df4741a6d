import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { teamMessages } from "@shared/schemas/team";
import {
  callApi,
  createTestApp,
  signInAs,
  type TestApp,
  type CallArgs,
} from "../../../../tests/support/app";
import { databaseKinds } from "../../../../tests/support/database";
import {
  aClient,
  aDomain,
  aPlan,
  aStaffMember,
  aTicket,
  aWebsite,
} from "../../../../tests/support/factories";
import {
  auditEvents,
  companyMembers,
  domains,
  outboxEmails,
  supportTickets,
  ticketMessages,
  users,
} from "../../db/schema";

const staffEmail = "avery@harborline.example";
const ownerEmail = "jordan@riverabakery.example";
const billingEmail = "books@riverabakery.example";
const memberEmail = "counter@riverabakery.example";
const outsiderEmail = "owner@tidepool.example";

describe.each(databaseKinds)("a client company's roles and team on %s", (kind) => {
  let t: TestApp;
  let company: string;
  let owner: string;
  let billing: string;
  let member: string;
  let outsider: string;
  let staff: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { ADMIN_EMAILS: staffEmail });
    const { db } = t.database;
    await aStaffMember(db, { email: staffEmail });
    // The company: a website, two domains, two tickets its owner opened, and a monthly plan.
    const given = await aClient(db, {
      name: "Rivera Bakery",
      owner: { email: ownerEmail, firstName: "Jordan", lastName: "Rivera" },
    });
    company = given.company.id;
    await aWebsite(db, company, { domain: "riverabakery.example" });
    await aDomain(db, company, { domain: "riverabakery.example", autoRenew: true });
    await aDomain(db, company, { domain: "riverabakery-catering.example", autoRenew: false });
    await aTicket(db, given.owner, company);
    await aTicket(db, given.owner, company);
    await aPlan(db, company, { name: "VPS Hosting", amountCents: 2499 });
    owner = await signInAs(t, ownerEmail);
    billing = await signInAs(t, billingEmail, { companyId: company, role: "billing" });
    member = await signInAs(t, memberEmail, { companyId: company, role: "member" });
    outsider = await signInAs(t, outsiderEmail);
    staff = await signInAs(t, staffEmail);
  });
  afterAll(() => t.close());

  const call = (...args: CallArgs) => callApi(t, ...args);
  const userId = async (email: string) =>
    (await t.database.db.select().from(users).where(eq(users.email, email)))[0]!.id;
  const roleOf = async (email: string) =>
    (
      await t.database.db
        .select({ role: companyMembers.role })
        .from(companyMembers)
        .where(eq(companyMembers.userId, await userId(email)))
    )[0]?.role;

  it("shows every role the company's websites, domains and tickets", async () => {
    for (const [who, cookie] of [
      ["owner", owner],
      ["billing", billing],
      ["member", member],
    ] as const) {
      const sites = (await call(cookie, "GET", "/api/websites")).json();
      expect(
        sites.map((s: { domain: string }) => s.domain),
        who,
      ).toEqual(["riverabakery.example"]);
      expect((await call(cookie, "GET", "/api/domains")).json(), who).toHaveLength(2);
      const tickets = (await call(cookie, "GET", "/api/tickets")).json();
      expect(tickets, who).toHaveLength(2);
      // Who opened each ticket.
      expect(
        tickets.map((x: { openedBy: string }) => x.openedBy),
        who,
      ).toEqual(["Jordan Rivera", "Jordan Rivera"]);
      const [ticket] = await t.database.db.select().from(supportTickets).limit(1);
      expect((await call(cookie, "GET", `/api/tickets/${ticket!.id}`)).statusCode, who).toBe(200);
    }
  });

  it("shows billing to owners and billing members only: a member gets 404", async () => {
    for (const cookie of [owner, billing]) {
      const response = await call(cookie, "GET", "/api/billing");
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        plans: [{ name: "VPS Hosting", amountCents: 2499 }],
        monthlyCostCents: 2499,
      });
    }
    const refused = await call(member, "GET", "/api/billing");
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ message: "Billing not found" });
  });

  it("keeps another company's member out: empty lists, 404 for each row, nothing changed", async () => {
    expect((await call(outsider, "GET", "/api/websites")).json()).toEqual([]);
    expect((await call(outsider, "GET", "/api/domains")).json()).toEqual([]);
    expect((await call(outsider, "GET", "/api/tickets")).json()).toEqual([]);
    // Their own company has no plans, card or invoices yet.
    expect((await call(outsider, "GET", "/api/billing")).json()).toMatchObject({
      plans: [],
      paymentMethod: null,
      balanceCents: 0,
    });
    expect((await call(outsider, "GET", "/api/invoices")).json()).toEqual([]);

    const [ticket] = await t.database.db.select().from(supportTickets).limit(1);
    expect((await call(outsider, "GET", `/api/tickets/${ticket!.id}`)).statusCode).toBe(404);
    const messagesBefore = await t.database.db.$count(ticketMessages);
    const reply = await call(outsider, "POST", `/api/tickets/${ticket!.id}/messages`, {
      body: "Someone else's ticket, answered.",
    });
    expect(reply.statusCode).toBe(404);
    expect(await t.database.db.$count(ticketMessages)).toBe(messagesBefore);

    const [domain] = await t.database.db.select().from(domains).limit(1);
    const renew = await call(outsider, "PATCH", `/api/domains/${domain!.id}`, {
      autoRenew: !domain!.autoRenew,
    });
    expect(renew.statusCode).toBe(404);
    const [after] = await t.database.db.select().from(domains).where(eq(domains.id, domain!.id));
    expect(after!.autoRenew).toBe(domain!.autoRenew);
  });

  it("lets every member switch auto-renew and open tickets for the company, named as theirs", async () => {
    const [domain] = await t.database.db.select().from(domains).limit(1);
    const renew = await call(member, "PATCH", `/api/domains/${domain!.id}`, {
      autoRenew: !domain!.autoRenew,
    });
    expect(renew.statusCode).toBe(200);
    await call(member, "PATCH", `/api/domains/${domain!.id}`, { autoRenew: domain!.autoRenew });

    const opened = await call(member, "POST", "/api/tickets", {
      subject: "The menu page has a typo",
      message: "Croissant is spelled wrong on the menu page.",
      priority: "low",
    });
    expect(opened.statusCode).toBe(201);
    expect(opened.json().openedBy).toBe("counter");
    // The owner sees it, and each reply names its author.
    const replied = await call(billing, "POST", `/api/tickets/${opened.json().id}/messages`, {
      body: "Also on the specials board, please.",
    });
    expect(replied.statusCode).toBe(201);
    expect(replied.json().messages.map((m: { authorName: string }) => m.authorName)).toEqual([
      "counter",
      "books",
    ]);
    const seen = (await call(owner, "GET", "/api/tickets")).json();
    expect(seen.map((x: { subject: string }) => x.subject)).toContain("The menu page has a typo");
    expect((await call(outsider, "GET", `/api/tickets/${opened.json().id}`)).statusCode).toBe(404);
  });

  it("lets only owners read and change the team: 403 for billing and members, nothing stored", async () => {
    const listed = await call(owner, "GET", "/api/team/members");
    expect(listed.statusCode).toBe(200);
    expect(listed.json().map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
      [ownerEmail, "owner"],
      [billingEmail, "billing"],
      [memberEmail, "member"],
    ]);
    const membersBefore = await t.database.db.$count(companyMembers);
    const billingId = await userId(billingEmail);
    for (const cookie of [billing, member]) {
      for (const [method, url, body] of [
        ["GET", "/api/team/members", undefined],
        ["POST", "/api/team/members", { email: "sneaky@example.com", role: "owner" }],
        ["PATCH", `/api/team/members/${billingId}`, { role: "owner" }],
        ["DELETE", `/api/team/members/${billingId}`, undefined],
      ] as const) {
        const response = await call(cookie, method, url, body);
        expect(response.statusCode, `${method} ${url}`).toBe(403);
        expect(response.json()).toEqual({ message: teamMessages.ownersOnly });
      }
    }
    expect(await t.database.db.$count(companyMembers)).toBe(membersBefore);
    expect(await roleOf(billingEmail)).toBe("billing");
    expect(await t.database.db.$count(users, eq(users.email, "sneaky@example.com"))).toBe(0);
    // Every member knows their own role.
    expect((await call(member, "GET", "/api/team")).json()).toMatchObject({
      companyId: company,
      companyName: "Rivera Bakery",
      role: "member",
    });
  });

  it("invites a member by email with a role: the account, the membership and the email", async () => {
    const invited = await call(owner, "POST", "/api/team/members", {
      email: "Baker@RiveraBakery.example",
      firstName: "Sam",
      role: "billing",
    });
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toMatchObject({
      email: "baker@riverabakery.example",
      name: "Sam",
      role: "billing",
    });
    expect(await roleOf("baker@riverabakery.example")).toBe("billing");
    const [email] = await t.database.db
      .select()
      .from(outboxEmails)
      .where(
        and(
          eq(outboxEmails.to, "baker@riverabakery.example"),
          eq(outboxEmails.kind, "client-invitation"),
        ),
      );
    expect(email?.subject).toBe(
      "You have been added to Rivera Bakery on the Harborline client portal",
    );
    const link = email!.text.match(/\/api\/login\/email\?token=[\w-]+/)![0];
    const signIn = await t.app.inject({ method: "GET", url: link });
    expect(signIn.headers.location).toBe("/dashboard");

    const [event] = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "member.invited"))
      .orderBy(desc(auditEvents.createdAt))
      .limit(1);
    expect(event).toMatchObject({
      action: "member.invited",
      actorEmail: ownerEmail,
      actorIsStaff: false,
      companyId: company,
      targetType: "user",
      targetId: invited.json().id,
      changes: { after: { email: "baker@riverabakery.example", role: "billing" } },
    });
  });

  it("refuses to invite a member of another company, a member again, or a bad address", async () => {
    const before = await t.database.db.$count(companyMembers);
    const emails = await t.database.db.$count(outboxEmails);
    const taken = await call(owner, "POST", "/api/team/members", {
      email: outsiderEmail,
      role: "member",
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: teamMessages.otherCompany });
    const again = await call(owner, "POST", "/api/team/members", {
      email: memberEmail,
      role: "owner",
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: teamMessages.alreadyMember });
    const bad = await call(owner, "POST", "/api/team/members", { email: "nope", role: "chef" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      email: "Invalid email address",
      role: "Choose owner, billing or member",
    });
    expect(await t.database.db.$count(companyMembers)).toBe(before);
    expect(await t.database.db.$count(outboxEmails)).toBe(emails);
    expect(await roleOf(memberEmail)).toBe("member");
    expect(await roleOf(outsiderEmail)).toBe("owner");
  });

  it("changes a role, and keeps the last owner an owner", async () => {
    const ownerId = await userId(ownerEmail);
    for (const [method, body] of [
      ["PATCH", { role: "member" }],
      ["DELETE", undefined],
    ] as const) {
      const refused = await call(owner, method, `/api/team/members/${ownerId}`, body);
      expect(refused.statusCode, method).toBe(409);
      expect(refused.json()).toEqual({ message: teamMessages.lastOwner });
    }
    expect(await roleOf(ownerEmail)).toBe("owner");

    // Another company's member is not found, and keeps their role.
    const outsiderId = await userId(outsiderEmail);
    const elsewhere = await call(owner, "PATCH", `/api/team/members/${outsiderId}`, {
      role: "member",
    });
    expect(elsewhere.statusCode).toBe(404);
    expect(await roleOf(outsiderEmail)).toBe("owner");

    const memberId = await userId(memberEmail);
    const promoted = await call(owner, "PATCH", `/api/team/members/${memberId}`, {
      role: "owner",
    });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json()).toMatchObject({ email: memberEmail, role: "owner" });
    const [event] = await t.database.db
      .select()
      .from(auditEvents)
      .orderBy(desc(auditEvents.createdAt))
      .limit(1);
    expect(event).toMatchObject({
      action: "member.role-changed",
      companyId: company,
      targetId: memberId,
      changes: {
        before: { email: memberEmail, role: "member" },
        after: { email: memberEmail, role: "owner" },
      },
    });

    // With a second owner, the first may step down; then the second is the last.
    const down = await call(owner, "PATCH", `/api/team/members/${ownerId}`, { role: "billing" });
    expect(down.statusCode).toBe(200);
    const lastNow = await call(member, "PATCH", `/api/team/members/${memberId}`, {
      role: "member",
    });
    expect(lastNow.statusCode).toBe(409);
    // Back as it was.
    expect(
      (await call(member, "PATCH", `/api/team/members/${ownerId}`, { role: "owner" })).statusCode,
    ).toBe(200);
    expect(
      (await call(owner, "PATCH", `/api/team/members/${memberId}`, { role: "member" })).statusCode,
    ).toBe(200);
  });

  it("removes a member, who then sees nothing of the company", async () => {
    const removedCookie = await signInAs(t, "temp@riverabakery.example", {
      companyId: company,
      role: "member",
    });
    const removedId = await userId("temp@riverabakery.example");
    const removed = await call(owner, "DELETE", `/api/team/members/${removedId}`);
    expect(removed.statusCode).toBe(204);
    expect(await roleOf("temp@riverabakery.example")).toBeUndefined();
    expect((await call(removedCookie, "GET", "/api/websites")).json()).toEqual([]);
    expect((await call(removedCookie, "GET", "/api/billing")).statusCode).toBe(404);
    const tickets = await t.database.db.$count(supportTickets);
    const opened = await call(removedCookie, "POST", "/api/tickets", {
      subject: "Still here?",
      message: "Can I still open tickets for the bakery?",
    });
    expect(opened.statusCode).toBe(403);
    expect(await t.database.db.$count(supportTickets)).toBe(tickets);
    const [event] = await t.database.db
      .select()
      .from(auditEvents)
      .orderBy(desc(auditEvents.createdAt))
      .limit(1);
    expect(event).toMatchObject({
      action: "member.removed",
      companyId: company,
      targetId: removedId,
      changes: { before: { email: "temp@riverabakery.example", role: "member" } },
    });
  });

  it("lets staff add members, change roles and remove them, within the same rules", async () => {
    const base = `/api/admin/clients/${company}/members`;
    const added = await call(staff, "POST", base, { email: "chef@riverabakery.example" });
    expect(added.statusCode).toBe(201);
    const chef = added
      .json()
      .members.find((m: { email: string }) => m.email === "chef@riverabakery.example");
    expect(chef).toMatchObject({ role: "member" });

    const changed = await call(staff, "PATCH", `${base}/${chef.id}`, { role: "billing" });
    expect(changed.statusCode).toBe(200);
    expect(await roleOf("chef@riverabakery.example")).toBe("billing");

    const ownerId = await userId(ownerEmail);
    const last = await call(staff, "DELETE", `${base}/${ownerId}`);
    expect(last.statusCode).toBe(409);
    expect(last.json()).toEqual({ message: teamMessages.lastOwner });

    const taken = await call(staff, "POST", base, { email: outsiderEmail, role: "member" });
    expect(taken.statusCode).toBe(409);

    // Another company's member is not found here.
    const outsiderId = await userId(outsiderEmail);
    expect((await call(staff, "DELETE", `${base}/${outsiderId}`)).statusCode).toBe(404);
    expect(await roleOf(outsiderEmail)).toBe("owner");

    const gone = await call(staff, "DELETE", `${base}/${chef.id}`);
    expect(gone.statusCode).toBe(200);
    expect(gone.json().members.map((m: { email: string }) => m.email)).not.toContain(
      "chef@riverabakery.example",
    );

    const events = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.companyId, company), eq(auditEvents.actorIsStaff, true)))
      .orderBy(desc(auditEvents.createdAt));
    expect(events.slice(0, 3).map((e) => e.action)).toEqual([
      "member.removed",
      "member.role-changed",
      "member.invited",
    ]);
    expect(events[0]).toMatchObject({ actorEmail: staffEmail, targetId: chef.id });

    // Unknown company.
    const nowhere = `/api/admin/clients/${ownerId}/members`;
    expect((await call(staff, "POST", nowhere, { email: "x@example.com" })).statusCode).toBe(404);
  });

  it("refuses the team routes to clients of staff and to the signed out", async () => {
    expect((await call(undefined, "GET", "/api/team/members")).statusCode).toBe(401);
    expect(
      (await call(owner, "POST", `/api/admin/clients/${company}/members`, { email: "a@b.co" }))
        .statusCode,
    ).toBe(403);
  });
});
