import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

/**
 * A small local stand-in for the part of Stripe's API the app calls, so tests run the real
 * `stripe` package (STRIPE_API_URL points it here) without the network. It keeps what it is
 * asked, form-encoded as the package sends it, for tests to check; it answers as Stripe does
 * for those calls and nothing more.
 *
 * For browser journeys it also serves a one-button "checkout page" at a session's URL: Pay sends
 * the app the signed payment_intent.succeeded event Stripe would, then goes to success_url.
 */

export type StandInRequest = {
  method: string;
  path: string;
  /** The form-encoded body, nested as Stripe's brackets say (`metadata[invoiceId]`). */
  body: Record<string, unknown>;
  idempotencyKey: string | undefined;
  headers: IncomingHttpHeaders;
};

/** The card a setup-mode Checkout "saves": what the PaymentMethod says. */
export type StandInCard = { brand: string; last4: string; exp_month: number; exp_year: number };

type Session = {
  id: string;
  object: "checkout.session";
  mode: string;
  customer: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  payment_intent_data?: { metadata?: Record<string, string> };
  amount_total: number | null;
  currency: string;
  setup_intent: string | null;
  success_url: string;
  cancel_url: string;
  status: "open" | "complete";
  url: string;
};

export type StripeStandIn = {
  url: string;
  secretKey: string;
  webhookSecret: string;
  /** Every API request, oldest first. */
  requests: StandInRequest[];
  /** The requests to one endpoint, as "POST /v1/checkout/sessions". */
  requestsTo(endpoint: string): StandInRequest[];
  sessions: Map<string, Session>;
  /** Where the checkout page sends its signed events (the app's webhook). */
  webhookUrl: string | undefined;
  /** The card the next setup saves; the next charge of a saved card is declined when set. */
  card: StandInCard;
  declineWith: string | undefined;
  /** A signed webhook body and header for an event, as Stripe would send it. */
  signedEvent(type: string, object: Record<string, unknown>, id?: string): SignedEvent;
  close(): Promise<void>;
};

export type SignedEvent = { id: string; payload: string; signature: string };

/** Stripe's form encoding back into objects: `a[b][0][c]=x` is { a: { b: [ { c: "x" } ] } }. */
export function parseStripeForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.split(/\[|\]\[|\]/).filter((part) => part !== "");
    let node: Record<string, unknown> = root;
    path.forEach((part, index) => {
      if (index === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  return arraysOf(root) as Record<string, unknown>;
}

function arraysOf(value: unknown): unknown {
  if (typeof value !== "object" || value === null) return value;
  const entries = Object.entries(value).map(([key, inner]) => [key, arraysOf(inner)] as const);
  const numbered = entries.length > 0 && entries.every(([key]) => /^\d+$/.test(key));
  return numbered
    ? entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, inner]) => inner)
    : Object.fromEntries(entries);
}

const stripeError = (status: number, error: Record<string, unknown>) => ({
  status,
  body: { error },
});

