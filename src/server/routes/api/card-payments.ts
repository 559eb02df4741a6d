import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { redirectSchema } from "@shared/schemas/billing";
import {
  actOnStripeEvent,
  startCardSetup,
  startInvoiceCheckout,
  type Payer,
} from "../../billing/card-payments";
import {
  createStripeGateway,
  StripeUnavailableError,
  WebhookSignatureError,
} from "../../billing/stripe";
import { signedInUser } from "../../plugins/auth-guard";
import { refuse } from "../../plugins/errors";
import {
  billingMember,
  billingSettings,
  errorBody,
  errorResponses,
  forSignedInClients,
  idParams,
  notFound,
  type RoutePlugin,
} from "./common";

/** Stripe's events are a few kilobytes; a Checkout Session with its details, some more. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

const checkoutResponses = {
  200: redirectSchema,
  404: errorBody,
  409: errorBody,
  502: errorBody,
  ...errorResponses,
};

const stripeDown = {
  message: "The card processor could not be reached. Please try again in a few minutes.",
};

/**
 * Card payments through Stripe. Owners and billing members pay an invoice through Stripe
 * Checkout, or save a card for automatic payment (anyone else gets 404); Stripe tells us what
 * happened at the webhook, which acts on each signed event once.
 */
export const cardPaymentRoutes: RoutePlugin = async (app, { db, config }) => {
  const settings = billingSettings(config);
  const stripe = config.stripe ? createStripeGateway(config.stripe) : undefined;

  /** What Stripe could not do is a 502 with a message to try again; the cause goes to the log. */
  async function orStripeDown<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    run: () => Promise<T>,
  ): Promise<T | FastifyReply> {
    try {
      return await run();
    } catch (error) {
      if (!(error instanceof StripeUnavailableError)) throw error;
      request.log.error({ err: error }, "Stripe call failed");
      return reply.code(502).send(stripeDown);
    }
  }

  await forSignedInClients(app, db, (client) => {
    const payerOf = async (request: FastifyRequest): Promise<Payer | undefined> => {
      const member = billingMember(request);
      const user = signedInUser(request);
      return (
        member && {
          companyId: member.companyId,
          companyName: member.companyName,
          userId: user.id,
          email: user.email,
        }
      );
    };

    client.post(
      "/api/invoices/:id/checkout",
      { schema: { params: idParams, response: checkoutResponses } },
      async (request, reply) => {
        const payer = await payerOf(request);
        if (!payer) return reply.code(404).send(notFound("Invoice"));
        return orStripeDown(request, reply, async () => {
          const started = await startInvoiceCheckout(db, payer, request.params.id, {
            stripe,
            settings,
          });
          if (!started.ok) return refuse(reply, started);
          return { url: started.value };
        });
      },
    );

    client.post(
      "/api/billing/payment-method",
      { schema: { response: checkoutResponses } },
      async (request, reply) => {
        const payer = await payerOf(request);
        if (!payer) return reply.code(404).send(notFound("Billing"));
        return orStripeDown(request, reply, async () => {
          const started = await startCardSetup(db, payer, { stripe, settings });
          if (!started.ok) return refuse(reply, started);
          return { url: started.value };
        });
      },
    );
  });

  // The webhook checks Stripe's signature on the body exactly as sent: in a context of its own,
  // JSON is kept as bytes, and no other route is affected.
  await app.register(async (webhook) => {
    webhook.removeContentTypeParser("application/json");
    webhook.addContentTypeParser(
      "application/json",
      { parseAs: "buffer", bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );

    webhook.post(
      "/api/stripe/webhook",
      {
        bodyLimit: WEBHOOK_BODY_LIMIT,
        schema: {
          response: {
            200: z.object({ received: z.literal(true) }),
            404: errorBody,
            502: errorBody,
            ...errorResponses,
          },
        },
      },
      async (request, reply) => {
        if (!stripe) {
          return reply.code(404).send({ message: "Card payments are not set up on this site." });
        }
        const signature = request.headers["stripe-signature"];
        const body = request.body;
        if (!Buffer.isBuffer(body) || body.length === 0) {
          return reply.code(400).send({ message: "Send the event Stripe signed, as JSON." });
        }
        let event;
        try {
          event = await stripe.verifyEvent(
            body,
            typeof signature === "string" ? signature : undefined,
          );
        } catch (error) {
          if (!(error instanceof WebhookSignatureError)) throw error;
          request.log.warn({ reason: error.message }, "Stripe webhook refused");
          return reply.code(400).send({
            message: `The Stripe-Signature header does not match this body and the webhook's signing secret: ${error.message}`,
          });
        }
        return orStripeDown(request, reply, async () => {
          const outcome = await actOnStripeEvent(db, event, { stripe, settings });
          const log = { eventId: event.id, type: event.type, result: outcome.result };
          if (outcome.result === "invalid") {
            request.log.warn({ ...log, note: outcome.note }, "Stripe event refused");
            return reply.code(400).send({
              message: `The event cannot be acted on: ${outcome.note}`,
            });
          }
          if (outcome.result === "unknown" || (outcome.result === "acted" && outcome.note)) {
            request.log.warn({ ...log, note: outcome.note }, "Stripe event to look at");
          } else {
            request.log.info(outcome.note ? { ...log, note: outcome.note } : log, "Stripe event");
          }
          return { received: true as const };
        });
      },
    );
  });
};
