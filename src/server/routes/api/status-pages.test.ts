import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi, createTestApp, signInAs, type TestApp } from "../../../../tests/support/app";
import { databaseKinds } from "../../../../tests/support/database";
import { aClient, aStaffMember, aWebsite } from "../../../../tests/support/factories";
import * as schema from "../../db/schema";
import { seedDemoData } from "../../demo/seed";
import type { ProbeResult } from "../../monitoring/probe";
import { recordChecks } from "../../monitoring/site-checks";
import { startSmtpSink, type SmtpSink } from "../../../../tests/support/smtp-sink";

const staffEmail = "avery@harborline.example";
const DAY_MS = 86_400_000;

describe.each(databaseKinds)("client status pages on %s", (kind) => {
  let t: TestApp;
  let staff: string;
  let owner: string;
  let member: string;
  let companyId: string;
  let siteId: string;
  let otherSiteId: string;
  let incidentId: string;

  const get = (url: string, host?: string) =>
    t.app.inject({ method: "GET", url, ...(host ? { headers: { host } } : {}) });
  const outbox = (kind: string) =>
    t.database.db.select().from(schema.outboxEmails).where(eq(schema.outboxEmails.kind, kind));
  const settings = {
    enabled: true,
    name: "Rivera Bakery status",
    slug: "rivera-bakery",
    websiteIds: [] as string[],
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { ADMIN_EMAILS: staffEmail });
    const { db } = t.database;
    await aStaffMember(db, { email: staffEmail });
    const bakery = await aClient(db, { name: "Rivera Bakery" });
    companyId = bakery.company.id;
    siteId = (await aWebsite(db, companyId, { domain: "riverabakery.example" })).id;
    settings.websiteIds = [siteId];
    const other = await aClient(db, { name: "Tidepool Surf" });
    otherSiteId = (await aWebsite(db, other.company.id, { domain: "tidepool.example" })).id;
    staff = await signInAs(t, staffEmail);
    owner = await signInAs(t, bakery.owner.email);
    member = await signInAs(t, "sam@riverabakery.example", { companyId, role: "member" });
    await db.insert(schema.siteMonitors).values({ websiteId: siteId, status: "up" });
    // 88 days fully up, one day at 50% (1440 checks, 720 up), and one with 2 hours of planned
    // maintenance (120 checks counted apart, not in checks or up).
    const today = Date.UTC(
      new Date().getUTCFullYear(),
      new Date().getUTCMonth(),
      new Date().getUTCDate(),
    );
    await db.insert(schema.monitorRollups).values(
      Array.from({ length: 90 }, (_, i) => ({
        websiteId: siteId,
        granularity: "day" as const,
        periodStart: new Date(today - i * DAY_MS),
        checks: i === 5 ? 1320 : 1440,
        up: i === 3 ? 720 : i === 5 ? 1320 : 1440,
        maintenance: i === 5 ? 120 : 0,
      })),
    );
  });
  afterAll(() => t.close());

  it("is off, and answers 404 in every form, until turned on", async () => {
    const found = await callApi(t, owner, "GET", "/api/status-page");
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({ exists: false, enabled: false, slug: "rivera-bakery" });
    for (const url of [
      "/status/rivera-bakery",
      "/status/rivera-bakery.json",
      "/status/rivera-bakery/feed.atom",
      `/status/rivera-bakery/badge/${siteId}.svg`,
    ]) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
  });

  it("refuses bad settings with what to fix, changing nothing", async () => {
    const put = (body: unknown, who = staff) =>
      callApi(t, who, "PUT", `/api/admin/clients/${companyId}/status-page`, body);
    const badSlug = await put({ ...settings, slug: "Rivera Bakery!" });
    expect(badSlug.statusCode).toBe(400);
    expect(badSlug.json().errors.slug).toMatch(/lower-case letters/);
    const badHost = await put({ ...settings, customHost: "https://status.riverabakery.example/x" });
    expect(badHost.statusCode).toBe(400);
    expect(badHost.json().errors.customHost).toMatch(/Host name must be a name/);
    const notTheirs = await put({ ...settings, websiteIds: [otherSiteId] });
    expect(notTheirs.statusCode).toBe(400);
    expect(notTheirs.json().errors.websiteIds).toMatch(/company's websites/);
    expect(await t.database.db.select().from(schema.statusPages)).toHaveLength(0);
    // A member is not an owner: the portal panel is the owners'.
    expect((await callApi(t, member, "PUT", "/api/status-page", settings)).statusCode).toBe(403);
  });

  it("is turned on by its owner and served at /status/<slug>, small, without script", async () => {
    const saved = await callApi(t, owner, "PUT", "/api/status-page", settings);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      exists: true,
      enabled: true,
      path: "/status/rivera-bakery",
    });
    const page = await get("/status/rivera-bakery");
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/text\/html/);
    expect(page.headers["content-security-policy"]).toContain("script-src 'self'");
    expect(page.body).toContain("riverabakery.example");
    expect(page.body).toContain('<meta name="robots" content="noindex"/>');
    expect(page.body).not.toMatch(/<script/i);
    expect(Buffer.byteLength(page.body)).toBeLessThan(30 * 1024);
    // 90 bars, each with its text.
    expect(page.body.match(/<li class="[unwdmc ]+"><span>/g)).toHaveLength(90);
    expect(page.body).toContain("50% up");
    // The maintenance day is up, marked, and said so in words.
    expect(
      page.body.match(/<li class="u c"><span>[^<]*: 100% up, planned maintenance, not counted</g),
    ).toHaveLength(1);
    expect(page.body).toContain("Planned maintenance: that time is");

    // Another company cannot take the slug.
    const taken = await callApi(
      t,
      staff,
      "PUT",
      `/api/admin/clients/${(await aClient(t.database.db)).company.id}/status-page`,
      { ...settings, websiteIds: [] },
    );
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors.slug).toMatch(/taken/);
  });

  it("serves JSON with each site's state, bars and 90-day uptime", async () => {
    const json = await get("/status/rivera-bakery.json");
    expect(json.statusCode).toBe(200);
    const body = json.json();
    expect(body).toMatchObject({ name: "Rivera Bakery status", status: "up" });
    expect(body.sites[0]).toMatchObject({ domain: "riverabakery.example", status: "up" });
    expect(body.sites[0].days).toHaveLength(90);
    // 720 down of 129,480 checks: the 120 in maintenance are left out.
    expect(body.sites[0].uptimePercent90d).toBe(99.44);
    expect(body.sites[0].days.filter((day: { maintenance: boolean }) => day.maintenance)).toEqual([
      { day: expect.any(String), uptimePercent: 100, maintenance: true },
    ]);
    expect(body.maintenance).toEqual([]);
  });

  it("lists the maintenance staff scheduled on its sites until it is cancelled", async () => {
    const startsAt = new Date(Date.now() + 2 * DAY_MS);
    const endsAt = new Date(startsAt.getTime() + 2 * 3_600_000);
    const scheduled = await callApi(
      t,
      staff,
      "POST",
      `/api/admin/clients/${companyId}/maintenance-windows`,
      {
        websiteIds: [siteId],
        startsAt: startsAt.toISOString(),
        endsAt: endsAt.toISOString(),
        note: "Moving the bakery's site to a faster server.",
      },
    );
    expect(scheduled.statusCode).toBe(200);
    const body = (await get("/status/rivera-bakery.json")).json();
    expect(body.maintenance).toEqual([
      {
        title: "Moving the bakery's site to a faster server.",
        startsAt: startsAt.toISOString(),
        endsAt: endsAt.toISOString(),
        domains: ["riverabakery.example"],
      },
    ]);
    const page = await get("/status/rivera-bakery");
    expect(page.body).toContain("Moving the bakery&#x27;s site to a faster server.");
    const windowId = scheduled.json().windows[0].id;
    const cancelled = await callApi(
      t,
      staff,
      "DELETE",
      `/api/admin/maintenance-windows/${windowId}`,
    );
    expect(cancelled.statusCode).toBeLessThan(300);
    expect((await get("/status/rivera-bakery.json")).json().maintenance).toEqual([]);
  });

  it("lets staff open an incident by hand and post updates, shown everywhere", async () => {
    const bad = await callApi(t, staff, "POST", "/api/admin/incidents", {
      websiteId: siteId,
      title: "",
      status: "fixed",
      message: "x",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ title: "Title is required" });
    const opened = await callApi(t, staff, "POST", "/api/admin/incidents", {
      websiteId: siteId,
      title: "Online orders failing",
      status: "investigating",
      message: "Checkout answers with an error; we are looking into it.",
    });
    expect(opened.statusCode).toBe(201);
    incidentId = opened.json().id;
    const json = (await get("/status/rivera-bakery.json")).json();
    expect(json.status).toBe("down");
    expect(json.incidents[0]).toMatchObject({ title: "Online orders failing", endedAt: null });
    // The client's users hear of it in the bell.
    const told = await t.database.db
      .select()
      .from(schema.notices)
      .where(eq(schema.notices.companyId, companyId));
    expect(told.some((n) => n.title.includes("Online orders failing"))).toBe(true);
    // The monitor's own incidents still open beside a manual one.
    await t.database.db
      .insert(schema.monitorIncidents)
      .values({ websiteId: siteId, cause: "http", detail: "HTTP 503", startedAt: new Date() });
    await t.database.db
      .update(schema.monitorIncidents)
      .set({ endedAt: new Date() })
      .where(
        and(
          eq(schema.monitorIncidents.websiteId, siteId),
          eq(schema.monitorIncidents.cause, "http"),
        ),
      );
  });

  it("serves an Atom feed and a badge per site; unknown ones answer 404", async () => {
    const feed = await get("/status/rivera-bakery/feed.atom");
    expect(feed.statusCode).toBe(200);
    expect(feed.headers["content-type"]).toMatch(/application\/atom\+xml/);
    expect(feed.body).toContain(`<id>urn:uuid:${incidentId}</id>`);
    expect(feed.body).toContain("Online orders failing");
    const badge = await get(`/status/rivera-bakery/badge/${siteId}.svg`);
    expect(badge.statusCode).toBe(200);
    expect(badge.headers["content-type"]).toBe("image/svg+xml");
    expect(badge.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    expect(badge.body).toContain("99.44% down");
    expect((await get(`/status/rivera-bakery/badge/${otherSiteId}.svg`)).statusCode).toBe(404);
    expect((await get("/status/no-such-page")).statusCode).toBe(404);
    expect((await get("/status/no-such-page.json")).statusCode).toBe(404);
    expect((await get("/status/no-such-page/feed.atom")).statusCode).toBe(404);
    expect((await get("/status/rivera-bakery/feed.rss")).statusCode).toBe(404);
  });

  it("answers at the client's own host once staff add it, and tells the proxy which hosts are ours", async () => {
    const check = (domain: string) => get(`/api/status-hosts/check?domain=${domain}`);
    expect((await check("status.riverabakery.example")).statusCode).toBe(404);
    // Before staff add it, the name gets the site as any other host would.
    expect((await get("/", "status.riverabakery.example")).body).not.toContain(
      "Rivera Bakery status",
    );
    const saved = await callApi(t, staff, "PUT", `/api/admin/clients/${companyId}/status-page`, {
      ...settings,
      customHost: "Status.RiveraBakery.example",
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().customHost).toBe("status.riverabakery.example");
    expect((await check("status.riverabakery.example")).statusCode).toBe(200);
    expect((await check("evil.example")).statusCode).toBe(404);
    const page = await get("/", "status.riverabakery.example");
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Rivera Bakery status");
    expect(page.body).toContain('href="/feed.atom"');
    expect((await get("/status.json", "status.riverabakery.example")).json().name).toBe(
      "Rivera Bakery status",
    );
    expect((await get("/nothing-here", "status.riverabakery.example")).statusCode).toBe(404);
    // The owner's save leaves staff's host name as it is.
    await callApi(t, owner, "PUT", "/api/status-page", settings);
    expect((await check("status.riverabakery.example")).statusCode).toBe(200);
  });

  it("subscribes by double opt-in and unsubscribes in one click", async () => {
    const form = (email: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/status/rivera-bakery/subscriptions",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: new URLSearchParams({ email }).toString(),
      });
    const bad = await form("not-an-address");
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain("Invalid email address");
    const badJson = await callApi(t, undefined, "POST", "/api/status/rivera-bakery/subscriptions", {
      email: "nope",
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().errors.email).toBe("Invalid email address");
    expect(await t.database.db.select().from(schema.statusPageSubscribers)).toHaveLength(0);
    expect(
      (
        await callApi(t, undefined, "POST", "/api/status/no-such-page/subscriptions", {
          email: "a@b.example",
        })
      ).statusCode,
    ).toBe(404);

    expect((await form("Fan@Example.com")).statusCode).toBe(200);
    // Asking again at once sends no second link: the form cannot flood an inbox.
    expect((await form("fan@example.com")).statusCode).toBe(200);
    expect(await outbox("status-subscription")).toHaveLength(1);
    const [confirmEmail] = await outbox("status-subscription");
    expect(confirmEmail!.to).toBe("fan@example.com");
    const confirmLink = /http\S+\/confirm\?token=[\w-]+/.exec(confirmEmail!.text)![0];
    // Not confirmed yet: an update is mailed to nobody.
    await callApi(t, staff, "POST", `/api/admin/incidents/${incidentId}/updates`, {
      status: "identified",
      message: "The payment provider is down.",
    });
    expect(await outbox("status-update")).toHaveLength(0);

    const confirmed = await get(new URL(confirmLink).pathname + new URL(confirmLink).search);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain("Subscription confirmed");
    expect(
      (await get("/status/rivera-bakery/confirm?token=wrong-token-wrong-token")).statusCode,
    ).toBe(404);

    const resolved = await callApi(t, staff, "POST", `/api/admin/incidents/${incidentId}/updates`, {
      status: "resolved",
      message: "Orders work again.",
    });
    expect(resolved.statusCode).toBe(201);
    const [update] = await outbox("status-update");
    expect(update!.to).toBe("fan@example.com");
    expect(update!.subject).toContain("Resolved: Online orders failing");
    const unsubscribeUrl = new URL(update!.listUnsubscribe!);
    expect(unsubscribeUrl.pathname).toBe("/status/rivera-bakery/unsubscribe");
    const json = (await get("/status/rivera-bakery.json")).json();
    expect(json.incidents.find((i: { id: string }) => i.id === incidentId)).toMatchObject({
      endedAt: expect.any(String),
      updates: [{ status: "investigating" }, { status: "identified" }, { status: "resolved" }],
    });

    // Maintenance staff schedule on a site the page shows, and then call off, is mailed too.
    const startsAt = new Date(Date.now() + 3 * DAY_MS);
    const scheduled = await callApi(
      t,
      staff,
      "POST",
      `/api/admin/clients/${companyId}/maintenance-windows`,
      {
        websiteIds: [siteId],
        startsAt: startsAt.toISOString(),
        endsAt: new Date(startsAt.getTime() + 3_600_000).toISOString(),
        note: "Updating the online ordering system.",
      },
    );
    await callApi(
      t,
      staff,
      "DELETE",
      `/api/admin/maintenance-windows/${scheduled.json().windows[0].id}`,
    );
    const maintenanceMail = (await outbox("status-update")).filter((email) =>
      email.subject.includes("aintenance"),
    );
    expect(maintenanceMail.map((email) => [email.to, email.subject.split(":")[0]]).sort()).toEqual([
      ["fan@example.com", "[Rivera Bakery status] Maintenance called off"],
      ["fan@example.com", "[Rivera Bakery status] Scheduled maintenance"],
    ]);
    for (const email of maintenanceMail) {
      expect(email.text).toContain("Updating the online ordering system.");
      expect(email.listUnsubscribe).toBe(update!.listUnsubscribe);
    }

    // A GET shows a button and changes nothing; the mail client's POST (RFC 8058) unsubscribes.
    const path = unsubscribeUrl.pathname + unsubscribeUrl.search;
    expect((await get(path)).body).toContain("<button");
    expect(await t.database.db.select().from(schema.statusPageSubscribers)).toHaveLength(1);
    const oneClick = await t.app.inject({
      method: "POST",
      url: path,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.statusCode).toBe(200);
    expect(await t.database.db.select().from(schema.statusPageSubscribers)).toHaveLength(0);
    expect((await t.app.inject({ method: "POST", url: path })).statusCode).toBe(404);
  });

  it("records staff's changes in the audit log", async () => {
    const events = await t.database.db
      .select({ action: schema.auditEvents.action })
      .from(schema.auditEvents)
      .where(eq(schema.auditEvents.companyId, companyId));
    const actions = events.map((e) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining(["status-page.changed", "incident.opened", "incident.update-posted"]),
    );
  });

  it("includes the page's subscribers in the client's export, and erases them with it", async () => {
    const subscribed = await callApi(
      t,
      undefined,
      "POST",
      "/api/status/rivera-bakery/subscriptions",
      {
        email: "regular@example.com",
      },
    );
    expect(subscribed.statusCode).toBe(202);
    const data = (await callApi(t, staff, "GET", `/api/admin/clients/${companyId}/export`)).json();
    expect(data.statusPage).toMatchObject({
      slug: "rivera-bakery",
      subscribers: [{ email: "regular@example.com", confirmedAt: null }],
    });
    const [ownerRow] = await t.database.db
      .select({ email: schema.users.email })
      .from(schema.companyMembers)
      .innerJoin(schema.users, eq(schema.users.id, schema.companyMembers.userId))
      .where(
        and(
          eq(schema.companyMembers.companyId, companyId),
          eq(schema.companyMembers.role, "owner"),
        ),
      );
    const gone = await callApi(t, staff, "DELETE", `/api/admin/clients/${companyId}`, {
      confirmEmail: ownerRow!.email,
    });
    expect(gone.statusCode).toBe(204);
    expect(await t.database.db.select().from(schema.statusPageSubscribers)).toHaveLength(0);
    const mailed = await t.database.db
      .select()
      .from(schema.outboxEmails)
      .where(eq(schema.outboxEmails.to, "regular@example.com"));
    expect(mailed).toHaveLength(0);
    expect((await get("/status/rivera-bakery")).statusCode).toBe(404);
  });
});

describe.each(databaseKinds)("the demo's status page on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedDemoData(t.database.db);
  });
  afterAll(() => t.close());

  it("is turned on and shows one past incident with its updates", async () => {
    const page = await t.app.inject({ method: "GET", url: "/status/rivera-bakery" });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("riverabakery.example");
    const json = (await t.app.inject({ method: "GET", url: "/status/rivera-bakery.json" })).json();
    const withUpdates = json.incidents.filter((i: { updates: unknown[] }) => i.updates.length > 0);
    expect(withUpdates).toHaveLength(1);
    expect(withUpdates[0].updates.map((u: { status: string }) => u.status)).toEqual([
      "investigating",
      "identified",
      "resolved",
    ]);
    expect(json.sites[0].uptimePercent90d).toBeGreaterThan(99);
  });
});

