import { sql } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../tests/support/app";
import { databaseKinds } from "../../tests/support/database";
import { users } from "./db/schema";

/** What a visitor typed, which must not end up in the log. */
const lead = {
  name: "Maria Quietly-Lopez",
  email: "maria.private@example.com",
  subject: "A confidential project",
  message: "Our Secret-Sauce recipe deserves a website of its own.",
};

describe.each(databaseKinds)("database errors in the log on %s", (kind) => {
  let t: TestApp;
  const lines: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(
      kind,
      {},
      { logger: { level: "info", stream: { write: (line: string) => void lines.push(line) } } },
    );
    // A rule the insert will break, so a lead's own values reach a failing query.
    await t.database.db.execute(
      sql`alter table leads add constraint no_secrets check (message not like '%Secret-Sauce%')`,
    );
  });
  afterAll(() => t.close());

  it("name the statement and the error code, never the values", async () => {
    const response = await t.app.inject({ method: "POST", url: "/api/contact", payload: lead });
    expect(response.statusCode).toBe(500);

    const log = lines.join("\n");
    for (const value of Object.values(lead)) expect(log).not.toContain(value);
    expect(log).not.toContain("Secret-Sauce");

    const failed = lines
      .map((line) => JSON.parse(line))
      .find((entry) => entry.msg === "request failed");
    expect(failed?.err).toMatchObject({
      statement: expect.stringContaining('insert into "leads"'),
      cause: { code: "23514", constraint: "no_secrets", table: "leads" },
    });
  });

  it("leave out what a query error carries anywhere the app logs it", async () => {
    const person = { email: "sam.hidden@example.com", firstName: "Samwise-Hidden" };
    await t.database.db.insert(users).values(person);
    const error = await t.database.db
      .insert(users)
      .values(person)
      .catch((failure: unknown) => failure);
    // The logger the outbox worker and the session store share.
    t.app.log.error({ err: error }, "duplicate user");

    const log = lines.join("\n");
    expect(log).not.toContain(person.email);
    expect(log).not.toContain(person.firstName);
    const entry = lines.map((line) => JSON.parse(line)).find((e) => e.msg === "duplicate user");
    expect(entry.err.cause).toMatchObject({ code: "23505", constraint: "users_email_unique" });
  });

  it("leave out the request an error was about: a webhook's signature and body, sent headers", async () => {
    const payload = JSON.stringify({ id: "evt_PrivateBody", type: "payment_intent.succeeded" });
    const signature = "t=1700000000,v1=5ec7e75197a7e5ec7e75197a7e5ec7e7";
    let refused: unknown;
    try {
      Stripe.webhooks.constructEvent(payload, signature, "whsec_LogNothingOfThis");
    } catch (error) {
      refused = error;
    }
    const sent = Object.assign(new Error("the provider answered 502"), {
      status: 502,
      headers: { authorization: "Bearer sent-token-never-logged" },
      config: { headers: { cookie: "harborline.sid=never-logged" } },
    });
    t.app.log.error({ err: new Error("the card step failed", { cause: refused }) }, "stripe");
    t.app.log.error({ err: sent }, "provider");

    const log = lines.join("\n");
    for (const secret of ["5ec7e75197a7e", "evt_PrivateBody", "sent-token", "never-logged"]) {
      expect(log).not.toContain(secret);
    }
    const entries = lines.map((line) => JSON.parse(line));
    expect(entries.find((e) => e.msg === "stripe").err.cause.message).toMatch(/signature/i);
    expect(entries.find((e) => e.msg === "provider").err).toMatchObject({ status: 502 });
  });
});