export async function startStripeStandIn(
  options: { secretKey?: string; webhookSecret?: string; webhookUrl?: string } = {},
): Promise<StripeStandIn> {
  const secretKey = options.secretKey ?? "sk_test_standin";
  const webhookSecret = options.webhookSecret ?? "whsec_standin";
  const requests: StandInRequest[] = [];
  const sessions = new Map<string, Session>();
  const setupIntents = new Map<string, Record<string, unknown>>();
  const paymentMethods = new Map<string, Record<string, unknown>>();
  const customers = new Map<string, Record<string, unknown>>();
  /** Answers already given to an idempotency key: a repeat gets the same answer. */
  const answered = new Map<string, { status: number; body: unknown }>();
  let counter = 0;
  const nextId = (prefix: string) => `${prefix}_standin${String(++counter).padStart(6, "0")}`;
  const now = () => Math.floor(Date.now() / 1000);

  const standIn: StripeStandIn = {
    url: "",
    secretKey,
    webhookSecret,
    requests,
    requestsTo: (endpoint) =>
      requests.filter((request) => `${request.method} ${request.path}` === endpoint),
    sessions,
    webhookUrl: options.webhookUrl,
    card: { brand: "mastercard", last4: "4444", exp_month: 3, exp_year: 2031 },
    declineWith: undefined,
    signedEvent: (type, object, id = nextId("evt")) => {
      const payload = JSON.stringify({
        id,
        object: "event",
        api_version: Stripe.API_VERSION,
        created: now(),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
        data: { object },
      });
      const signature = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: webhookSecret,
      });
      return { id, payload, signature };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  /** What one API call answers. */
  function answer(method: string, path: string, body: Record<string, unknown>) {
    const [, , resource, id] = path.split("/");
    if (method === "POST" && path === "/v1/customers") {
      const customer = {
        id: nextId("cus"),
        object: "customer",
        name: body.name ?? null,
        email: body.email ?? null,
        metadata: body.metadata ?? {},
        invoice_settings: { default_payment_method: null },
      };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if (method === "POST" && resource === "customers" && id) {
      const customer = customers.get(id) ?? { id, object: "customer", metadata: {} };
      Object.assign(customer, body);
      customers.set(id, customer);
      return { status: 200, body: customer };
    }
    if (method === "POST" && path === "/v1/checkout/sessions") {
      const sessionId = nextId("cs_test");
      const lines = (body.line_items ?? []) as {
        quantity?: string;
        price_data?: { unit_amount?: string };
      }[];
      const amount = lines.reduce(
        (sum, line) => sum + Number(line.quantity ?? 1) * Number(line.price_data?.unit_amount ?? 0),
        0,
      );
      let setupIntent: string | null = null;
      if (body.mode === "setup") {
        const paymentMethod = nextId("pm");
        paymentMethods.set(paymentMethod, {
          id: paymentMethod,
          object: "payment_method",
          type: "card",
          customer: body.customer ?? null,
          card: { ...standIn.card },
        });
        setupIntent = nextId("seti");
        setupIntents.set(setupIntent, {
          id: setupIntent,
          object: "setup_intent",
          customer: body.customer ?? null,
          payment_method: paymentMethod,
          status: "succeeded",
          usage: "off_session",
        });
      }
      const session: Session = {
        id: sessionId,
        object: "checkout.session",
        mode: String(body.mode),
        customer: (body.customer as string | undefined) ?? null,
        client_reference_id: (body.client_reference_id as string | undefined) ?? null,
        metadata: (body.metadata as Record<string, string> | undefined) ?? {},
        ...(body.payment_intent_data
          ? { payment_intent_data: body.payment_intent_data as Session["payment_intent_data"] }
          : {}),
        amount_total: body.mode === "payment" ? amount : null,
        currency: "usd",
        setup_intent: setupIntent,
        success_url: String(body.success_url),
        cancel_url: String(body.cancel_url),
        status: "open",
        url: `${standIn.url}/pay/${sessionId}`,
      };
      sessions.set(sessionId, session);
      return { status: 200, body: session };
    }
    if (method === "GET" && resource === "setup_intents" && id) {
      const intent = setupIntents.get(id);
      return intent
        ? { status: 200, body: intent }
        : stripeError(404, {
            type: "invalid_request_error",
            message: `No such setupintent: '${id}'`,
          });
    }
    if (method === "GET" && resource === "payment_methods" && id) {
      const paymentMethod = paymentMethods.get(id);
      return paymentMethod
        ? { status: 200, body: paymentMethod }
        : stripeError(404, {
            type: "invalid_request_error",
            message: `No such PaymentMethod: '${id}'`,
          });
    }
    if (method === "POST" && path === "/v1/payment_intents") {
      const intent = {
        id: nextId("pi"),
        object: "payment_intent",
        amount: Number(body.amount),
        currency: body.currency,
        customer: body.customer ?? null,
        payment_method: body.payment_method ?? null,
        metadata: body.metadata ?? {},
        created: now(),
        status: standIn.declineWith ? "requires_payment_method" : "succeeded",
        amount_received: standIn.declineWith ? 0 : Number(body.amount),
        last_payment_error: standIn.declineWith
          ? { type: "card_error", code: "card_declined", message: standIn.declineWith }
          : null,
      };
      if (standIn.declineWith) {
        return stripeError(402, {
          type: "card_error",
          code: "card_declined",
          decline_code: "generic_decline",
          message: standIn.declineWith,
          payment_intent: intent,
        });
      }
      return { status: 200, body: intent };
    }
    if (method === "POST" && path === "/v1/refunds") {
      const refund = {
        id: nextId("re"),
        object: "refund",
        amount: Number(body.amount),
        currency: "usd",
        payment_intent: body.payment_intent ?? null,
        metadata: body.metadata ?? {},
        created: now(),
        status: "succeeded",
      };
      return { status: 200, body: refund };
    }
    return stripeError(404, {
      type: "invalid_request_error",
      message: `Unrecognized request URL (${method}: ${path}): the stand-in does not offer it`,
    });
  }

  /**
   * The checkout page's button: the signed event the app's webhook gets (a payment succeeded, or
   * the setup Checkout completed), then success_url.
   */
  async function pay(session: Session, response: ServerResponse) {
    if (!standIn.webhookUrl) throw new Error("the stand-in has no webhookUrl to send events to");
    const event =
      session.mode === "setup"
        ? standIn.signedEvent("checkout.session.completed", { ...session, status: "complete" })
        : standIn.signedEvent("payment_intent.succeeded", {
            id: nextId("pi"),
            object: "payment_intent",
            amount: session.amount_total,
            amount_received: session.amount_total,
            currency: "usd",
            customer: session.customer,
            metadata: session.payment_intent_data?.metadata ?? {},
            status: "succeeded",
            created: now(),
          });
    const sent = await fetch(standIn.webhookUrl, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": event.signature },
      body: event.payload,
    });
    if (!sent.ok) {
      response.writeHead(502, { "content-type": "text/plain" });
      response.end(`the webhook answered ${sent.status}: ${await sent.text()}`);
      return;
    }
    session.status = "complete";
    response.writeHead(303, { location: session.success_url });
    response.end();
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const url = new URL(request.url ?? "/", "http://stand-in");
      const method = request.method ?? "GET";
      const text = Buffer.concat(chunks).toString("utf8");

      const page = url.pathname.match(/^\/pay\/([\w-]+)$/);
      if (page) {
        const session = sessions.get(page[1]!);
        if (!session) {
          response.writeHead(404, { "content-type": "text/plain" });
          response.end("No such checkout session");
          return;
        }
        if (method === "POST") {
          pay(session, response).catch((error: unknown) => {
            response.writeHead(500, { "content-type": "text/plain" });
            response.end(String(error));
          });
          return;
        }
        const amount = `$${((session.amount_total ?? 0) / 100).toFixed(2)}`;
        const [heading, button] =
          session.mode === "setup" ? ["Save a card", "Save card"] : [`Pay ${amount}`, "Pay"];
        response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        response.end(
          `<!doctype html><html lang="en"><title>Stand-in Checkout</title><main>` +
            `<h1>${heading}</h1><form method="post"><button type="submit">${button}</button>` +
            `</form><a href="${session.cancel_url}">Cancel</a></main></html>`,
        );
        return;
      }

      const body = parseStripeForm(method === "GET" ? url.searchParams.toString() : text);
      const idempotencyKey = request.headers["idempotency-key"] as string | undefined;
      requests.push({ method, path: url.pathname, body, idempotencyKey, headers: request.headers });
      let result: { status: number; body: unknown };
      if (request.headers.authorization !== `Bearer ${secretKey}`) {
        result = stripeError(401, {
          type: "invalid_request_error",
          message: "Invalid API Key provided",
        });
      } else {
        const key = idempotencyKey && `${method} ${url.pathname} ${idempotencyKey}`;
        const earlier = key ? answered.get(key) : undefined;
        result = earlier ?? answer(method, url.pathname, body);
        if (key && !earlier) answered.set(key, result);
      }
      response.writeHead(result.status, {
        "content-type": "application/json",
        "request-id": `req_${counter}`,
      });
      response.end(JSON.stringify(result.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return standIn;
}