describe.each(databaseKinds)("a manual incident beside the monitor on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { ADMIN_EMAILS: staffEmail });
  });
  afterAll(() => t.close());

  it("is neither alerted of nor closed by the monitor, which opens and closes its own", async () => {
    const { db } = t.database;
    const { company } = await aClient(db);
    const site = await aWebsite(db, company.id, { domain: "shop.example" });
    await db.insert(schema.siteMonitors).values({ websiteId: site.id, status: "up" });
    const [manual] = await db
      .insert(schema.monitorIncidents)
      .values({
        websiteId: site.id,
        cause: "manual",
        title: "Checkout broken",
        startedAt: new Date(),
      })
      .returning();
    const settings = {
      agencyInbox: "studio@harborline.example",
      publicUrl: "http://127.0.0.1",
      checkIntervalSeconds: 60,
    };
    const failed = {
      ok: false,
      statusCode: 503,
      responseMs: 20,
      cause: "http" as const,
      detail: "HTTP 503",
      certExpiresAt: null,
    };
    const start = Date.now();
    const check = async (result: ProbeResult, at: number) =>
      (await recordChecks(db, [{ site, result, at: new Date(at) }], settings))[0]!;
    await check(failed, start);
    const opened = await check(failed, start + 1000);
    expect(opened.incidentOpened).toBe(true);
    const closed = await check(
      { ...failed, ok: true, statusCode: 200, cause: null, detail: null },
      start + 2000,
    );
    expect(closed.incidentClosed).toBe(true);
    const [still] = await db
      .select()
      .from(schema.monitorIncidents)
      .where(eq(schema.monitorIncidents.id, manual!.id));
    expect(still).toMatchObject({ endedAt: null, alertedAt: null });
  });
});

