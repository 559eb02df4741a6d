import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { billingSchema } from "@shared/schemas/billing";
import { autoRenewUpdateSchema, domainSchema } from "@shared/schemas/domains";
import { websiteSchema } from "@shared/schemas/websites";
import {
  newTicketSchema,
  ticketDetailSchema,
  ticketReplySchema,
  ticketSchema,
} from "@shared/schemas/tickets";
import { findBilling } from "../../billing/billing";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import type { OutboxWorker } from "../../mail/outbox";
import { listDomains, setAutoRenew } from "../../domains/domains";
import { requireUser, signedInUser } from "../../plugins/auth-guard";
import { findTicket, listTickets, openTicket, replyToTicket } from "../../tickets/tickets";
import { listWebsites } from "../../websites/websites";
import { errorResponses } from "../responses";

const idParams = z.object({ id: z.uuid({ error: "Not found" }) });
const notFound = { 404: errorResponses[400] };
const WRITE_LIMIT = 16 * 1024;

/**
 * The client portal's API. Every route is behind the signed-in guard and every query is
 * filtered by the session's user: another client's id answers 404 and changes nothing.
 */
export const portalRoutes: FastifyPluginAsyncZod<{
  db: Db;
  config: Config;
  outbox: Pick<OutboxWorker, "wake">;
}> = async (app, { db, config, outbox }) => {
  const notice = { agencyInbox: config.agencyInbox, publicUrl: config.publicUrl };
  // onRequest: refused before the body is even read, so a signed-out caller learns nothing.
  app.addHook("onRequest", requireUser(db));

  app.get(
    "/api/websites",
    { schema: { response: { 200: z.array(websiteSchema), ...errorResponses } } },
    async (request) => listWebsites(db, signedInUser(request).id),
  );

  app.get(
    "/api/domains",
    { schema: { response: { 200: z.array(domainSchema), ...errorResponses } } },
    async (request) => listDomains(db, signedInUser(request).id),
  );

  app.patch(
    "/api/domains/:id",
    {
      bodyLimit: WRITE_LIMIT,
      schema: {
        params: idParams,
        body: autoRenewUpdateSchema,
        response: { 200: domainSchema, ...notFound, ...errorResponses },
      },
    },
    async (request, reply) => {
      const domain = await setAutoRenew(
        db,
        signedInUser(request).id,
        request.params.id,
        request.body.autoRenew,
      );
      return domain ?? reply.code(404).send({ message: "Domain not found" });
    },
  );

  app.get(
    "/api/billing",
    { schema: { response: { 200: billingSchema.nullable(), ...errorResponses } } },
    async (request) => findBilling(db, signedInUser(request).id),
  );

  app.get(
    "/api/tickets",
    { schema: { response: { 200: z.array(ticketSchema), ...errorResponses } } },
    async (request) => listTickets(db, signedInUser(request).id),
  );

  app.post(
    "/api/tickets",
    {
      bodyLimit: WRITE_LIMIT,
      schema: { body: newTicketSchema, response: { 201: ticketSchema, ...errorResponses } },
    },
    async (request, reply) => {
      const ticket = await openTicket(db, signedInUser(request), request.body, notice);
      outbox.wake();
      return reply.code(201).send(ticket);
    },
  );

  app.get(
    "/api/tickets/:id",
    {
      schema: {
        params: idParams,
        response: { 200: ticketDetailSchema, ...notFound, ...errorResponses },
      },
    },
    async (request, reply) => {
      const ticket = await findTicket(db, request.params.id, signedInUser(request).id);
      return ticket ?? reply.code(404).send({ message: "Ticket not found" });
    },
  );

  app.post(
    "/api/tickets/:id/messages",
    {
      bodyLimit: WRITE_LIMIT,
      schema: {
        params: idParams,
        body: ticketReplySchema,
        response: { 201: ticketDetailSchema, ...notFound, ...errorResponses },
      },
    },
    async (request, reply) => {
      const ticket = await replyToTicket(
        db,
        signedInUser(request),
        request.params.id,
        request.body,
        notice,
        "client",
      );
      if (!ticket) return reply.code(404).send({ message: "Ticket not found" });
      outbox.wake();
      return reply.code(201).send(ticket);
    },
  );
};
