import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { applicationSchema, contactSchema } from "@shared/schemas/leads";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { storeContactMessage, storeQuoteRequest } from "../../leads/leads";
import { spamReason, spamTrapsSchema } from "../../leads/spam";
import type { OutboxWorker } from "../../mail/outbox";
import { errorResponses } from "../responses";

const storedLead = z.object({ id: z.uuid(), reference: z.string() });

/** A lead form posts a few kilobytes at most; refuse anything far larger unread. */
const LEAD_BODY_LIMIT = 32 * 1024;
const RATE_WINDOW_MS = 10 * 60 * 1000;

export type LeadRouteOptions = { db: Db; config: Config; outbox: Pick<OutboxWorker, "wake"> };

/**
 * The public lead forms: POST /api/contact and POST /api/apply. A submission that trips a spam
 * trap gets the same 201 answer, is kept with status "spam" and causes no email.
 */
export const leadRoutes: FastifyPluginAsyncZod<LeadRouteOptions> = async (
  app,
  { db, config, outbox },
) => {
  const notice = { agencyInbox: config.agencyInbox, publicUrl: config.publicUrl };
  const routeOptions = {
    bodyLimit: LEAD_BODY_LIMIT,
    // One count for both forms: FORM_RATE_LIMIT is what one address may send in all. (A limit in
    // each route's config, even with a shared groupId, would count each route on its own.) It
    // replaces the API limit on these routes, as a route's own limit does.
    config: { rateLimit: false as const },
    onRequest: app.rateLimit({
      max: config.formRateLimit,
      timeWindow: RATE_WINDOW_MS,
      // Its own key in the shared store, apart from any other limiter made this way.
      keyGenerator: (request) => `lead-forms:${request.ip}`,
    }),
  };

  app.post(
    "/api/contact",
    {
      ...routeOptions,
      schema: {
        body: contactSchema.extend(spamTrapsSchema.shape),
        response: { 201: storedLead, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { website, formStartedAt, ...message } = request.body;
      const spam = spamReason({ website, formStartedAt }, message.message);
      if (spam) request.log.info({ spam }, "contact message kept as spam");
      const lead = await storeContactMessage(db, message, { spam: Boolean(spam), notice });
      if (!spam) outbox.wake();
      return reply.code(201).send(lead);
    },
  );

  app.post(
    "/api/apply",
    {
      ...routeOptions,
      schema: {
        body: applicationSchema.extend(spamTrapsSchema.shape),
        response: { 201: storedLead, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { website, formStartedAt, ...application } = request.body;
      const spam = spamReason({ website, formStartedAt }, application.description);
      if (spam) request.log.info({ spam }, "project application kept as spam");
      const lead = await storeQuoteRequest(db, application, { spam: Boolean(spam), notice });
      if (!spam) outbox.wake();
      return reply.code(201).send(lead);
    },
  );
};