describe.each(databaseKinds)("status update emails through SMTP on %s", (kind) => {
  let t: TestApp;
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp(kind, { ADMIN_EMAILS: staffEmail, SMTP_URL: sink.url });
  });
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });

  it("carry List-Unsubscribe and List-Unsubscribe-Post (RFC 8058)", async () => {
    const { db } = t.database;
    await aStaffMember(db, { email: staffEmail });
    const staff = await signInAs(t, staffEmail);
    const { company } = await aClient(db);
    const site = await aWebsite(db, company.id, { domain: "shop.example" });
    const saved = await callApi(t, staff, "PUT", `/api/admin/clients/${company.id}/status-page`, {
      enabled: true,
      name: "Shop status",
      slug: "shop",
      websiteIds: [site.id],
    });
    expect(saved.statusCode).toBe(200);
    await callApi(t, undefined, "POST", "/api/status/shop/subscriptions", {
      email: "reader@example.com",
    });
    const [confirm] = await sink.waitFor(1, 20_000);
    const link = new URL(/http\S+\/confirm\?token=[\w-]+/.exec(confirm!.text)![0]);
    expect(
      (await t.app.inject({ method: "GET", url: link.pathname + link.search })).statusCode,
    ).toBe(200);
    const opened = await callApi(t, staff, "POST", "/api/admin/incidents", {
      websiteId: site.id,
      title: "Orders delayed",
      status: "investigating",
      message: "Orders placed today may arrive a day late.",
    });
    expect(opened.statusCode).toBe(201);
    const update = await sink.waitForMail((mail) => /Orders delayed/.test(mail.subject), 0, 20_000);
    expect(update.headers["list-unsubscribe"]).toMatch(
      /^<http:\/\/\S+\/status\/shop\/unsubscribe\?token=[\w-]+>$/,
    );
    expect(update.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
  });
});
