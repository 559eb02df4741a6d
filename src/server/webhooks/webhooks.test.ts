import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi, createTestApp, signInAs, type TestApp } from "../../../tests/support/app";
import { databaseKinds } from "../../../tests/support/database";
import { startSmtpSink, type SmtpSink } from "../../../tests/support/smtp-sink";
import { aStaffMember } from "../../../tests/support/factories";
import { onTwoInstances, runAsTheClockMoves } from "../../../tests/support/instances";
import { createSecretBox } from "../auth/secret-box";
import { createCompany } from "../team/team";
import type { Db } from "../db/client";
import { auditEvents, notices, webhookDeliveries, webhookEvents } from "../db/schema";
import { createWebhookWorker, deliverDueWebhooks } from "./deliveries";
import { createEndpoint, endpointAddressProblem, WEBHOOK_SECRET_PURPOSE } from "./endpoints";
import { recordWebhookEvent } from "./events";

const staffEmail = "avery@harborline.example";
const agencyInbox = "hello@harborline.example";
const clientEmail = "jordan@riverabakery.example";
const silent = { info() {}, warn() {}, error() {} } as unknown as FastifyBaseLogger;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

type Received = { headers: IncomingHttpHeaders; body: string };

/** An integrator's endpoint: node:http on 127.0.0.1, answering `status` to every POST. */
function aReceiver(port: number, status = 200) {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (body += chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body });
      response.statusCode = status;
      response.end();
    });
  });
  return {
    url: `http://127.0.0.1:${port}/hooks/harborline`,
    received,
    up: () => new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve)),
    down: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** What docs/webhooks.md tells an integrator to do with a delivery. */
function verified(received: Received, secret: string, toleranceSeconds = 300): boolean {
  const header = String(received.headers["harborline-signature"] ?? "");
  const { t, v1 } = Object.fromEntries(header.split(",").map((part) => part.split("=")));
  const expected = createHmac("sha256", secret).update(`${t}.${received.body}`).digest("hex");
  const fresh = Math.abs(Date.now() / 1000 - Number(t)) <= toleranceSeconds;
  const given = Buffer.from(v1 ?? "", "hex");
  const wanted = Buffer.from(expected, "hex");
  return fresh && given.length === wanted.length && timingSafeEqual(given, wanted);
}

async function until(check: () => boolean, ms = 10_000) {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 50));
}

