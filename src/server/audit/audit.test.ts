import { count, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditActions } from "@shared/schemas/audit";
import { callApi, createTestApp, signInAs, type TestApp } from "../../../tests/support/app";
import { databaseKinds } from "../../../tests/support/database";
import { aStaffMember } from "../../../tests/support/factories";
import { seedRouteIds } from "../../../tests/support/route-ids";
import { concreteBody, concreteUrl, type RouteIds } from "../../../tests/support/routes";
import * as schema from "../db/schema";
import { addWebsite } from "../websites/websites";
import { withAudit } from "./audit";

const staffEmail = "avery@harborline.example";

describe.each(databaseKinds)("the audit log on %s", (kind) => {
  let t: TestApp;
  let staff: string;
  let ids: RouteIds;

  beforeAll(async () => {
    t = await createTestApp(kind, { ADMIN_EMAILS: staffEmail });
    const { db } = t.database;
    const avery = await aStaffMember(db, { email: staffEmail });
    staff = await signInAs(t, staffEmail);
    ({ ids } = await seedRouteIds(t, staff, avery));
  });
  afterAll(() => t.close());

  const events = () =>
    t.database.db.select().from(schema.auditEvents).orderBy(desc(schema.auditEvents.createdAt));
  const eventCount = async () =>
    (await t.database.db.select({ n: count() }).from(schema.auditEvents))[0]!.n;

  it("appends a row for every staff write, naming who, what, the target and from where", async () => {
    const writes = t.app.routeTable.filter(
      (route) =>
        route.url.startsWith("/api/admin") &&
        ["POST", "PUT", "PATCH", "DELETE"].includes(route.method),
    );
    expect(writes.length).toBeGreaterThanOrEqual(13);
    // The client's erasure goes last, on an account made for it: it would take the others' rows.
    const erase = writes.find(
      (route) => route.method === "DELETE" && route.url === "/api/admin/clients/:id",
    )!;
    const ordered = [...writes.filter((route) => route !== erase), erase];
    const throwaway = await callApi(t, staff, "POST", "/api/admin/clients", {
      email: "leaving@example.com",
    });
    for (const route of ordered) {
      const key = `${route.method} ${route.url}`;
      const url =
        route === erase ? `/api/admin/clients/${throwaway.json().id}` : concreteUrl(route.url, ids);
      const body =
        route === erase ? { confirmEmail: "leaving@example.com" } : concreteBody(key, ids);
      const before = await eventCount();
      const response = await callApi(t, staff, route.method as "POST", url, body);
      expect(response.statusCode, key).toBeLessThan(300);
      expect(await eventCount(), `${key} was logged`).toBe(before + 1);
      const [event] = await events();
      expect(Object.keys(auditActions), key).toContain(event!.action);
      expect(event, key).toMatchObject({
        actorEmail: staffEmail,
        actorIsStaff: true,
        ipAddress: "127.0.0.1",
      });
      expect(event!.targetType, key).toEqual(expect.any(String));
    }
  });

  it("keeps the changed fields, before and after", async () => {
    await callApi(t, staff, "PATCH", `/api/admin/leads/contact/${ids.lead}`, {
      status: "qualified",
    });
    await callApi(t, staff, "PATCH", `/api/admin/leads/contact/${ids.lead}`, { status: "won" });
    const [event] = await events();
    expect(event).toMatchObject({
      action: "lead.status-changed",
      targetType: "lead",
      targetId: ids.lead,
      changes: { before: { status: "qualified" }, after: { status: "won" } },
    });
  });

  it("logs exports, which are reads", async () => {
    await callApi(t, staff, "GET", "/api/admin/leads/export.csv?status=won");
    expect((await events())[0]).toMatchObject({
      action: "leads.exported",
      changes: { after: { status: "won" } },
    });
    await callApi(t, staff, "GET", `/api/admin/clients/${ids.client}/export`);
    expect((await events())[0]).toMatchObject({
      action: "client.exported",
      targetId: ids.client,
      companyId: ids.client,
    });
  });

  it("logs every sign-in with its method", async () => {
    await signInAs(t, "signed.in@example.com");
    expect((await events())[0]).toMatchObject({
      action: "auth.signed-in",
      actorEmail: "signed.in@example.com",
      actorIsStaff: false,
      changes: { after: { method: "email-link" } },
    });
  });

  it("writes nothing for a refused write", async () => {
    const before = await eventCount();
    const refused = await callApi(t, staff, "PATCH", `/api/admin/leads/contact/${ids.lead}`, {
      status: "sold",
    });
    expect(refused.statusCode).toBe(400);
    expect(await eventCount()).toBe(before);
  });

  it("never lets a row be changed or deleted", async () => {
    const [event] = await events();
    await expect(
      t.database.db
        .update(schema.auditEvents)
        .set({ action: "auth.signed-in" })
        .where(eq(schema.auditEvents.id, event!.id)),
    ).rejects.toThrow();
    await expect(
      t.database.db.delete(schema.auditEvents).where(eq(schema.auditEvents.id, event!.id)),
    ).rejects.toThrow();
    await expect(t.database.db.execute(sql`truncate ${schema.auditEvents}`)).rejects.toThrow();
    expect(await eventCount()).toBeGreaterThan(0);
  });

  it("shows staff the log, filtered by who acted", async () => {
    const [staffUser] = await t.database.db
      .select()
      .from(schema.users)
      .where(eq(schema.users.email, staffEmail));
    const all = await callApi(t, staff, "GET", "/api/admin/audit");
    expect(all.statusCode).toBe(200);
    const mine = await callApi(t, staff, "GET", `/api/admin/audit?actorId=${staffUser!.id}`);
    const page = mine.json();
    expect(page.total).toBeGreaterThan(0);
    expect(page.total).toBeLessThan(all.json().total);
    for (const item of page.items) expect(item.actorEmail).toBe(staffEmail);
    expect(page.items[0].label).toEqual(expect.any(String));
    const bad = await callApi(t, staff, "GET", "/api/admin/audit?actorId=someone");
    expect(bad.statusCode).toBe(400);
  });

  it("rolls a write back, its emails too, when its audit row cannot be stored", async () => {
    const rows = async () => ({
      websites: (await t.database.db.select({ n: count() }).from(schema.websites))[0]!.n,
      outbox: (await t.database.db.select({ n: count() }).from(schema.outboxEmails))[0]!.n,
      events: await eventCount(),
    });
    const before = await rows();
    const [admin] = await t.database.db
      .select()
      .from(schema.users)
      .where(eq(schema.users.email, staffEmail));
    const context = { actor: admin!, ipAddress: "127.0.0.1" };
    // addWebsite runs its own transaction (a savepoint here) and queues the members' emails;
    // a lone surrogate is what the JSON column refuses, as a value the schemas no longer let in.
    const write = withAudit(t.database.db, context, async (tx, audit) => {
      const site = await addWebsite(
        tx,
        ids.client,
        {
          domain: "rolled-back.example",
          plan: "Business",
          status: "active",
          checkUrl: null,
          checkKeyword: null,
          checkKeywordMustBe: "present",
        },
        { agencyInbox: "hello@harborline.example", publicUrl: "http://localhost:5000" },
      );
      expect(site).toBeDefined();
      await audit({ action: "website.added", changes: { after: { plan: "Biz\udfff" } } });
    });
    await expect(write).rejects.toThrow();
    expect(await rows()).toEqual(before);
    const [kept] = await t.database.db
      .select()
      .from(schema.websites)
      .where(eq(schema.websites.domain, "rolled-back.example"));
    expect(kept).toBeUndefined();

    // The same write with a row the log takes lands, row, emails and audit row together.
    await withAudit(t.database.db, context, async (tx, audit) => {
      await addWebsite(
        tx,
        ids.client,
        {
          domain: "kept.example",
          plan: "Business",
          status: "active",
          checkUrl: null,
          checkKeyword: null,
          checkKeywordMustBe: "present",
        },
        { agencyInbox: "hello@harborline.example", publicUrl: "http://localhost:5000" },
      );
      await audit({ action: "website.added", changes: { after: { plan: "Business" } } });
    });
    const after = await rows();
    expect(after.websites).toBe(before.websites + 1);
    expect(after.outbox).toBeGreaterThan(before.outbox);
    expect(after.events).toBe(before.events + 1);
  });
});
