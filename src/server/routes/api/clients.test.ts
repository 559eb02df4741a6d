import { and, eq } from "drizzle-orm";
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
import {
  aClient,
  aPlan,
  aStaffMember,
  aTicket,
  aWebsite,
} from "../../../../tests/support/factories";
import { outboxEmails } from "../../db/schema";

const staffEmail = "avery@harborline.example";
const clientEmail = "jordan@riverabakery.example";

describe.each(databaseKinds)("the clients API for staff on %s", (kind) => {
  let t: TestApp;
  let staff: string;

  beforeAll(async () => {
    t = await createTestApp(kind, {
      ADMIN_EMAILS: staffEmail,
      AGENCY_INBOX: "desk@harborline.example",
    });
    const { db } = t.database;
    await aStaffMember(db, { email: staffEmail });
    // A client with a website, a monthly plan and two tickets still open (one being worked on).
    const { company, owner } = await aClient(db, {
      name: "Rivera Bakery",
      owner: { email: clientEmail, firstName: "Jordan", lastName: "Rivera" },
    });
    await aWebsite(db, company.id, { domain: "riverabakery.example" });
    await aPlan(db, company.id, { name: "VPS Hosting", amountCents: 2499 });
    await aTicket(db, owner, company.id);
    await aTicket(db, owner, company.id, { status: "in-progress" });
    staff = await signInAs(t, staffEmail);
  });
  afterAll(() => t.close());

  const call = (...args: CallArgs) => callApi(t, ...args);

  let samCompany: string;

  it("invites a client: the company exists with them as owner and a week-long sign-in link is emailed", async () => {
    const invited = await call(staff, "POST", "/api/admin/clients", {
      email: "Owner@NewBakery.example",
      firstName: "Sam",
      lastName: "Baker",
    });
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toMatchObject({ email: "owner@newbakery.example", emailed: true });
    samCompany = invited.json().id;
    // The company's name defaults to the person's.
    const page = (await call(staff, "GET", `/api/admin/clients/${samCompany}`)).json();
    expect(page.company.name).toBe("Sam Baker");
    expect(page.members.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
      ["owner@newbakery.example", "owner"],
    ]);
    const [email] = await t.database.db
      .select()
      .from(outboxEmails)
      .where(
        and(
          eq(outboxEmails.to, "owner@newbakery.example"),
          eq(outboxEmails.kind, "client-invitation"),
        ),
      );
    expect(email?.subject).toBe("Your Harborline client portal is ready");
    const link = email!.text.match(/\/api\/login\/email\?token=[\w-]+/)![0];
    const signIn = await t.app.inject({ method: "GET", url: link });
    expect(signIn.headers.location).toBe("/dashboard");

    const found = (await call(staff, "GET", "/api/admin/clients?q=sam%20baker")).json();
    expect(found).toEqual([
      {
        id: samCompany,
        name: "Sam Baker",
        ownerEmail: "owner@newbakery.example",
        members: 1,
        websites: 0,
        openTickets: 0,
        createdAt: expect.any(String),
      },
    ]);
    const bad = await call(staff, "POST", "/api/admin/clients", { email: "nope" });
    expect(bad.json().errors).toEqual({ email: "Invalid email address" });
  });

  it("lists companies with their owner, members, websites and open tickets", async () => {
    const list = (await call(staff, "GET", "/api/admin/clients")).json();
    expect(list.find((c: { name: string }) => c.name === "Rivera Bakery")).toMatchObject({
      ownerEmail: clientEmail,
      members: 1,
      websites: 1,
      openTickets: 2,
    });
    // Staff are not clients.
    expect(list.map((c: { ownerEmail: string }) => c.ownerEmail)).not.toContain(staffEmail);
    // Found by a member's name, and by the company's name.
    expect(
      (await call(staff, "GET", "/api/admin/clients?q=jordan"))
        .json()
        .map((c: { name: string }) => c.name),
    ).toEqual(["Rivera Bakery"]);
    expect(
      (await call(staff, "GET", "/api/admin/clients?q=rivera%20bak"))
        .json()
        .map((c: { name: string }) => c.name),
    ).toEqual(["Rivera Bakery"]);
  });

  it("names a new company as staff ask, and refuses someone who already belongs to one", async () => {
    const named = await call(staff, "POST", "/api/admin/clients", {
      companyName: "Tide Pool Books",
      email: "reader@tidepool.example",
    });
    expect(named.statusCode).toBe(201);
    const page = (await call(staff, "GET", `/api/admin/clients/${named.json().id}`)).json();
    expect(page.company.name).toBe("Tide Pool Books");

    const companiesBefore = (await call(staff, "GET", "/api/admin/clients")).json().length;
    const taken = await call(staff, "POST", "/api/admin/clients", {
      companyName: "Another Bakery",
      email: clientEmail,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe("That email address belongs to a member of another company.");
    const asStaff = await call(staff, "POST", "/api/admin/clients", { email: staffEmail });
    expect(asStaff.statusCode).toBe(409);
    expect(asStaff.json().message).toBe("That email address belongs to agency staff.");
    // Neither made a company.
    expect((await call(staff, "GET", "/api/admin/clients")).json()).toHaveLength(companiesBefore);
  });

  it("edits a client's websites, domains and billing, which the client then sees", async () => {
    const base = `/api/admin/clients/${samCompany}`;
    const withSite = await call(staff, "POST", `${base}/websites`, {
      domain: "NewBakery.example",
      plan: "Premium Hosting",
      status: "building",
    });
    expect(withSite.statusCode).toBe(200);
    const site = withSite.json().websites[0];
    // Nothing measured yet, and a site being built has no uptime.
    expect(site).toMatchObject({
      domain: "newbakery.example",
      checkUrl: null,
      monthlyVisitors: 0,
      uptimePercent: null,
      health: null,
      bandwidthBytes: 0,
    });
    expect(site.siteKey).toMatch(/^[0-9a-f]{32}$/);
    const edited = await call(staff, "PUT", `/api/admin/websites/${site.id}`, {
      domain: site.domain,
      plan: site.plan,
      status: "active",
      checkUrl: "https://newbakery.example/health",
    });
    expect(edited.json().websites[0]).toMatchObject({
      status: "active",
      checkUrl: "https://newbakery.example/health",
      health: "unknown",
      uptimePercent: null,
    });

    const withDomain = await call(staff, "POST", `${base}/domains`, {
      domain: "newbakery.example",
      autoRenew: false,
      expiresAt: "2030-01-31",
    });
    expect(withDomain.json().domains[0]).toMatchObject({ autoRenew: false, expiringSoon: false });

    const plan = await call(staff, "POST", `${base}/plans`, {
      name: "Premium Hosting",
      amountCents: 8000,
      billingDay: 1,
      startsOn: "2030-02-01",
    });
    expect(plan.statusCode).toBe(201);
    expect(plan.json()).toMatchObject({ amountCents: 8000, nextBillingDate: "2030-02-01" });

    const samCookie = await signInAs(t, "owner@newbakery.example");
    const seen = (await call(samCookie, "GET", "/api/websites")).json();
    expect(seen.map((s: { domain: string }) => s.domain)).toEqual(["newbakery.example"]);
    expect((await call(samCookie, "GET", "/api/billing")).json()).toMatchObject({
      plans: [{ name: "Premium Hosting", amountCents: 8000, nextBillingDate: "2030-02-01" }],
      monthlyCostCents: 8000,
      paymentMethod: null,
    });

    expect((await call(staff, "DELETE", `/api/admin/websites/${site.id}`)).statusCode).toBe(204);
    expect((await call(samCookie, "GET", "/api/websites")).json()).toEqual([]);
    const badDomain = await call(staff, "POST", `${base}/domains`, { domain: "not a domain" });
    expect(badDomain.json().errors.domain).toBe("Enter a domain such as example.com");
  });

  it("refuses addresses and dates that do not fit their column, naming the field and the rule", async () => {
    const base = `/api/admin/clients/${await companyOf(t, clientEmail)}`;
    const site = { domain: "jordan.example", plan: "Business", status: "active" };
    const address = "Check address must be an http:// or https:// address";
    for (const [field, value, message] of [
      ["checkUrl", "ftp://jordan.example/", address],
      ["checkUrl", "jordan.example", address],
      ["checkUrl", "https://", address],
      [
        "checkUrl",
        `https://jordan.example/${"a".repeat(2048)}`,
        "Check address must be at most 2048 characters",
      ],
      ["checkUrl", 42, "Check address must be text"],
    ] as const) {
      const response = await call(staff, "POST", `${base}/websites`, { ...site, [field]: value });
      expect(response.statusCode, `${field} ${value}`).toBe(400);
      expect(response.json().errors).toEqual({ [field]: message });
    }

    const domain = await call(staff, "POST", `${base}/domains`, {
      domain: "jordan.example",
      expiresAt: "0000-01-01",
    });
    expect(domain.statusCode).toBe(400);
    expect(domain.json().errors).toEqual({
      expiresAt: "Use a date between 2000-01-01 and 2100-12-31",
    });

    const plan = { name: "Business", amountCents: 4900, billingDay: 1, startsOn: "2030-01-01" };
    for (const [field, value, message] of [
      ["amountCents", 3e9, "Monthly price must be a whole number from 0 to 1,000,000,000"],
      ["billingDay", 29, "Billing day must be a whole number from 1 to 28"],
      ["billingDay", "abc", "Billing day must be a whole number from 1 to 28"],
      ["startsOn", "0000-12-31", "Use a date between 2000-01-01 and 2100-12-31"],
    ] as const) {
      const response = await call(staff, "POST", `${base}/plans`, { ...plan, [field]: value });
      expect(response.statusCode, `${field} ${value}`).toBe(400);
      expect(response.json().errors).toEqual({ [field]: message });
    }
    expect((await call(staff, "GET", `${base}/billing`)).json().plans).toHaveLength(1);
    // Nothing of it was stored.
    const detail = (await call(staff, "GET", base)).json();
    expect(detail.domains.map((d: { domain: string }) => d.domain)).not.toContain("jordan.example");
    expect(detail.websites.map((w: { domain: string }) => w.domain)).not.toContain(
      "jordan.example",
    );
  });
});
