import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../tests/support/app";
import { databaseKinds } from "../../../tests/support/database";
import { startSmtpSink, type SmtpSink } from "../../../tests/support/smtp-sink";
import { leads, outboxEmails } from "../db/schema";

const inbox = "leads@harborline.example";

const contact = {
  name: "Maria Lopez",
  email: "maria@lopezflorals.example",
  subject: "New website for our flower shop",
  message: "We need a site with online ordering before Valentine's Day.",
};
const application = {
  name: "Dev Patel",
  email: "dev@harborcoffee.example",
  phone: "(253) 555-0199",
  company: "Harbor Coffee Co.",
  projectType: "app",
  budget: "15k-50k",
  timeline: "3-6months",
  description: "A loyalty app for our three coffee shops with mobile ordering.",
};

describe.each(databaseKinds)("lead emails on %s", (kind) => {
  let t: TestApp;
  let smtp: SmtpSink;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp(kind, { SMTP_URL: smtp.url, AGENCY_INBOX: inbox });
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  const post = (url: string, body: unknown) =>
    t.app.inject({
      method: "POST",
      url,
      headers: { "content-type": "application/json" },
      payload: JSON.stringify(body),
    });

  it("notifies the agency (Reply-To: the sender) and acknowledges a contact message", async () => {
    const from = smtp.received.length;
    const response = await post("/api/contact", contact);
    expect(response.statusCode).toBe(201);
    const { id, reference } = response.json<{ id: string; reference: string }>();

    const notification = await smtp.waitForMail((m) => m.to[0] === inbox, from);
    expect(notification.headers["reply-to"]).toBe(contact.email);
    expect(notification.subject).toContain(reference);
    for (const value of Object.values(contact)) expect(notification.text).toContain(value);
    expect(notification.text).toContain(`/admin/leads/contact/${id}`);
    expect(notification.text).toContain("Harborline");
    expect(notification.raw).toMatch(/Content-Type: text\/plain/);
    expect(notification.raw).toMatch(/Content-Type: text\/html/);

    const receipt = await smtp.waitForMail((m) => m.to[0] === contact.email, from);
    expect(receipt.subject).toContain(reference);
    expect(receipt.text).toContain(reference);
    expect(receipt.text).toContain("within 24 hours");
  });

  it("sends every field of a project application, labelled as on the form", async () => {
    const from = smtp.received.length;
    const response = await post("/api/apply", application);
    const { reference } = response.json<{ reference: string }>();
    const notification = await smtp.waitForMail(
      (m) => m.to[0] === inbox && m.subject.includes(reference),
      from,
    );
    expect(notification.headers["reply-to"]).toBe(application.email);
    for (const text of [
      "Dev Patel",
      "(253) 555-0199",
      "Harbor Coffee Co.",
      "Web Application Development",
      "$15,000 - $50,000",
      "3-6 months",
      application.description,
    ]) {
      expect(notification.text).toContain(text);
    }
    const receipt = await smtp.waitForMail((m) => m.to[0] === application.email, from);
    expect(receipt.text).toContain(reference);
  });

  const queuedFor = async (to: string) => {
    const [row] = await t.database.db
      .select({ n: count() })
      .from(outboxEmails)
      .where(eq(outboxEmails.to, to));
    return row!.n;
  };

  it.each([
    ["the honeypot is filled", () => ({ website: "http://spam.example" })],
    ["the form was filled in under 3 seconds", () => ({ formStartedAt: Date.now() - 500 })],
    [
      "the message carries more than three links",
      () => ({
        message:
          "Cheap pills http://a.example http://b.example https://c.example www.d.example buy now",
      }),
    ],
  ])("answers 201 but keeps it as spam, sending nothing, when %s", async (_case, trap) => {
    const sender = `spam-${Math.random().toString(36).slice(2)}@bots.example`;
    const response = await post("/api/contact", { ...contact, email: sender, ...trap() });
    expect(response.statusCode).toBe(201);
    expect(Object.keys(response.json()).sort()).toEqual(["id", "reference"]);
    const { id } = response.json<{ id: string }>();
    const [row] = await t.database.db.select().from(leads).where(eq(leads.id, id));
    expect(row).toMatchObject({ kind: "contact", status: "spam" });
    expect(await queuedFor(sender)).toBe(0);
    const [notices] = await t.database.db
      .select({ n: count() })
      .from(outboxEmails)
      .where(eq(outboxEmails.replyTo, sender));
    expect(notices!.n).toBe(0);
  });

  it("keeps a human application that took its time", async () => {
    const response = await post("/api/apply", {
      ...application,
      website: "",
      formStartedAt: Date.now() - 60_000,
    });
    const { id } = response.json<{ id: string }>();
    const [row] = await t.database.db.select().from(leads).where(eq(leads.id, id));
    expect(row).toMatchObject({ kind: "application", status: "new" });
  });
});

