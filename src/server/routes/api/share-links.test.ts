import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { count, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi, createTestApp, signInAs, type TestApp } from "../../../../tests/support/app";
import { databaseKinds } from "../../../../tests/support/database";
import { aClient, aClientUser, aStaffMember, aWebsite } from "../../../../tests/support/factories";
import { fakeBuild } from "../../../../tests/support/fake-build";
import { auditEvents, pageViews, shareLinks } from "../../db/schema";
import { sharePanels } from "@shared/share-panels";
import { UNLOCK_COOKIE, UNLOCK_TRIES } from "./share-links";

const staffEmail = "avery@harborline.example";
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const today = new Date().toISOString().slice(0, 10);

describe.each(databaseKinds)("share links on %s", (kind) => {
  let t: TestApp;
  let owner: string;
  let member: string;
  let otherOwner: string;
  let staff: string;
  let websiteId: string;
  let companyName: string;

  beforeAll(async () => {
    const clientDir = mkdtempSync(path.join(tmpdir(), "harborline-share-build-"));
    fakeBuild(clientDir);
    t = await createTestApp(kind, { ADMIN_EMAILS: staffEmail }, { clientDir });
    const { db } = t.database;
    await aStaffMember(db, { email: staffEmail });
    staff = await signInAs(t, staffEmail);
    const client = await aClient(db, { name: "Harbor Coffee Roasters LLC" });
    companyName = client.company.name;
    const site = await aWebsite(db, client.company.id, { domain: "harborcoffee.com" });
    websiteId = site.id;
    owner = await signInAs(t, client.owner.email);
    const helper = await aClientUser(db, client.company.id, { role: "member" });
    member = await signInAs(t, helper.email);
    const other = await aClient(db);
    otherOwner = await signInAs(t, other.owner.email);
    // Page views the shared panels count: two visitors, from a search engine and directly.
    await db.insert(pageViews).values([
      {
        websiteId,
        occurredAt: new Date(),
        day: today,
        visitorHash: "a".repeat(32),
        path: "/menu",
        referrerHost: "www.google.com",
        device: "mobile",
      },
      {
        websiteId,
        occurredAt: new Date(),
        day: today,
        visitorHash: "b".repeat(32),
        path: "/",
        referrerHost: null,
        device: "desktop",
      },
      {
        websiteId,
        occurredAt: new Date(),
        day: today,
        visitorHash: "b".repeat(32),
        path: "/menu",
        referrerHost: null,
        device: "desktop",
      },
    ]);
  });
  afterAll(() => t.close());

  const create = (cookie: string, body: Record<string, unknown>, site = websiteId) =>
    callApi(t, cookie, "POST", `/api/websites/${site}/share-links`, body);
  const view = (token: string, cookie?: string, range = "7d") =>
    t.app.inject({
      method: "GET",
      url: `/api/share/${token}?range=${range}`,
      ...(cookie ? { cookies: { [UNLOCK_COOKIE]: cookie } } : {}),
    });
  const tokenOf = (url: string) => url.split("/share/")[1]!;
  const linkCount = async () => (await t.database.db.select({ n: count() }).from(shareLinks))[0]!.n;

  it("lets the owner make a link shown once, kept as a hash, and audited without its secret", async () => {
    const created = await create(owner, {
      name: "Dana, marketing",
      panels: ["pages", "visitors"],
      expiresAt: inDays(30),
    });
    expect(created.statusCode).toBe(201);
    const link = created.json();
    expect(link).toMatchObject({
      name: "Dana, marketing",
      panels: ["visitors", "pages"],
      hasPassword: false,
      state: "active",
      revokedAt: null,
    });
    expect(link.url).toMatch(/^http:\/\/localhost:\d+\/share\/hls_[A-Za-z0-9_-]{43}$/);
    const token = tokenOf(link.url);
    const [row] = await t.database.db.select().from(shareLinks).where(eq(shareLinks.id, link.id));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);

    const listed = await callApi(t, owner, "GET", `/api/websites/${websiteId}/share-links`);
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(token);
    expect(listed.json()[0]).toMatchObject({ id: link.id, createdBy: expect.any(String) });

    const [event] = await t.database.db
      .select()
      .from(auditEvents)
      .orderBy(desc(auditEvents.createdAt))
      .limit(1);
    expect(event).toMatchObject({ action: "share-link.created", targetId: link.id });
    expect(JSON.stringify(event)).not.toContain(token);
  });

  it("is the owner's alone: a member is refused, another company finds no such website", async () => {
    const body = { name: "Someone", panels: ["visitors"] };
    expect((await create(member, body)).statusCode).toBe(403);
    expect(
      (await callApi(t, member, "GET", `/api/websites/${websiteId}/share-links`)).json(),
    ).toEqual({ message: "Only the company's owner manages share links" });
    expect((await create(otherOwner, body)).statusCode).toBe(404);
    expect((await create(undefined as never, body)).statusCode).toBe(401);
  });

  it.each([
    ["name", { name: "x".repeat(101) }, "Name must be at most 100 characters"],
    [
      "expiresAt",
      { expiresAt: inDays(-1) },
      "Expiry must be in the future: choose a later date, or none",
    ],
    [
      "password",
      { password: "short" },
      "Password must be at least 8 characters, or empty for none",
    ],
    [
      "panels.1",
      { panels: ["visitors", "salaries"] },
      `Unknown panel "salaries": choose from ${sharePanels.join(", ")}`,
    ],
    ["panels", { panels: [] }, `Choose at least one panel: choose from ${sharePanels.join(", ")}`],
  ])("refuses a bad %s with what to fix, storing nothing", async (field, change, message) => {
    const before = await linkCount();
    const answer = await create(owner, { name: "Dana", panels: ["visitors"], ...change });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errors[field]).toBe(message);
    expect(await linkCount()).toBe(before);
  });

  it("shares what the site page shows for the same range, panel by panel", async () => {
    const panels = ["visitors", "pages", "sources", "devices", "campaigns"];
    const link = (await create(owner, { name: "Dana", panels })).json();
    for (const range of ["7d", "30d"]) {
      const shared = (await view(tokenOf(link.url), undefined, range)).json();
      const page = await callApi(
        t,
        owner,
        "GET",
        `/api/websites/${websiteId}/health?range=${range}`,
      );
      expect(page.statusCode).toBe(200);
      const health = page.json();
      expect(shared).toMatchObject({ range, from: health.from, to: health.to });
      expect(shared.panels).toEqual({
        visitors: {
          visitors: health.visitors,
          pageViews: health.pageViews,
          days: health.days.map(({ day, visitors, pageViews }: Record<string, unknown>) => ({
            day,
            visitors,
            pageViews,
          })),
        },
        pages: { topPages: health.topPages },
        sources: { topReferrers: health.topReferrers },
        devices: { devices: health.devices },
        campaigns: {
          sources: health.sources,
          campaigns: health.campaigns,
          goals: health.goals,
          countries: health.countries,
        },
      });
      expect(shared.panels.visitors).toMatchObject({ visitors: 2, pageViews: 3 });
    }
  });

  it("shares campaigns and real-user speed as the site page reads them", async () => {
    const link = (await create(owner, { name: "Dana", panels: ["campaigns", "speed"] })).json();
    const shared = (await view(tokenOf(link.url))).json();
    expect(shared.shown).toEqual(["campaigns", "speed"]);
    expect(Object.keys(shared.panels.campaigns).sort()).toEqual([
      "campaigns",
      "countries",
      "goals",
      "sources",
    ]);
    expect(shared.panels.campaigns.sources).toEqual(
      expect.arrayContaining([expect.objectContaining({ source: "www.google.com", visitors: 1 })]),
    );
    // Speed follows the view's range, without the site's id or any other figure of the company.
    expect(shared.panels.speed).toMatchObject({ enabled: false, range: "7d" });
    expect(shared.panels.speed.devices.map((d: { device: string }) => d.device)).toEqual([
      "mobile",
      "desktop",
    ]);
    expect(JSON.stringify(shared.panels.speed)).not.toMatch(/websiteId|harborcoffee/);
  });

  it("shows a stranger the chosen panels only, and nothing of the company", async () => {
    const link = (await create(owner, { name: "Dana", panels: ["sources", "devices"] })).json();
    const answer = await view(tokenOf(link.url));
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["x-robots-tag"]).toBe("noindex");
    expect(answer.headers["referrer-policy"]).toBe("no-referrer");
    expect(answer.headers["cache-control"]).toBe("no-store");
    const shared = answer.json();
    expect(shared.domain).toBe("harborcoffee.com");
    expect(shared.shown).toEqual(["sources", "devices"]);
    expect(Object.keys(shared.panels).sort()).toEqual(["devices", "sources"]);
    expect(shared.panels.devices.devices).toEqual({ mobile: 1, tablet: 0, desktop: 1 });
    expect(shared.panels.sources.topReferrers).toEqual(
      expect.arrayContaining([{ host: "www.google.com", visitors: 1, views: 1 }]),
    );
    expect(answer.body).not.toContain(companyName);
    expect(answer.body).not.toContain("/menu");
    expect(answer.body).not.toMatch(/uptime|bandwidth|plan|siteKey/i);

    const page = await t.app.inject({ method: "GET", url: `/share/${tokenOf(link.url)}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Shared view shell");
    expect(page.headers).toMatchObject({
      "x-robots-tag": "noindex",
      "referrer-policy": "no-referrer",
    });
    const [row] = await t.database.db.select().from(shareLinks).where(eq(shareLinks.id, link.id));
    expect(row!.lastViewedAt).not.toBeNull();
  });

  it("asks for the password, refuses a wrong one and opens for the right one", async () => {
    const link = (
      await create(owner, { name: "Dana", panels: ["visitors"], password: "harbor-2027-views" })
    ).json();
    expect(link.hasPassword).toBe(true);
    const token = tokenOf(link.url);
    const locked = await view(token);
    expect(locked.statusCode).toBe(401);
    expect(locked.json()).toEqual({
      message: "This link asks for a password",
      passwordRequired: true,
    });
    const unlock = (password: string) =>
      t.app.inject({ method: "POST", url: `/api/share/${token}/unlock`, payload: { password } });
    const wrong = await unlock("harbor-2026-views");
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe("That password is not right: check it and try again");
    expect(wrong.cookies).toEqual([]);
    const right = await unlock("harbor-2027-views");
    expect(right.statusCode).toBe(204);
    const cookie = right.cookies.find((c) => c.name === UNLOCK_COOKIE)!;
    expect(cookie).toMatchObject({
      path: `/api/share/${token}`,
      httpOnly: true,
      sameSite: "Strict",
    });
    const open = await view(token, cookie.value);
    expect(open.statusCode).toBe(200);
    expect(Object.keys(open.json().panels)).toEqual(["visitors"]);
    expect(open.json().panels.visitors).toMatchObject({ visitors: 2, pageViews: 3 });

    // The cookie opens that link only, and is not made up.
    const other = (
      await create(owner, { name: "Sam", panels: ["visitors"], password: "another-password" })
    ).json();
    expect((await view(tokenOf(other.url), cookie.value)).statusCode).toBe(401);
    expect((await view(token, `${Date.now() + 3_600_000}.forged`)).statusCode).toBe(401);
  });

  it("limits password tries per link and address", async () => {
    const link = (
      await create(owner, { name: "Dana", panels: ["visitors"], password: "the-right-one" })
    ).json();
    const token = tokenOf(link.url);
    const statuses: number[] = [];
    for (let i = 0; i <= UNLOCK_TRIES; i++) {
      const answer = await t.app.inject({
        method: "POST",
        url: `/api/share/${token}/unlock`,
        payload: { password: `wrong-${i}-guess` },
      });
      statuses.push(answer.statusCode);
    }
    expect(statuses.slice(0, UNLOCK_TRIES).every((s) => s === 403)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it("answers 404, page and data alike, once revoked or expired, and for an unknown token", async () => {
    const link = (await create(owner, { name: "Dana", panels: ["visitors"] })).json();
    const token = tokenOf(link.url);
    expect((await view(token)).statusCode).toBe(200);
    const revoked = await callApi(t, owner, "POST", `/api/share-links/${link.id}/revoke`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ state: "revoked", revokedAt: expect.any(String) });
    const gone = await view(token);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe("This link does not exist, was revoked or has expired");
    const page = await t.app.inject({ method: "GET", url: `/share/${token}` });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain("404 Page Not Found");
    expect(page.headers["x-robots-tag"]).toBe("noindex");
    const [event] = await t.database.db
      .select()
      .from(auditEvents)
      .orderBy(desc(auditEvents.createdAt))
      .limit(1);
    expect(event).toMatchObject({ action: "share-link.revoked", targetId: link.id });

    const expiring = (await create(owner, { name: "Dana", panels: ["visitors"] })).json();
    await t.database.db
      .update(shareLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(shareLinks.id, expiring.id));
    expect((await view(tokenOf(expiring.url))).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: "GET", url: `/share/${tokenOf(expiring.url)}` })).statusCode,
    ).toBe(404);
    const listed = await callApi(t, owner, "GET", `/api/websites/${websiteId}/share-links`);
    expect(listed.json().find((l: { id: string }) => l.id === expiring.id).state).toBe("expired");

    const unknown = `hls_${"A".repeat(43)}`;
    expect((await view(unknown)).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: `/share/${unknown}` })).statusCode).toBe(404);
  });

  it("lets staff list and revoke a client's links, and another owner revoke none", async () => {
    const link = (await create(owner, { name: "Dana", panels: ["devices"] })).json();
    expect(
      (await callApi(t, otherOwner, "POST", `/api/share-links/${link.id}/revoke`)).statusCode,
    ).toBe(404);
    const listed = await callApi(t, staff, "GET", `/api/admin/websites/${websiteId}/share-links`);
    expect(listed.json().map((l: { id: string }) => l.id)).toContain(link.id);
    const revoked = await callApi(t, staff, "POST", `/api/admin/share-links/${link.id}/revoke`);
    expect(revoked.json().state).toBe("revoked");
    expect((await view(tokenOf(link.url))).statusCode).toBe(404);
  });
});
