import { eq, inArray } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WEBHOOK_EVENT_RETENTION_DAYS } from "@shared/schemas/webhooks";
import {
  callApi,
  companyOf,
  createTestApp,
  signInAs,
  type TestApp,
} from "../../../tests/support/app";
import { databaseKinds } from "../../../tests/support/database";
import { aStaffMember } from "../../../tests/support/factories";
import { createSecretBox } from "../auth/secret-box";
import { webhookDeliveries, webhookEvents } from "../db/schema";
import { createWebhookWorker } from "./deliveries";
import { createEndpoint, WEBHOOK_SECRET_PURPOSE } from "./endpoints";
import { recordWebhookEvent } from "./events";

const DAY = 86_400_000;
const silent = { info() {}, warn() {}, error() {} } as unknown as FastifyBaseLogger;
const staffEmail = "avery@harborline.example";
const clientEmail = "jordan@riverabakery.example";
const otherEmail = "sam@tidewater.example";

/** Events hold personal data: kept 30 days unless a delivery is pending, erased with the client. */
describe.each(databaseKinds)("webhook events' retention on %s", (kind) => {
  let t: TestApp;
  let staff: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { ADMIN_EMAILS: staffEmail }, { webhooks: false });
    await aStaffMember(t.database.db, { email: staffEmail });
    staff = await signInAs(t, staffEmail);
  });
  afterAll(() => t.close());

  const eventIds = async () => {
    const page = await callApi(t, staff, "GET", "/api/admin/events?limit=100");
    expect(page.statusCode, page.body).toBe(200);
    return (page.json() as { data: { id: string }[] }).data.map((event) => event.id);
  };

  it("prunes events past the retention in a worker pass, but keeps one still being delivered", async () => {
    const db = t.database.db;
    const now = new Date();
    const box = createSecretBox(t.config.sessionSecret, WEBHOOK_SECRET_PURPOSE);
    await signInAs(t, clientEmail);
    const companyId = await companyOf(t, clientEmail);
    const made = await createEndpoint(
      db,
      { url: "http://127.0.0.1:4859/never-up", events: ["ticket.created"] },
      box,
      { production: false, allowPrivate: true },
    );
    expect(made.ok).toBe(true);
    for (const type of ["ticket.created", "ticket.replied", "ticket.replied"] as const) {
      await recordWebhookEvent(db, type, { subject: "Menu page" }, { companyId });
    }
    const [pending, old, recent] = await db
      .select({ id: webhookEvents.id, type: webhookEvents.type })
      .from(webhookEvents)
      .where(eq(webhookEvents.companyId, companyId))
      .orderBy(webhookEvents.type);
    expect(pending!.type).toBe("ticket.created");
    const ago = (days: number) => new Date(now.getTime() - days * DAY);
    // Two past the retention (one of them redelivered and retrying), one just inside it.
    await db
      .update(webhookEvents)
      .set({ createdAt: ago(WEBHOOK_EVENT_RETENTION_DAYS + 1) })
      .where(inArray(webhookEvents.id, [pending!.id, old!.id]));
    await db
      .update(webhookEvents)
      .set({ createdAt: ago(WEBHOOK_EVENT_RETENTION_DAYS - 1) })
      .where(eq(webhookEvents.id, recent!.id));
    // Its next try is later: this pass leaves it pending.
    await db
      .update(webhookDeliveries)
      .set({ nextAttemptAt: new Date(now.getTime() + DAY) })
      .where(eq(webhookDeliveries.eventId, pending!.id));
    expect(await eventIds()).toEqual(expect.arrayContaining([pending!.id, old!.id, recent!.id]));

    const settings = {
      box,
      allowPrivate: true,
      notices: { agencyInbox: t.config.agencyInbox, publicUrl: t.config.publicUrl },
    };
    await createWebhookWorker({ db, settings, log: silent, now: () => now }).runOnce();

    const left = await eventIds();
    expect(left).not.toContain(old!.id);
    expect(left).toEqual(expect.arrayContaining([pending!.id, recent!.id]));
    expect(await db.$count(webhookEvents, eq(webhookEvents.id, old!.id))).toBe(0);
    const [delivery] = await db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.eventId, pending!.id));
    expect(delivery!.status).toBe("pending");
  });

  it("erases a client's events with the client, and the lead it sent, leaving others'", async () => {
    const db = t.database.db;
    const client = await signInAs(t, clientEmail);
    const other = await signInAs(t, otherEmail);
    const companyId = await companyOf(t, clientEmail);
    const open = async (as: string, subject: string) => {
      const ticket = await callApi(t, as, "POST", "/api/tickets", {
        subject,
        message: "The winter menu is not on the site yet.",
      });
      expect(ticket.statusCode, ticket.body).toBe(201);
    };
    await open(client, "Menu page out of date");
    await open(other, "Tide tables missing");
    const lead = await callApi(t, undefined, "POST", "/api/apply", {
      name: "Jordan Rivera",
      email: clientEmail,
      company: "Rivera Bakery",
      projectType: "website",
      description: "A shop for our cakes.",
    });
    expect(lead.statusCode, lead.body).toBe(201);
    const bodies = async () =>
      (await db.select({ body: webhookEvents.body }).from(webhookEvents)).map((row) => row.body);
    // The lead's event names them; the ticket's is theirs by company.
    expect((await bodies()).some((body) => body.includes(clientEmail))).toBe(true);
    expect((await bodies()).some((body) => body.includes("Menu page out of date"))).toBe(true);
    expect(await db.$count(webhookEvents, eq(webhookEvents.companyId, companyId))).toBeGreaterThan(
      0,
    );
    const before = await eventIds();

    const gone = await callApi(t, staff, "DELETE", `/api/admin/clients/${companyId}`, {
      confirmEmail: clientEmail,
    });
    expect(gone.statusCode, gone.body).toBe(204);

    const page = await callApi(t, staff, "GET", "/api/admin/events?limit=100");
    expect(page.body).not.toContain(clientEmail);
    expect(page.body).not.toContain("Menu page out of date");
    expect(page.body).toContain("Tide tables missing");
    expect((await eventIds()).length).toBeLessThan(before.length);
    expect((await bodies()).some((body) => body.includes(clientEmail))).toBe(false);
    expect((await bodies()).some((body) => body.includes("Menu page out of date"))).toBe(false);
    expect(await db.$count(webhookEvents, eq(webhookEvents.companyId, companyId))).toBe(0);
  });
});