describe("when mail is down", () => {
  it("still answers 201 and stores the lead; the emails go out once SMTP is back", async () => {
    const smtp = await startSmtpSink();
    const port = smtp.port;
    const t = await createTestApp("pglite", {
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      AGENCY_INBOX: inbox,
    });
    try {
      await smtp.stop();
      const response = await t.app.inject({
        method: "POST",
        url: "/api/contact",
        headers: { "content-type": "application/json" },
        payload: JSON.stringify(contact),
      });
      expect(response.statusCode).toBe(201);
      const { id, reference } = response.json<{ id: string; reference: string }>();
      const [row] = await t.database.db.select().from(leads).where(eq(leads.id, id));
      expect(row?.reference).toBe(reference);

      // The worker tries, fails and schedules a retry.
      await expect
        .poll(async () => {
          const rows = await t.database.db.select().from(outboxEmails);
          return rows.every((email) => email.attempts >= 1 && email.lastError !== null);
        })
        .toBe(true);

      await smtp.start();
      const arrived = await smtp.waitFor(2, 15_000);
      expect(arrived.map((mail) => mail.to[0]).sort()).toEqual([contact.email, inbox].sort());
      await expect
        .poll(async () =>
          (await t.database.db.select().from(outboxEmails)).map((email) => email.status),
        )
        .toEqual(["sent", "sent"]);
    } finally {
      await t.close();
      await smtp.stop();
    }
  });

  it("marks an email failed after the last try", async () => {
    const t = await createTestApp(
      "pglite",
      { SMTP_URL: "smtp://127.0.0.1:9", AGENCY_INBOX: inbox },
      { outbox: { maxAttempts: 2, retryBaseMs: 50, pollMs: 50 } },
    );
    try {
      await t.app.inject({
        method: "POST",
        url: "/api/contact",
        headers: { "content-type": "application/json" },
        payload: JSON.stringify(contact),
      });
      await expect
        .poll(
          async () =>
            (await t.database.db.select().from(outboxEmails)).map((e) => [e.status, e.attempts]),
          { timeout: 10_000 },
        )
        .toEqual([
          ["failed", 2],
          ["failed", 2],
        ]);
    } finally {
      await t.close();
    }
  });
});

describe("without SMTP_URL", () => {
  it("writes each email as an .eml file to DATA_DIR/outbox/", async () => {
    const t = await createTestApp("pglite", { AGENCY_INBOX: inbox });
    try {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/contact",
        headers: { "content-type": "application/json" },
        payload: JSON.stringify(contact),
      });
      const { reference } = response.json<{ reference: string }>();
      const outbox = path.join(t.config.dataDir, "outbox");
      await expect
        .poll(() =>
          existsSync(outbox) ? readdirSync(outbox).filter((f) => f.endsWith(".eml")) : [],
        )
        .toHaveLength(2);
      const files = readdirSync(outbox).map((file) =>
        readFileSync(path.join(outbox, file), "utf8"),
      );
      expect(files.every((eml) => eml.includes(reference))).toBe(true);
      expect(files.some((eml) => /^To: leads@harborline\.example/m.test(eml))).toBe(true);
      expect(files.some((eml) => /^To: maria@lopezflorals\.example/m.test(eml))).toBe(true);
    } finally {
      await t.close();
    }
  });
});

describe("form rate limits", () => {
  it("answers 429 with Retry-After past the limit per client address", async () => {
    const t = await createTestApp("pglite", { FORM_RATE_LIMIT: "2" });
    try {
      const send = (remoteAddress: string) =>
        t.app.inject({
          method: "POST",
          url: "/api/contact",
          remoteAddress,
          headers: { "content-type": "application/json" },
          payload: JSON.stringify(contact),
        });
      expect((await send("10.9.0.1")).statusCode).toBe(201);
      expect((await send("10.9.0.1")).statusCode).toBe(201);
      const limited = await send("10.9.0.1");
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
      expect(limited.json().message).toEqual(expect.any(String));
      expect((await send("10.9.0.2")).statusCode).toBe(201);
      const [stored] = await t.database.db
        .select({ n: count() })
        .from(leads)
        .where(eq(leads.kind, "contact"));
      expect(stored!.n).toBe(3);
    } finally {
      await t.close();
    }
  });
});
