import { eq } from "drizzle-orm";
import type { User } from "../../src/server/db/schema";
import * as schema from "../../src/server/db/schema";
import { createApiToken } from "../../src/server/api-tokens/tokens";
import { createHeartbeat } from "../../src/server/monitoring/heartbeats";
import { createShareLink } from "../../src/server/share-links/links";
import { createUsageToken } from "../../src/server/usage/tokens";
import { recordWebhookEvent } from "../../src/server/webhooks/events";
import { callApi, type TestApp } from "./app";
import {
  aClient,
  aClientUser,
  aDomain,
  aLead,
  aProject,
  aSavedReply,
  aTicket,
  aWebsite,
} from "./factories";
import { concreteBody, type RouteIds } from "./routes";

/**
 * A row for every route that names one to act on, made by a signed-in staff member (`staff`, the
 * session cookie of `avery`): the ids concreteUrl puts in the routes' paths, and the client
 * company they belong to with its owner.
 */
export async function seedRouteIds(t: TestApp, staff: string, avery: User) {
  const { db } = t.database;
  const ids = {} as RouteIds;
  // A record for every staff write to act on: a client with a website, a domain, a ticket, a
  // project and a second member (whose role the walk changes before removing them), a saved
  // reply, and a contact message.
  const { company, owner } = await aClient(db);
  ids.client = company.id;
  ids.website = (await aWebsite(db, company.id)).id;
  ids.domain = (await aDomain(db, company.id)).id;
  ids.ticket = (await aTicket(db, owner, company.id)).id;
  ids.member = (await aClientUser(db, company.id, { role: "billing" })).id;
  ids.savedReply = (await aSavedReply(db, avery)).id;
  const project = await aProject(db, company.id);
  const [milestone] = await db
    .select()
    .from(schema.projectMilestones)
    .where(eq(schema.projectMilestones.projectId, project.id));
  ids.project = project.id;
  ids.milestone = milestone!.id;
  ids.lead = (await aLead(db, { kind: "contact" })).id;
  // A second website, kept when the walk removes the first, with a usage token to revoke.
  const tokenSite = await aWebsite(db, company.id);
  const token = await createUsageToken(db, tokenSite.id, "web-1");
  ids.usage = { website: tokenSite.id, token: token!.id };
  // An API token for the walk to revoke.
  ids.apiToken = (
    await createApiToken(db, { name: "CRM sync", scopes: ["leads:read"], expiresInDays: 30 }, avery)
  ).id;
  const heartbeat = await createHeartbeat(
    db,
    tokenSite.id,
    { name: "nightly backup", periodSeconds: 86_400, graceSeconds: 3_600 },
    "https://www.example.test",
  );
  ids.heartbeat = heartbeat!.id;
  // A webhook endpoint to change and delete, and another's delivery to send again.
  const endpoint = await callApi(
    t,
    staff,
    "POST",
    "/api/admin/webhooks",
    concreteBody("POST /api/admin/webhooks", ids),
  );
  ids.webhook = endpoint.json().id;
  await callApi(t, staff, "POST", "/api/admin/webhooks", {
    url: "https://crm.example.com/in",
    events: ["lead.created"],
  });
  await recordWebhookEvent(db, "lead.created", { id: "a lead" }, { companyId: company.id });
  const [delivery] = await db.select().from(schema.webhookDeliveries);
  ids.webhookDelivery = delivery!.id;
  // A share link the owner made of it, for staff to revoke.
  const shared = await createShareLink(
    db,
    { websiteId: tokenSite.id, companyId: company.id },
    { name: "Dana, marketing", panels: ["visitors"], expiresAt: null },
    owner,
    "https://www.example.test",
  );
  ids.shareLink = shared!.id;
  const incident = await callApi(
    t,
    staff,
    "POST",
    "/api/admin/incidents",
    concreteBody("POST /api/admin/incidents", ids),
  );
  ids.incident = incident.json().id;
  // A maintenance window on it, for the walk to cancel.
  const windows = await callApi(
    t,
    staff,
    "POST",
    `/api/admin/clients/${company.id}/maintenance-windows`,
    concreteBody("POST /api/admin/clients/:id/maintenance-windows", ids),
  );
  ids.maintenanceWindow = windows.json().windows[0].id;
  // Time logged by this staff member, and their running timer (the walk stops it first).
  const logged = await callApi(
    t,
    staff,
    "POST",
    `/api/admin/clients/${company.id}/time-entries`,
    concreteBody("POST /api/admin/clients/:id/time-entries", ids),
  );
  ids.timeEntry = logged.json().id;
  await callApi(t, staff, "POST", `/api/admin/clients/${company.id}/timer`, {
    note: "Checking the forms",
  });
  // A proposal of the client with its draft: the walk edits, sends and versions it.
  const proposal = await callApi(
    t,
    staff,
    "POST",
    "/api/admin/proposals",
    concreteBody("POST /api/admin/proposals", ids),
  );
  ids.proposal = proposal.json().id;
  ids.version = proposal.json().versions[0].id;
  // A monthly plan, a plan request for each decision, and an invoice for each action.
  const plan = await callApi(
    t,
    staff,
    "POST",
    `/api/admin/clients/${ids.client}/plans`,
    concreteBody("POST /api/admin/clients/:id/plans", ids),
  );
  ids.plan = plan.json().id;
  const requests = await t.database.db
    .insert(schema.planChangeRequests)
    .values([
      { companyId: ids.client, requestedPlan: "Business Hosting" },
      { companyId: ids.client, requestedPlan: "Premium Care" },
    ])
    .returning();
  ids.planRequests = { approve: requests[0]!.id, decline: requests[1]!.id };
  const invoice = async (issue: boolean) =>
    (
      await callApi(t, staff, "POST", "/api/admin/invoices", {
        ...concreteBody("POST /api/admin/invoices", ids),
        issue,
      })
    ).json().id as string;
  ids.invoices = {
    issue: await invoice(false),
    delete: await invoice(false),
    void: await invoice(true),
    uncollectible: await invoice(true),
    payments: await invoice(true),
    read: await invoice(true),
    reminders: await invoice(true),
    refunds: await invoice(true),
  };
  const paid = await callApi(
    t,
    staff,
    "POST",
    `/api/admin/invoices/${ids.invoices.refunds}/payments`,
    concreteBody("POST /api/admin/invoices/:id/payments", ids),
  );
  ids.invoices.refundPayment = paid.json().payments[0].id;
  // A Discovery Call a visitor booked, for the walk to move to another open slot, then cancel.
  const open: string[] = (await callApi(t, undefined, "GET", "/api/bookings/slots")).json().slots;
  const booked = await callApi(t, undefined, "POST", "/api/bookings", {
    startsAt: open[0],
    timeZone: "Europe/Berlin",
    name: "Ana Müller",
    email: "ana@example.com",
  });
  ids.booking = { id: booked.json().id, slot: open[10]! };
  return { ids, company, owner };
}
