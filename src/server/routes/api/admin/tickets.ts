import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ticketUpdateSchema } from "@shared/schemas/tickets";
import {
  ticketDetailSchema,
  ticketPriorities,
  ticketReplySchema,
  ticketSchema,
  ticketStatuses,
} from "@shared/schemas/tickets";
import { signedInUser } from "../../../plugins/auth-guard";
import { findTicket, listAllTickets, replyToTicket, updateTicket } from "../../../tickets/tickets";
import { errorResponses } from "../../responses";
import type { AdminRouteOptions } from "./index";

const idParams = z.object({ id: z.uuid({ error: "Not found" }) });
const notFound = { 404: errorResponses[400] };
const queueTicket = ticketSchema.extend({
  clientName: z.string(),
  clientEmail: z.string(),
  messages: z.number().int(),
});

export const adminTicketRoutes: FastifyPluginAsyncZod<AdminRouteOptions> = async (
  app,
  { db, config, outbox },
) => {
  const notice = { agencyInbox: config.agencyInbox, publicUrl: config.publicUrl };

  app.get(
    "/api/admin/tickets",
    {
      schema: {
        querystring: z.object({
          status: z
            .enum(ticketStatuses, { error: "status: one of the ticket statuses" })
            .optional(),
          priority: z
            .enum(ticketPriorities, { error: "priority: one of the ticket priorities" })
            .optional(),
        }),
        response: { 200: z.array(queueTicket), ...errorResponses },
      },
    },
    async (request) => listAllTickets(db, request.query),
  );

  app.get(
    "/api/admin/tickets/:id",
    {
      schema: {
        params: idParams,
        response: { 200: ticketDetailSchema, ...notFound, ...errorResponses },
      },
    },
    async (request, reply) =>
      (await findTicket(db, request.params.id)) ??
      reply.code(404).send({ message: "Ticket not found" }),
  );

  app.patch(
    "/api/admin/tickets/:id",
    {
      schema: {
        params: idParams,
        body: ticketUpdateSchema,
        response: { 200: ticketDetailSchema, ...notFound, ...errorResponses },
      },
    },
    async (request, reply) => {
      if (!(await updateTicket(db, request.params.id, request.body))) {
        return reply.code(404).send({ message: "Ticket not found" });
      }
      return (await findTicket(db, request.params.id))!;
    },
  );

  app.post(
    "/api/admin/tickets/:id/messages",
    {
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
        "staff",
      );
      if (!ticket) return reply.code(404).send({ message: "Ticket not found" });
      outbox.wake();
      return reply.code(201).send(ticket);
    },
  );
};
