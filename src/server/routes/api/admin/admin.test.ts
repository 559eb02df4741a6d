import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signInAs, type TestApp } from "../../../../../tests/support/app";
import { databaseKinds } from "../../../../../tests/support/database";
import { outboxEmails, supportTickets, users } from "../../../db/schema";
import { demoAdminEmail, demoClientEmail, seedDemoData } from "../../../db/seed";
import { SESSION_COOKIE } from "../../../plugins/session";

type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

describe.each(databaseKinds)("the back office API on %s", (kind) => {
  let t: TestApp;
  let staff: string;
  let client: string;

  beforeAll(async () => {
    t = await createTestApp(kind, {
      ADMIN_EMAILS: demoAdminEmail,
      AGENCY_INBOX: "desk@harborline.example",
    });
    await seedDemoData(t.database.db);
    staff = await signInAs(t, demoAdminEmail);
    client = await signInAs(t, demoClientEmail);
  });
  afterAll(() => t.close());

  const call = (cookie: string | undefined, method: Method, url: string, body?: unknown) =>
    t.app.inject({
      method,
      url,
      cookies: cookie ? { [SESSION_COOKIE]: cookie } : {},
      ...(body === undefined
        ? {}
        : { headers: { "content-type": "application/json" }, payload: JSON.stringify(body) }),
    });

  it("refuses every /api/admin route to signed-out (401) and non-staff (403) callers", async () => {
    const adminRoutes = t.app.routeTable.filter(
      (route) => route.url.startsWith("/api/admin") && route.method !== "HEAD",
    );
    expect(adminRoutes.length).toBeGreaterThanOrEqual(15);
    const sampleId = "00000000-0000-4000-8000-000000000000";
    for (const route of adminRoutes) {
      const url = route.url.replace(":kind", "contact").replace(":id", sampleId);
      const method = route.method as Method;
      const body = method === "GET" || method === "DELETE" ? undefined : {};
      const anonymous = await call(undefined, method, url, body);
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      const nonStaff = await call(client, method, url, body);
      expect(nonStaff.statusCode, `${method} ${url}`).toBe(403);
      expect(nonStaff.json().message).toMatch(/staff only/);
    }
  });

  describe("leads inbox", () => {
    const post = (url: string, body: unknown) => call(undefined, "POST", url, body);

    it("lists both kinds newest first, filters, searches, pages, and hides spam", async () => {
      await post("/api/contact", {
        name: "Maria Lopez",
        email: "maria@lopezflorals.example",
        subject: "Flower shop website",
        message: "We need online ordering before Valentine's Day.",
      });
      await post("/api/apply", {
        name: "Dev Patel",
        email: "dev@harborcoffee.example",
        company: "Harbor Coffee Co.",
        projectType: "app",
        description: "A loyalty app for our three coffee shops with ordering.",
      });
      await post("/api/contact", {
        name: "Bot",
        email: "bot@spam.example",
        subject: "Cheap stuff here",
        message: "Buy now, very cheap, limited offer!!",
        website: "http://spam.example",
      });

      const all = (await call(staff, "GET", "/api/admin/leads")).json();
      expect(all.items.map((lead: { name: string }) => lead.name)).toEqual([
        "Dev Patel",
        "Maria Lopez",
      ]);
      expect(all.total).toBe(2);
      expect(all.items[0]).toMatchObject({
        kind: "application",
        company: "Harbor Coffee Co.",
        topic: "Web Application Development",
        status: "new",
      });

      const contacts = (await call(staff, "GET", "/api/admin/leads?kind=contact")).json();
      expect(contacts.items.map((lead: { name: string }) => lead.name)).toEqual(["Maria Lopez"]);
      const search = (await call(staff, "GET", "/api/admin/leads?q=harbor%20coffee")).json();
      expect(search.items.map((lead: { name: string }) => lead.name)).toEqual(["Dev Patel"]);
      const byText = (await call(staff, "GET", "/api/admin/leads?q=valentine")).json();
      expect(byText.items.map((lead: { name: string }) => lead.name)).toEqual(["Maria Lopez"]);
      const spam = (await call(staff, "GET", "/api/admin/leads?status=spam")).json();
      expect(spam.items.map((lead: { name: string }) => lead.name)).toEqual(["Bot"]);
      const page2 = (await call(staff, "GET", "/api/admin/leads?pageSize=1&page=2")).json();
      expect(page2).toMatchObject({ total: 2, page: 2, pageSize: 1 });
      expect(page2.items.map((lead: { name: string }) => lead.name)).toEqual(["Maria Lopez"]);
      const bad = await call(staff, "GET", "/api/admin/leads?status=hot");
      expect(bad.statusCode).toBe(400);
    });

    it("shows every field, changes status and keeps notes with author and time", async () => {
      const list = (await call(staff, "GET", "/api/admin/leads?kind=application")).json();
      const lead = list.items[0];
      const detail = (await call(staff, "GET", `/api/admin/leads/application/${lead.id}`)).json();
      expect(detail.fields.map((f: { label: string }) => f.label)).toEqual([
        "Full Name",
        "Email Address",
        "Phone Number",
        "Company Name",
        "Project Type",
        "Estimated Budget",
        "Desired Timeline",
        "Project Description",
      ]);
      const moved = await call(staff, "PATCH", `/api/admin/leads/application/${lead.id}`, {
        status: "qualified",
      });
      expect(moved.json().status).toBe("qualified");
      const noted = await call(staff, "POST", `/api/admin/leads/application/${lead.id}/notes`, {
        body: "Called Dev; wants a proposal by Friday.",
      });
      expect(noted.statusCode).toBe(201);
      expect(noted.json().notes).toEqual([
        {
          id: expect.any(String),
          body: "Called Dev; wants a proposal by Friday.",
          authorName: "Avery Harbor",
          createdAt: expect.any(String),
        },
      ]);
      const missing = await call(
        staff,
        "GET",
        "/api/admin/leads/contact/00000000-0000-4000-8000-000000000000",
      );
      expect(missing.statusCode).toBe(404);
    });

    it("exports the current filter as CSV with formulas made inert", async () => {
      await post("/api/contact", {
        name: '=HYPERLINK("x")',
        email: "formula@example.com",
        subject: "+SUM(A1:A9) please",
        message: '@cmd -2+3 and a quote " in the text, plus a comma, here',
      });
      const response = await call(staff, "GET", "/api/admin/leads/export.csv?kind=contact");
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
      expect(response.headers["content-disposition"]).toMatch(/attachment; filename="leads-/);
      const lines = response.body.split("\r\n");
      expect(lines[0]).toBe(
        '"Reference","Kind","Status","Received","Name","Email","Company","Topic","Phone","Budget","Timeline","Message","Notes"',
      );
      const row = lines.find((line) => line.includes("formula@example.com"))!;
      expect(row).toContain(`"'=HYPERLINK(""x"")"`);
      expect(row).toContain(`"'+SUM(A1:A9) please"`);
      expect(row).toContain(`"'@cmd -2+3 and a quote "" in the text, plus a comma, here"`);
      expect(response.body).not.toContain("Dev Patel");
    });
  });

  describe("clients", () => {
    it("invites a client: the account exists and a week-long sign-in link is emailed", async () => {
      const invited = await call(staff, "POST", "/api/admin/clients", {
        email: "Owner@NewBakery.example",
        firstName: "Sam",
        lastName: "Baker",
      });
      expect(invited.statusCode).toBe(201);
      expect(invited.json()).toMatchObject({ email: "owner@newbakery.example", emailed: true });
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

      const found = (await call(staff, "GET", "/api/admin/clients?q=baker")).json();
      expect(found.map((c: { email: string }) => c.email)).toEqual(["owner@newbakery.example"]);
      const bad = await call(staff, "POST", "/api/admin/clients", { email: "nope" });
      expect(bad.json().errors).toEqual({ email: "Invalid email address" });
    });

    it("edits a client's websites, domains and billing, which the client then sees", async () => {
      const [sam] = await t.database.db
        .select()
        .from(users)
        .where(eq(users.email, "owner@newbakery.example"));
      const base = `/api/admin/clients/${sam!.id}`;
      const withSite = await call(staff, "POST", `${base}/websites`, {
        domain: "NewBakery.example",
        plan: "Premium Hosting",
        status: "active",
        monthlyVisitors: 900,
        uptimePercent: 99.95,
        bandwidthGb: 3.5,
      });
      expect(withSite.statusCode).toBe(200);
      const site = withSite.json().websites[0];
      expect(site).toMatchObject({ domain: "newbakery.example", monthlyVisitors: 900 });
      const edited = await call(staff, "PUT", `/api/admin/websites/${site.id}`, {
        ...site,
        monthlyVisitors: 1200,
      });
      expect(edited.json().websites[0].monthlyVisitors).toBe(1200);

      const withDomain = await call(staff, "POST", `${base}/domains`, {
        domain: "newbakery.example",
        autoRenew: false,
        expiresAt: "2030-01-31",
      });
      expect(withDomain.json().domains[0]).toMatchObject({ autoRenew: false, expiringSoon: false });

      const billing = await call(staff, "PUT", `${base}/billing`, {
        plan: "Premium Hosting",
        monthlyCostCents: 8000,
        nextBillingDate: "2030-02-01",
        cardBrand: "Mastercard",
        cardLast4: "5100",
        cardExpMonth: 4,
        cardExpYear: 2031,
      });
      expect(billing.json().billing).toMatchObject({
        monthlyCostCents: 8000,
        paymentMethod: { brand: "Mastercard", last4: "5100" },
      });
      const fullCard = await call(staff, "PUT", `${base}/billing`, {
        plan: "Premium Hosting",
        monthlyCostCents: 8000,
        cardLast4: "4242424242424242",
      });
      expect(fullCard.statusCode).toBe(400);
      expect(fullCard.json().errors.cardLast4).toMatch(/never a full card number/);

      const samCookie = await signInAs(t, "owner@newbakery.example");
      const seen = (await call(samCookie, "GET", "/api/websites")).json();
      expect(seen.map((s: { domain: string }) => s.domain)).toEqual(["newbakery.example"]);

      expect((await call(staff, "DELETE", `/api/admin/websites/${site.id}`)).statusCode).toBe(204);
      expect((await call(samCookie, "GET", "/api/websites")).json()).toEqual([]);
      const badDomain = await call(staff, "POST", `${base}/domains`, { domain: "not a domain" });
      expect(badDomain.json().errors.domain).toBe("Enter a domain such as example.com");
    });

    it("refuses numbers and dates that do not fit their column, naming the field and the rule", async () => {
      const [jordan] = await t.database.db
        .select()
        .from(users)
        .where(eq(users.email, demoClientEmail));
      const base = `/api/admin/clients/${jordan!.id}`;
      const site = { domain: "jordan.example", plan: "Business", status: "active" };
      const visitors = "Monthly visitors must be a whole number from 0 to 2,147,483,647";
      const bandwidth = "Bandwidth must be a number from 0 to 99,999,999.99";
      for (const [field, value, message] of [
        ["monthlyVisitors", 3e9, visitors],
        ["monthlyVisitors", "99999999999", visitors],
        ["monthlyVisitors", "many", visitors],
        ["monthlyVisitors", 12.5, visitors],
        ["bandwidthGb", 1e308, bandwidth],
        ["uptimePercent", 101, "Uptime must be a number from 0 to 100"],
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

      const billing = { plan: "Business", monthlyCostCents: 4900 };
      for (const [field, value, message] of [
        [
          "monthlyCostCents",
          3e9,
          "Monthly cost in cents must be a whole number from 0 to 2,147,483,647",
        ],
        ["nextBillingDate", "0000-12-31", "Use a date between 2000-01-01 and 2100-12-31"],
        ["cardExpMonth", 13, "Card expiry month must be a whole number from 1 to 12"],
        ["cardExpYear", "abc", "Card expiry year must be a whole number from 2000 to 2100"],
        ["cardExpYear", 1999, "Card expiry year must be a whole number from 2000 to 2100"],
      ] as const) {
        const response = await call(staff, "PUT", `${base}/billing`, {
          ...billing,
          [field]: value,
        });
        expect(response.statusCode, `${field} ${value}`).toBe(400);
        expect(response.json().errors).toEqual({ [field]: message });
      }
      // Nothing of it was stored.
      const detail = (await call(staff, "GET", base)).json();
      expect(detail.domains.map((d: { domain: string }) => d.domain)).not.toContain(
        "jordan.example",
      );
      expect(detail.websites.map((w: { domain: string }) => w.domain)).not.toContain(
        "jordan.example",
      );
    });
  });

  describe("ticket queue", () => {
    it("filters, answers (the client sees it and is emailed), and changes status and priority", async () => {
      const high = (await call(staff, "GET", "/api/admin/tickets?priority=high")).json();
      expect(high.map((x: { subject: string }) => x.subject)).toEqual([
        "Checkout page loads slowly on mobile",
      ]);
      expect(high[0]).toMatchObject({ clientEmail: demoClientEmail, clientName: "Jordan Rivera" });
      const ticketId = high[0].id;

      const answered = await call(staff, "POST", `/api/admin/tickets/${ticketId}/messages`, {
        body: "We compressed the product images; the page now loads in under 2 seconds.",
      });
      expect(answered.statusCode).toBe(201);
      const seen = (await call(client, "GET", `/api/tickets/${ticketId}`)).json();
      expect(seen.messages.at(-1)).toMatchObject({
        fromStaff: true,
        authorName: "Avery Harbor (Harborline)",
        body: "We compressed the product images; the page now loads in under 2 seconds.",
      });
      const [notice] = await t.database.db
        .select()
        .from(outboxEmails)
        .where(
          and(eq(outboxEmails.to, demoClientEmail), eq(outboxEmails.kind, "ticket-staff-reply")),
        );
      expect(notice?.subject).toBe("Re: Checkout page loads slowly on mobile");

      const resolved = await call(staff, "PATCH", `/api/admin/tickets/${ticketId}`, {
        status: "resolved",
        priority: "urgent",
      });
      expect(resolved.json()).toMatchObject({ status: "resolved", priority: "urgent" });
      const reopened = await call(client, "POST", `/api/tickets/${ticketId}/messages`, {
        body: "Thanks! It is slow again this morning though.",
      });
      expect(reopened.json().status).toBe("open");
      const [row] = await t.database.db
        .select()
        .from(supportTickets)
        .where(eq(supportTickets.id, ticketId));
      expect(row?.status).toBe("open");
      const agency = await t.database.db
        .select()
        .from(outboxEmails)
        .where(
          and(
            eq(outboxEmails.to, "desk@harborline.example"),
            eq(outboxEmails.kind, "ticket-client-reply"),
          ),
        );
      expect(agency).toHaveLength(1);
      expect(agency[0]?.replyTo).toBe(demoClientEmail);

      const nothing = await call(staff, "PATCH", `/api/admin/tickets/${ticketId}`, {});
      expect(nothing.statusCode).toBe(400);
    });

    it("tells a field called body apart from the request body", async () => {
      const [ticket] = await t.database.db.select().from(supportTickets);
      const lead = await call(undefined, "POST", "/api/contact", {
        name: "Maria Lopez",
        email: "maria@example.com",
        subject: "A new website",
        message: "We would like a new website for our shops.",
      });
      expect(lead.statusCode).toBe(201);
      const fieldProblem = "Some fields need attention. Please check them and try again.";
      for (const [cookie, url, message] of [
        [
          staff,
          `/api/admin/tickets/${ticket!.id}/messages`,
          "Message must be at least 10 characters",
        ],
        [client, `/api/tickets/${ticket!.id}/messages`, "Message must be at least 10 characters"],
        [staff, `/api/admin/leads/contact/${lead.json().id}/notes`, "Write a note first"],
      ] as const) {
        const short = await call(cookie, "POST", url, { body: " " });
        expect(short.statusCode, url).toBe(400);
        expect(short.json(), url).toEqual({ message: fieldProblem, errors: { body: message } });

        const notAnObject = await call(cookie, "POST", url, ["a reply"]);
        expect(notAnObject.statusCode, url).toBe(400);
        expect(notAnObject.json(), url).toEqual({
          message: "The request body must be a JSON object.",
        });
      }

      // A rule across fields is the message itself, not a field's.
      const nothing = await call(staff, "PATCH", `/api/admin/tickets/${ticket!.id}`, {});
      expect(nothing.statusCode).toBe(400);
      expect(nothing.json()).toEqual({ message: "Change the status or the priority" });
    });

    it("shows staff what became of each email", async () => {
      const emails = (await call(staff, "GET", "/api/admin/outbox")).json();
      expect(emails.length).toBeGreaterThan(0);
      expect(emails[0]).toMatchObject({ status: expect.stringMatching(/pending|sent|failed/) });
    });
  });
});
