import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi, createTestApp, signInAs, type TestApp } from "../../../../tests/support/app";
import { databaseKinds } from "../../../../tests/support/database";
import { aClient, aLead, aStaffMember } from "../../../../tests/support/factories";

/*
 * An integrator's program, over real HTTP: it reads /api/openapi.json and finds its operations
 * there (its path, tag, security, body and answers), lists leads with a read token, is refused a write, opens a
 * ticket with a write token, and its receiver gets the signed ticket.created webhook, which it
 * checks as docs/webhooks.md says.
 */

const staffEmail = "avery@harborline.example";

type Operation = {
  tags?: string[];
  security?: Record<string, string[]>[];
  requestBody?: { content: Record<string, { schema: { required?: string[] } }> };
  responses: Record<string, unknown>;
};
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };
type Received = { headers: IncomingHttpHeaders; body: string };

/** The operation at `path` and `method`, which the document files under `tag` for tokens too. */
function operationOf(document: Document, tag: string, method: string, path: string) {
  const op = document.paths[path]?.[method];
  expect(op, `${method} ${path} in the document`).toBeDefined();
  expect(op!.tags).toEqual([tag]);
  expect(op!.security).toContainEqual({ bearerToken: [] });
  return { path, op: op! };
}

function signatureHolds(received: Received, secret: string): boolean {
  const header = String(received.headers["harborline-signature"] ?? "");
  const { t, v1 } = Object.fromEntries(header.split(",").map((part) => part.split("=")));
  const expected = createHmac("sha256", secret).update(`${t}.${received.body}`).digest();
  const given = Buffer.from(v1 ?? "", "hex");
  const fresh = Math.abs(Date.now() / 1000 - Number(t)) <= 300;
  return fresh && given.length === expected.length && timingSafeEqual(given, expected);
}

describe.each(databaseKinds)("an integrator using only the API document on %s", (kind) => {
  let t: TestApp;
  let base: string;
  let receiver: Server;
  let receiverUrl: string;
  const received: Received[] = [];
  let companyId: string;
  let leadId: string;

  beforeAll(async () => {
    // The app's webhook worker runs, as on a server: the delivery is the app's own.
    t = await createTestApp(kind, { ADMIN_EMAILS: staffEmail }, { webhooks: { intervalMs: 200 } });
    const { db } = t.database;
    await aStaffMember(db, { email: staffEmail });
    companyId = (await aClient(db)).company.id;
    leadId = (await aLead(db, { kind: "contact" })).id;
    base = await t.app.listen({ port: 0, host: "127.0.0.1" });
    receiver = createServer((request, response) => {
      let body = "";
      request.setEncoding("utf8");
      request.on("data", (chunk: string) => (body += chunk));
      request.on("end", () => {
        received.push({ headers: request.headers, body });
        response.end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  });
  afterAll(async () => {
    await new Promise((resolve) => receiver?.close(resolve));
    await t?.close();
  });

  it("lists leads with a read token, is refused a write, and hears of the ticket it opens", async () => {
    // Staff, in the back office: two tokens and an endpoint, each secret shown once.
    const staff = await signInAs(t, staffEmail);
    const token = async (scopes: string[]) => {
      const made = await callApi(t, staff, "POST", "/api/admin/api-tokens", {
        name: `CRM ${scopes.join(" ")}`,
        scopes,
        expiresInDays: 30,
      });
      expect(made.statusCode, made.body).toBe(201);
      return (made.json() as { token: string }).token;
    };
    const readToken = await token(["leads:read"]);
    const writeToken = await token(["tickets:write"]);
    const endpoint = await callApi(t, staff, "POST", "/api/admin/webhooks", {
      url: receiverUrl,
      events: ["ticket.created"],
    });
    expect(endpoint.statusCode, endpoint.body).toBe(201);
    const { secret } = endpoint.json() as { secret: string };

    // The program: the document, then the operations it names.
    const document = (await (await fetch(`${base}/api/openapi.json`)).json()) as Document;
    expect(document.openapi).toMatch(/^3\.1\./);
    const call = (path: string, method: string, bearer: string, body?: unknown) =>
      fetch(`${base}${path}`, {
        method: method.toUpperCase(),
        headers: {
          authorization: `Bearer ${bearer}`,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });

    const listLeads = operationOf(document, "Leads", "get", "/api/admin/leads");
    const leads = await call(listLeads.path, "get", readToken);
    expect(leads.status).toBe(200);
    expect(Object.keys(listLeads.op.responses)).toContain("200");
    expect(JSON.stringify(await leads.json())).toContain(leadId);

    const openTicket = operationOf(document, "Tickets", "post", "/api/admin/tickets");
    const required = openTicket.op.requestBody?.content["application/json"]?.schema.required ?? [];
    const ticket = {
      companyId,
      subject: "Checkout returns an error",
      message: "Our monitoring saw the checkout page fail three times in ten minutes.",
      priority: "high",
    };
    expect(Object.keys(ticket)).toEqual(expect.arrayContaining(required));

    const refused = await call(openTicket.path, "post", readToken, ticket);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toMatch(/tickets:write/);

    const opened = await call(openTicket.path, "post", writeToken, ticket);
    expect(opened.status).toBe(201);
    expect(Object.keys(openTicket.op.responses)).toContain("201");
    const { id: ticketId } = (await opened.json()) as { id: string };

    // The receiver: one signed ticket.created, naming the ticket.
    const end = Date.now() + 20_000;
    while (received.length === 0 && Date.now() < end) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(received).toHaveLength(1);
    const delivery = received[0]!;
    expect(delivery.headers["harborline-event"]).toBe("ticket.created");
    expect(signatureHolds(delivery, secret)).toBe(true);
    expect(signatureHolds(delivery, "whsec_someone-else")).toBe(false);
    const event = JSON.parse(delivery.body) as { type: string; data: { id: string } };
    expect(event).toMatchObject({ type: "ticket.created", data: { id: ticketId } });
  });
});
