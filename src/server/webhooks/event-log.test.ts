import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhookEventObjects, type WebhookEvent } from "@shared/schemas/webhook-events";
import { webhookEventTypes } from "@shared/schemas/webhooks";
import {
  callApi,
  companyOf,
  createTestApp,
  signInAs,
  type TestApp,
} from "../../../tests/support/app";
import { databaseKinds } from "../../../tests/support/database";
import { aStaffMember, aWebsite, anAcceptedProposal } from "../../../tests/support/factories";
import { siteMonitors } from "../db/schema";
import type { ProbeResult } from "../monitoring/probe";
import { recordChecks } from "../monitoring/site-checks";

const staffEmail = "avery@harborline.example";
const clientEmail = "jordan@riverabakery.example";
const probe = (ok: boolean): ProbeResult => ({
  ok,
  statusCode: ok ? 200 : 503,
  responseMs: 90,
  cause: ok ? null : "http",
  detail: ok ? null : "HTTP 503",
  certExpiresAt: null,
});

/**
 * The event log (GET /api/admin/events) an integrator catches up from with an `events:read`
 * token, and what each event carries: the object as the API's GET of it answers, in its schema.
 */
describe.each(databaseKinds)("the webhook event log on %s", (kind) => {
  let t: TestApp;
  let staff: string;
  let client: string;
  const bearer = (token: string, url: string) =>
    t.app.inject({ method: "GET", url, headers: { authorization: `Bearer ${token}` } });
  const aToken = async (scopes: string[]) => {
    const made = await callApi(t, staff, "POST", "/api/admin/api-tokens", {
      name: `Catch-up ${scopes.join(" ")}`,
      scopes,
      expiresInDays: 30,
    });
    expect(made.statusCode, made.body).toBe(201);
    return (made.json() as { token: string }).token;
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { ADMIN_EMAILS: staffEmail }, { webhooks: false });
    await aStaffMember(t.database.db, { email: staffEmail });
    staff = await signInAs(t, staffEmail);
    client = await signInAs(t, clientEmail);
  });
  afterAll(() => t.close());

  /** Does, through the API (and the monitor), what each of the nine events reports. */
  async function everyEventHappens() {
    const lead = await callApi(t, undefined, "POST", "/api/apply", {
      name: "Maria de la Cruz",
      email: "maria@harborcoffee.example",
      company: "Harbor Coffee",
      projectType: "website",
      description: "A new website for our three coffee shops.",
    });
    expect(lead.statusCode, lead.body).toBe(201);
    const converted = await callApi(
      t,
      staff,
      "POST",
      `/api/admin/leads/${lead.json().id}/convert`,
      {},
    );
    expect(converted.statusCode, converted.body).toBe(200);

    const ticket = await callApi(t, client, "POST", "/api/tickets", {
      subject: "Menu page out of date",
      message: "The winter menu is not on the site yet.",
    });
    expect(ticket.statusCode, ticket.body).toBe(201);
    const replied = await callApi(
      t,
      staff,
      "POST",
      `/api/admin/tickets/${ticket.json().id}/messages`,
      {
        body: "Updated it this morning: have a look.",
      },
    );
    expect(replied.statusCode, replied.body).toBeLessThan(300);

    const companyId = await companyOf(t, clientEmail);
    const proposal = await anAcceptedProposal(t, { staff, client }, { companyId });
    const { invoices } = (await callApi(t, staff, "GET", "/api/admin/invoices")).json() as {
      invoices: { id: string; companyId: string; balanceCents: number }[];
    };
    // The deposit the acceptance issued: the company's one invoice with something owed.
    const deposit = invoices.find((each) => each.companyId === companyId && each.balanceCents > 0)!;
    const paid = await callApi(t, staff, "POST", `/api/admin/invoices/${deposit.id}/payments`, {
      amountCents: deposit.balanceCents,
      paidOn: "2026-11-20",
      method: "check",
    });
    expect(paid.statusCode, paid.body).toBeLessThan(300);

    const site = await aWebsite(t.database.db, companyId, { checkUrl: "https://example.test/" });
    await t.database.db.insert(siteMonitors).values({ websiteId: site.id });
    const settings = {
      agencyInbox: "staff@example.test",
      publicUrl: t.config.publicUrl,
      checkIntervalSeconds: 300,
    };
    const at = Date.now();
    for (const [ok, minutes] of [
      [false, 0],
      [false, 1],
      [true, 6],
    ] as const) {
      await recordChecks(
        t.database.db,
        [{ site: { ...site, companyId }, result: probe(ok), at: new Date(at + minutes * 60_000) }],
        settings,
      );
    }
    return { ticketId: ticket.json().id as string, proposalId: proposal.id };
  }

  it("pages through every event with an events:read token, each object in its GET's schema", async () => {
    const { ticketId, proposalId } = await everyEventHappens();
    const token = await aToken(["events:read"]);

    const events: WebhookEvent[] = [];
    let after: string | undefined;
    for (let page = 0; page < 20; page++) {
      const answer = await bearer(
        token,
        `/api/admin/events?limit=4${after ? `&after=${after}` : ""}`,
      );
      expect(answer.statusCode, answer.body).toBe(200);
      const { data, hasMore } = answer.json() as { data: WebhookEvent[]; hasMore: boolean };
      expect(data.length).toBeLessThanOrEqual(4);
      events.push(...data);
      after = data.at(-1)?.id;
      if (!hasMore) break;
    }
    // Every kind happened, each once per event, oldest first.
    expect(new Set(events.map((event) => event.type))).toEqual(new Set(webhookEventTypes));
    expect(new Set(events.map((event) => event.id)).size).toBe(events.length);
    const times = events.map((event) => event.createdAt);
    expect(times).toEqual([...times].sort());

    for (const event of events) {
      const { schema } = webhookEventObjects[event.type];
      const parsed = schema.safeParse(event.data);
      expect(parsed.success, `${event.type}: ${parsed.error?.message}`).toBe(true);
      // Nothing beyond the schema either: the object is the read model, not a look-alike.
      expect(parsed.data, event.type).toEqual(event.data);
    }
    const last = (type: string) => events.findLast((event) => event.type === type)!.data;
    const ticket = await callApi(t, staff, "GET", `/api/admin/tickets/${ticketId}`);
    expect(last("ticket.replied")).toEqual(ticket.json());
    const proposal = await callApi(t, staff, "GET", `/api/admin/proposals/${proposalId}`);
    expect(last("proposal.accepted")).toMatchObject({ id: proposalId, status: "accepted" });
    expect(last("proposal.accepted")).toEqual(proposal.json());
    expect(last("incident.resolved")).toMatchObject({ cause: "http", durationSeconds: 300 });

    // One type only, after the last event: nothing new yet.
    const tickets = await bearer(token, "/api/admin/events?type=ticket.replied");
    expect((tickets.json() as { data: WebhookEvent[] }).data.map((event) => event.type)).toEqual([
      "ticket.replied",
    ]);
    const caughtUp = await bearer(token, `/api/admin/events?after=${events.at(-1)!.id}`);
    expect(caughtUp.json()).toEqual({ data: [], hasMore: false });
  });

  it("refuses a token without events:read, naming the scope, and a cursor that names no event", async () => {
    const leadsOnly = await aToken(["leads:read"]);
    const refused = await bearer(leadsOnly, "/api/admin/events");
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("This token lacks the events:read scope");

    const token = await aToken(["events:read"]);
    const unknown = await bearer(token, `/api/admin/events?after=${crypto.randomUUID()}`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.after).toMatch(/names no event/);
    const tooMany = await bearer(token, "/api/admin/events?limit=1000");
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors.limit).toBe("Limit must be a whole number from 1 to 100");
  });
});