describe.each(databaseKinds)("webhooks on %s", (kind) => {
  let t: TestApp;
  let staff: string;
  let client: string;
  let settings: Parameters<typeof deliverDueWebhooks>[1];
  let smtp: SmtpSink;

  beforeAll(async () => {
    // The app's own worker is off: each test drives one of its own.
    smtp = await startSmtpSink();
    t = await createTestApp(
      kind,
      { ADMIN_EMAILS: staffEmail, SMTP_URL: smtp.url, AGENCY_INBOX: agencyInbox },
      { webhooks: false },
    );
    await aStaffMember(t.database.db, { email: staffEmail });
    staff = await signInAs(t, staffEmail);
    client = await signInAs(t, clientEmail);
    settings = {
      box: createSecretBox(t.config.sessionSecret, WEBHOOK_SECRET_PURPOSE),
      allowPrivate: true,
      notices: { agencyInbox: t.config.agencyInbox, publicUrl: t.config.publicUrl },
    };
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  const register = async (url: string, events: string[]) => {
    const made = await callApi(t, staff, "POST", "/api/admin/webhooks", { url, events });
    expect(made.statusCode).toBe(201);
    return made.json() as { id: string; secret: string };
  };
  const openTicket = async (subject: string) => {
    const opened = await callApi(t, client, "POST", "/api/tickets", {
      subject,
      message: "The contact form sends nothing since this morning.",
    });
    expect(opened.statusCode).toBe(201);
    return opened.json() as { id: string; subject: string };
  };
  const deliveryLog = async (endpointId: string) => {
    const log = await callApi(t, staff, "GET", `/api/admin/webhooks/${endpointId}/deliveries`);
    expect(log.statusCode).toBe(200);
    return log.json() as {
      id: string;
      status: string;
      attempts: { statusCode: number | null; error: string | null }[];
    }[];
  };

  it("sends a signed ticket.created when a client opens a ticket, shown in the delivery log", async () => {
    const receiver = aReceiver(4681);
    await receiver.up();
    const worker = createWebhookWorker({ db: t.database.db, settings, log: silent });
    worker.start(0);
    try {
      const endpoint = await register(receiver.url, ["ticket.created"]);
      expect(endpoint.secret).toMatch(/^whsec_/);
      const listed = await callApi(t, staff, "GET", "/api/admin/webhooks");
      expect(listed.body).not.toContain(endpoint.secret);

      const ticket = await openTicket("Contact form broken");
      // Woken by the commit: no poll to wait for.
      await until(() => receiver.received.length > 0);
      expect(receiver.received).toHaveLength(1);
      const [delivery] = receiver.received;
      expect(verified(delivery!, endpoint.secret)).toBe(true);
      expect(verified(delivery!, "whsec_someone-else")).toBe(false);
      const event = JSON.parse(delivery!.body);
      expect(event).toMatchObject({
        type: "ticket.created",
        data: { id: ticket.id, subject: "Contact form broken", status: "open" },
      });
      expect(Date.parse(event.createdAt)).not.toBeNaN();
      expect(delivery!.headers["harborline-event"]).toBe("ticket.created");

      // The receiver has it; the worker records its answer a moment later.
      let logged = (await deliveryLog(endpoint.id))[0];
      for (let tries = 0; logged?.status !== "delivered" && tries < 100; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        logged = (await deliveryLog(endpoint.id))[0];
      }
      expect(logged).toMatchObject({
        id: delivery!.headers["harborline-delivery"],
        status: "delivered",
      });
      expect(logged!.attempts.map((attempt) => attempt.statusCode)).toEqual([200]);

      // Staff redeliver: the same event, under the same delivery id, signed again.
      const again = await callApi(
        t,
        staff,
        "POST",
        `/api/admin/webhook-deliveries/${logged!.id}/redeliver`,
      );
      expect(again.statusCode).toBe(202);
      await until(() => receiver.received.length > 1);
      expect(receiver.received[1]!.body).toBe(delivery!.body);
      expect(receiver.received[1]!.headers["harborline-delivery"]).toBe(logged!.id);
      const audited = await t.database.db
        .select({ action: auditEvents.action })
        .from(auditEvents)
        .where(eq(auditEvents.targetId, logged!.id));
      expect(audited.map((row) => row.action)).toEqual(["webhook.redelivered"]);
      await callApi(t, staff, "DELETE", `/api/admin/webhooks/${endpoint.id}`);
    } finally {
      await worker.stop();
      await receiver.down();
    }
  });

  it("keeps an event while the receiver is down and delivers it once when it is back", async () => {
    const receiver = aReceiver(4682);
    const endpoint = await register(receiver.url, ["ticket.created"]);
    await openTicket("Site slow at night");
    const t0 = Date.now();
    const at = (ms: number) => new Date(t0 + ms);
    const { db } = t.database;

    expect(await deliverDueWebhooks(db, settings, at(0))).toBe(0); // refused: nobody listens
    expect(await deliverDueWebhooks(db, settings, at(10_000))).toBe(0); // not due again yet
    expect(await deliverDueWebhooks(db, settings, at(MINUTE))).toBe(0); // refused again
    await receiver.up();
    try {
      // Due again two minutes in: two instances' passes at once send it once.
      const passes = await Promise.all([
        deliverDueWebhooks(db, settings, at(2 * MINUTE)),
        deliverDueWebhooks(db, settings, at(2 * MINUTE)),
      ]);
      expect(passes[0] + passes[1]).toBe(1);
      expect(await deliverDueWebhooks(db, settings, at(HOUR))).toBe(0);
      expect(receiver.received).toHaveLength(1);
      expect(verified(receiver.received[0]!, endpoint.secret, 3_600)).toBe(true);
      const [logged] = await deliveryLog(endpoint.id);
      expect(logged!.status).toBe("delivered");
      expect(logged!.attempts.map((attempt) => attempt.statusCode)).toEqual([null, null, 200]);
      expect(logged!.attempts[0]!.error).toMatch(/ECONNREFUSED/);
      await callApi(t, staff, "DELETE", `/api/admin/webhooks/${endpoint.id}`);
    } finally {
      await receiver.down();
    }
  });

  it("disables an endpoint that has failed for 3 days, and tells staff once, in the app and by email", async () => {
    const receiver = aReceiver(4683, 500);
    await receiver.up();
    try {
      const endpoint = await register(receiver.url, ["ticket.created"]);
      await openTicket("Images missing");
      const t0 = Date.now();
      for (let hours = 0; hours <= 74; hours += 2) {
        await deliverDueWebhooks(t.database.db, settings, new Date(t0 + hours * HOUR));
      }
      const listed = (await callApi(t, staff, "GET", "/api/admin/webhooks")).json() as {
        id: string;
        enabled: boolean;
        disabledAt: string | null;
      }[];
      expect(listed.find((row) => row.id === endpoint.id)).toMatchObject({ enabled: false });
      const [logged] = await deliveryLog(endpoint.id);
      expect(logged!.status).toBe("failed");
      expect(logged!.attempts.every((attempt) => attempt.statusCode === 500)).toBe(true);
      const told = await t.database.db
        .select()
        .from(notices)
        .where(eq(notices.kind, "staff-webhook-disabled"));
      expect(told).toHaveLength(1);
      expect(told[0]!.title).toContain(receiver.url);
      // And the agency's inbox is emailed, through the outbox, as other staff notices are.
      const mail = await smtp.waitForMail(
        (each) => each.subject === `Webhook endpoint disabled: ${receiver.url}`,
      );
      expect(mail.to).toEqual([agencyInbox]);
      expect(mail.text).toContain("has failed since");
      expect(mail.text).toContain(`${t.config.publicUrl}/admin/webhooks`);

      // A disabled endpoint is sent nothing new.
      const before = receiver.received.length;
      await openTicket("Another one");
      expect(
        await t.database.db
          .select()
          .from(webhookDeliveries)
          .where(eq(webhookDeliveries.endpointId, endpoint.id)),
      ).toHaveLength(1);
      await deliverDueWebhooks(t.database.db, settings, new Date(t0 + 80 * HOUR));
      expect(receiver.received).toHaveLength(before);
    } finally {
      await receiver.down();
    }
  });

  it("records a lead and a ticket's replies for the endpoints that want them, as the API shows them", async () => {
    const endpoint = await register("https://crm.example.com/in", [
      "lead.created",
      "ticket.replied",
    ]);
    const sent = await callApi(t, undefined, "POST", "/api/contact", {
      name: "Maria Lopez",
      email: "maria@lopezflorals.example",
      subject: "New website for our flower shop",
      message: "We need a site with online ordering before Valentine's Day.",
    });
    expect(sent.statusCode).toBe(201);
    const ticket = await openTicket("Menu page out of date");
    const replied = await callApi(t, staff, "POST", `/api/admin/tickets/${ticket.id}/messages`, {
      body: "Updated it this morning: have a look.",
    });
    expect(replied.statusCode).toBeLessThan(300);
    const events = await t.database.db
      .select({ type: webhookEvents.type, body: webhookEvents.body })
      .from(webhookEvents)
      .innerJoin(webhookDeliveries, eq(webhookDeliveries.eventId, webhookEvents.id))
      .where(eq(webhookDeliveries.endpointId, endpoint.id));
    const byType = Object.fromEntries(events.map((row) => [row.type, JSON.parse(row.body)]));
    expect(Object.keys(byType).sort()).toEqual(["lead.created", "ticket.replied"]);
    const lead = await callApi(t, staff, "GET", `/api/admin/leads/contact/${sent.json().id}`);
    expect(byType["lead.created"].data).toEqual(lead.json());
    const thread = await callApi(t, staff, "GET", `/api/admin/tickets/${ticket.id}`);
    expect(byType["ticket.replied"].data).toEqual(thread.json());
    expect(byType["ticket.replied"].data.messages.at(-1)).toMatchObject({
      body: "Updated it this morning: have a look.",
      fromStaff: true,
    });
    await callApi(t, staff, "DELETE", `/api/admin/webhooks/${endpoint.id}`);
  });

  it("refuses an address that is not a web address, or with no events, with 400 and stores nothing", async () => {
    const before = (await callApi(t, staff, "GET", "/api/admin/webhooks")).json().length;
    for (const [body, field] of [
      [{ url: "ftp://hooks.example.com/x", events: ["ticket.created"] }, "url"],
      [{ url: "hooks.example.com", events: ["ticket.created"] }, "url"],
      [{ url: "https://hooks.example.com/x", events: [] }, "events"],
      [{ url: "https://hooks.example.com/x", events: ["ticket.deleted"] }, "events"],
    ] as const) {
      const refused = await callApi(t, staff, "POST", "/api/admin/webhooks", body);
      expect(refused.statusCode).toBe(400);
      expect(Object.keys(refused.json().errors ?? {}).join()).toContain(field);
    }
    expect((await callApi(t, staff, "GET", "/api/admin/webhooks")).json()).toHaveLength(before);
  });
});

describe("an endpoint's address", () => {
  const production = { production: true, allowPrivate: false };

  it("must be https in production", async () => {
    expect(await endpointAddressProblem("http://hooks.example.com/x", production)).toMatch(
      /must start with https:\/\//,
    );
  });

  it("must not be private, loopback or link-local unless the monitor's setting allows it", async () => {
    for (const url of [
      "https://127.0.0.1/hook",
      "https://10.1.2.3/hook",
      "https://169.254.169.254/latest",
      "https://[::1]/hook",
      "https://localhost/hook",
    ]) {
      expect(await endpointAddressProblem(url, production)).toMatch(/private address/);
    }
    expect(
      await endpointAddressProblem("http://127.0.0.1/hook", {
        production: false,
        allowPrivate: true,
      }),
    ).toBeUndefined();
  });
});

describe.each(databaseKinds)("a private address on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      kind,
      { ADMIN_EMAILS: staffEmail, MONITOR_ALLOW_PRIVATE: "false" },
      { webhooks: false },
    );
    await aStaffMember(t.database.db, { email: staffEmail });
  });
  afterAll(() => t.close());

  it("answers 400 with the reason, and stores nothing", async () => {
    const staff = await signInAs(t, staffEmail);
    const refused = await callApi(t, staff, "POST", "/api/admin/webhooks", {
      url: "http://192.168.1.20:8080/hook",
      events: ["lead.created"],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.url).toMatch(/private address \(192\.168\.1\.20\)/);
    expect((await callApi(t, staff, "GET", "/api/admin/webhooks")).json()).toEqual([]);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("webhooks on two instances", () => {
  it("deliver each event once, whichever instance claims it", async () => {
    const receiver = aReceiver(4684);
    await receiver.up();
    try {
      await onTwoInstances(async (a, b) => {
        const notices = { agencyInbox: "agency@example.test", publicUrl: "http://127.0.0.1" };
        const box = createSecretBox(
          "shared-secret-of-both-instances-0123456789",
          WEBHOOK_SECRET_PURPOSE,
        );
        const made = await createEndpoint(
          a.db,
          { url: receiver.url, events: ["lead.created"] },
          box,
          { production: false, allowPrivate: true },
        );
        expect(made.ok).toBe(true);
        const company = await createCompany(a.db, "Two Instances Co");
        for (let i = 0; i < 30; i++) {
          await recordWebhookEvent(
            a.db,
            "lead.created",
            { id: `lead-${i}` },
            {
              companyId: company.id,
            },
          );
        }
        const start = new Date();
        await runAsTheClockMoves(
          [a.db, b.db],
          (db: Db, now) =>
            createWebhookWorker({
              db,
              settings: { box, allowPrivate: true, notices },
              log: silent,
              intervalMs: 5,
              now,
            }),
          start,
          [1, 2, 3].map((minutes) => new Date(start.getTime() + minutes * MINUTE)),
        );
        const ids = receiver.received.map((each) => JSON.parse(each.body).data.id);
        expect(ids).toHaveLength(30);
        expect(new Set(ids).size).toBe(30);
      });
    } finally {
      await receiver.down();
    }
  });
});
