import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, totpCode, type TestApp } from "../../../tests/support/app";
import { databaseKinds } from "../../../tests/support/database";
import { aClient, aStaffMember, anInvoice, aWebsite } from "../../../tests/support/factories";
import { startSmtpSink } from "../../../tests/support/smtp-sink";
import { startStripeStandIn, type StripeStandIn } from "../../../tests/support/stripe-stand-in";
import { signInLinksIn } from "../mail/mailer";
import { REQUEST_LINE } from "./request-log";
import { SESSION_COOKIE } from "./session";

type LogLine = Record<string, unknown> & { msg: string };

/**
 * A sign-in by email link (a client, then staff with a TOTP code), a card payment through
 * Stripe's signed webhook, a payment staff record, and a host's usage report with its bearer
 * token, on the real app with its log written to a list, as an operator would read it.
 */
describe.each(databaseKinds)("the request log on %s", { timeout: 120_000 }, (kind) => {
  let t: TestApp;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let stripe: StripeStandIn;
  const lines: string[] = [];
  /** Every secret the requests carried: none may be written to the log. */
  const secrets: string[] = [];
  /** Codes of a few digits, which must not appear as a value of their own. */
  const codes: string[] = [];
  let requests = 0;

  beforeAll(async () => {
    sink = await startSmtpSink();
    stripe = await startStripeStandIn();
    t = await createTestApp(
      kind,
      {
        SMTP_URL: sink.url,
        STRIPE_SECRET_KEY: stripe.secretKey,
        STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
        STRIPE_API_URL: stripe.url,
      },
      { logger: { level: "info", stream: { write: (line: string) => void lines.push(line) } } },
    );
    secrets.push(stripe.secretKey, stripe.webhookSecret, t.config.sessionSecret);
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
    await sink.stop();
  });

  /** A request as a browser or a program sends it, counted. */
  const send = (
    method: "GET" | "POST",
    url: string,
    {
      cookie,
      body,
      headers = {},
    }: { cookie?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) => {
    requests++;
    return t.app.inject({
      method,
      url,
      cookies: cookie ? { [SESSION_COOKIE]: cookie } : {},
      headers: body === undefined ? headers : { "content-type": "application/json", ...headers },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  };

  /** Asks for a sign-in link, follows it from the email: the session cookie's value. */
  const signIn = async (email: string) => {
    const before = sink.received.length;
    expect((await send("POST", "/api/login/email", { body: { email } })).statusCode).toBe(202);
    // Invoices' emails go out meanwhile: the one that carries a link.
    let link: string | undefined;
    await expect
      .poll(
        () => {
          const sent = sink.received.slice(before);
          link = sent.flatMap((mail) => signInLinksIn(mail.text, t.config.publicUrl))[0];
          return link;
        },
        { timeout: 15_000 },
      )
      .toBeDefined();
    const token = new URL(link!).searchParams.get("token")!;
    const followed = await send("GET", `/api/login/email?token=${token}`);
    const cookie = followed.cookies.find((c) => c.name === SESSION_COOKIE)!.value;
    // The cookie as sent, and the session id it signs ("<id>.<signature>").
    const signed = decodeURIComponent(cookie);
    const sessionId = signed.slice(0, signed.lastIndexOf("."));
    expect(sessionId.length).toBeGreaterThan(15);
    secrets.push(token, cookie, signed, sessionId);
    return cookie;
  };

  it("writes one line a request, by route pattern, with its user, and never a secret", async () => {
    const { db } = t.database;
    const { company, owner } = await aClient(db);
    const staff = await aStaffMember(db, { email: "admin@example.com" });
    const card = await anInvoice(db, company.id);
    const check = await anInvoice(db, company.id);
    const site = await aWebsite(db, company.id);

    // The client signs in, opens the invoice, and pays it by card: Stripe's webhook says so.
    const client = await signIn(owner.email);
    expect((await send("GET", `/api/invoices/${card.id}`, { cookie: client })).statusCode).toBe(
      200,
    );
    const checkout = await send("POST", `/api/invoices/${card.id}/checkout`, { cookie: client });
    expect(checkout.statusCode).toBe(200);
    const event = stripe.signedEvent("payment_intent.succeeded", {
      id: "pi_LoggedNowhere",
      object: "payment_intent",
      amount: card.totalCents,
      amount_received: card.totalCents,
      currency: "usd",
      status: "succeeded",
      metadata: { invoiceId: card.id, invoiceNumber: card.number },
    });
    secrets.push(event.signature, /v1=(\w+)/.exec(event.signature)![1]!);
    const webhook = await t.app.inject({
      method: "POST",
      url: "/api/stripe/webhook",
      headers: { "content-type": "application/json", "stripe-signature": event.signature },
      payload: event.payload,
    });
    requests++;
    expect(webhook.statusCode).toBe(200);

    // Staff sign in, turn on TOTP, and record a check for the other invoice.
    const admin = await signIn(staff.email);
    const setup = await send("POST", "/api/account/totp/setup", { cookie: admin });
    const { secret } = setup.json() as { secret: string };
    const code = totpCode(secret);
    const confirmed = await send("POST", "/api/account/totp", { cookie: admin, body: { code } });
    expect(confirmed.statusCode).toBe(200);
    const { recoveryCodes } = confirmed.json() as { recoveryCodes: string[] };
    secrets.push(secret, ...recoveryCodes);
    codes.push(code);
    const reference = "Check 80417 drawn on Rivera Bakery's account";
    secrets.push(reference);
    const paid = await send("POST", `/api/admin/invoices/${check.id}/payments`, {
      cookie: admin,
      body: { amountCents: check.totalCents, paidOn: check.issueDate, method: "check", reference },
    });
    expect(paid.statusCode, paid.body).toBe(200);

    // A host reports bandwidth with a usage token staff made; a stale link; an unknown address.
    const made = await send("POST", `/api/admin/websites/${site.id}/usage-tokens`, {
      cookie: admin,
      body: { name: "web-1 nginx" },
    });
    const usageToken = (made.json() as { token: string }).token;
    secrets.push(usageToken);
    const reported = await send("POST", "/api/usage", {
      headers: { authorization: `Bearer ${usageToken}` },
      body: { date: new Date().toISOString().slice(0, 10), bytes: 1_234 },
    });
    expect(reported.statusCode).toBe(200);
    const staleToken = "stale-link-token-9f8e7d6c5b4a";
    secrets.push(staleToken);
    await send("GET", `/api/login/email?token=${staleToken}`);
    expect((await send("GET", `/api/nowhere/${staleToken}?token=${staleToken}`)).statusCode).toBe(
      404,
    );

    const entries = lines.map((line) => JSON.parse(line) as LogLine);
    const requestLines = entries.filter((entry) => entry.msg === REQUEST_LINE);
    expect(requestLines).toHaveLength(requests);
    expect(new Set(requestLines.map((entry) => entry.reqId)).size).toBe(requests);
    for (const entry of requestLines) {
      expect(entry).toEqual({
        level: 30,
        time: expect.any(Number),
        pid: expect.any(Number),
        hostname: expect.any(String),
        msg: REQUEST_LINE,
        reqId: expect.any(String),
        method: expect.stringMatching(/^(GET|POST)$/),
        route: entry.route === null ? null : expect.stringMatching(/^\/[\w/:*-]*$/),
        status: expect.any(Number),
        durationMs: expect.any(Number),
        ...(entry.userId === undefined ? {} : { userId: expect.any(String) }),
      });
    }
    const lineOf = (method: string, route: string | null) =>
      requestLines.filter((entry) => entry.method === method && entry.route === route);
    expect(lineOf("GET", "/api/invoices/:id")).toEqual([
      expect.objectContaining({ status: 200, userId: owner.id }),
    ]);
    expect(lineOf("POST", "/api/stripe/webhook")).toEqual([
      expect.not.objectContaining({ userId: expect.anything() }),
    ]);
    expect(lineOf("POST", "/api/admin/invoices/:id/payments")).toEqual([
      expect.objectContaining({ status: 200, userId: staff.id }),
    ]);
    expect(lineOf("POST", "/api/usage")).toEqual([expect.objectContaining({ status: 200 })]);
    expect(lineOf("GET", "/api/login/email")).toHaveLength(3);
    // An address no route of the API has falls to the pages' catch-all, by its pattern.
    expect(lineOf("GET", "/*")).toEqual([expect.objectContaining({ status: 404 })]);

    const log = lines.join("");
    for (const value of secrets) expect(log).not.toContain(value);
    for (const code of codes) expect(log).not.toMatch(new RegExp(`(?<![\\w-])${code}(?![\\w-])`));
    // No header, cookie or body is written, under any name.
    expect(log).not.toMatch(/"(headers|cookies?|authorization|body|payload|url)"/i);
  });
});
