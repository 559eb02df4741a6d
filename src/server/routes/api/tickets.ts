import { z } from "zod";
import {
  newTicketSchema,
  queueTicketSchema,
  staffTicketDetailSchema,
  ticketDetailSchema,
  ticketNoteSchema,
  ticketQueuePageSchema,
  ticketQueueQuerySchema,
  ticketChoicesSchema,
  ticketRefusals,
  ticketReplySchema,
  ticketSchema,
  ticketUpdateSchema,
  staffNewTicketSchema,
} from "@shared/schemas/tickets";
import { companyExists } from "../../clients/clients";
import { auditContext, changedFields, withAudit } from "../../audit/audit";
import { teamMessages } from "@shared/schemas/team";
import { signedInMember, signedInUser } from "../../plugins/auth-guard";
import {
  addInternalNote,
  findTicket,
  listTickets,
  openTicket,
  replyToTicket,
  resolveTicket,
  updateTicket,
} from "../../tickets/tickets";
import { ticketNotice } from "../../notices/ticket-notices";
import { findQueueTicket, listAllTickets } from "../../tickets/queue";
import { linkProblem, ticketChoices } from "../../tickets/links";
import { savedReplyRoutes } from "./saved-replies";
import { refuse } from "../../plugins/errors";
import {
  errorResponses,
  forSignedInClients,
  forStaff,
  idParams,
  notFound,
  notFoundResponse,
  WRITE_BODY_LIMIT,
  type RoutePlugin,
} from "./common";

const thread = { ...notFoundResponse, ...errorResponses };
/** The thread as staff read it: internal notes included, and marked. */
const staffThread = { 200: staffTicketDetailSchema, ...thread };

/**
 * Support tickets. A client opens tickets (about one of their websites, if they like), replies
 * in their own and marks them resolved (another client's ticket answers 404); staff work the
 * queue, change status, priority, website and assignee, reply, and write internal notes that
 * only staff read. Each side's reply emails the other; a note is told to no one.
 */
export const ticketRoutes: RoutePlugin = async (app, options) => {
  const { db, config } = options;
  const notice = ticketNotice(config);
  await app.register(savedReplyRoutes, options);

  await forSignedInClients(app, db, (client) => {
    client.get(
      "/api/tickets",
      { schema: { response: { 200: z.array(ticketSchema), ...errorResponses } } },
      async (request) => {
        const member = signedInMember(request);
        return member ? listTickets(db, member.companyId) : [];
      },
    );

    client.post(
      "/api/tickets",
      {
        bodyLimit: WRITE_BODY_LIMIT,
        schema: { body: newTicketSchema, response: { 201: ticketSchema, ...errorResponses } },
      },
      async (request, reply) => {
        const member = signedInMember(request);
        if (!member) return reply.code(403).send({ message: teamMessages.noCompany });
        const problem = await linkProblem(
          db,
          member.companyId,
          request.body,
          ticketRefusals.websiteNotYours,
          ticketRefusals.assigneeNotStaff,
        );
        if (problem) return refuse(reply, problem);
        const ticket = await openTicket(
          db,
          signedInUser(request),
          member.companyId,
          request.body,
          notice,
        );
        return reply.code(201).send(ticket);
      },
    );

    client.get(
      "/api/tickets/:id",
      { schema: { params: idParams, response: { 200: ticketDetailSchema, ...thread } } },
      async (request, reply) => {
        const member = signedInMember(request);
        const ticket = member && (await findTicket(db, request.params.id, member.companyId));
        return ticket ?? reply.code(404).send(notFound("Ticket"));
      },
    );

    client.post(
      "/api/tickets/:id/resolve",
      { schema: { params: idParams, response: { 200: ticketDetailSchema, ...thread } } },
      async (request, reply) => {
        const member = signedInMember(request);
        const after = await withAudit(db, auditContext(request), async (tx, audit) => {
          const before = member && (await findTicket(tx, request.params.id, member.companyId));
          const user = signedInUser(request);
          const after =
            before && (await resolveTicket(tx, before.id, user, before.companyId, notice));
          if (before && after && after.status !== before.status) {
            await audit({
              action: "ticket.changed",
              targetType: "ticket",
              targetId: after.id,
              companyId: after.companyId,
              changes: changedFields({ status: before.status }, { status: after.status }),
            });
          }
          return after;
        });
        return after ?? reply.code(404).send(notFound("Ticket"));
      },
    );

    client.post(
      "/api/tickets/:id/messages",
      {
        bodyLimit: WRITE_BODY_LIMIT,
        schema: {
          params: idParams,
          body: ticketReplySchema,
          response: { 201: ticketDetailSchema, ...thread },
        },
      },
      async (request, reply) => {
        const member = signedInMember(request);
        const ticket =
          member &&
          (await replyToTicket(
            db,
            signedInUser(request),
            request.params.id,
            request.body,
            notice,
            member,
          ));
        if (!ticket) return reply.code(404).send(notFound("Ticket"));
        return reply.code(201).send(ticket);
      },
    );
  });

  await forStaff(app, db, (staff) => {
    staff.get(
      "/api/admin/tickets",
      {
        schema: {
          querystring: ticketQueueQuerySchema,
          response: { 200: ticketQueuePageSchema, ...errorResponses },
        },
      },
      async (request) => listAllTickets(db, request.query, signedInUser(request)),
    );

    // A ticket opened for a client by staff (an integrator's program, with a token).
    staff.post(
      "/api/admin/tickets",
      {
        bodyLimit: WRITE_BODY_LIMIT,
        schema: {
          body: staffNewTicketSchema,
          response: { 201: ticketSchema, ...notFoundResponse, ...errorResponses },
        },
      },
      async (request, reply) => {
        const { companyId, ...input } = request.body;
        if (!(await companyExists(db, companyId))) {
          return reply.code(404).send(notFound("Client"));
        }
        const problem = await linkProblem(
          db,
          companyId,
          input,
          ticketRefusals.websiteNotClients,
          ticketRefusals.assigneeNotStaff,
        );
        if (problem) return refuse(reply, problem);
        const ticket = await withAudit(db, auditContext(request), async (tx, audit) => {
          const ticket = await openTicket(
            tx,
            signedInUser(request),
            companyId,
            { ...input, attachmentIds: [] },
            notice,
          );
          await audit({
            action: "ticket.opened",
            targetType: "ticket",
            targetId: ticket.id,
            companyId,
            changes: { after: { subject: ticket.subject, priority: ticket.priority } },
          });
          return ticket;
        });
        return reply.code(201).send(ticket);
      },
    );

    staff.get(
      "/api/admin/tickets/:id/choices",
      { schema: { params: idParams, response: { 200: ticketChoicesSchema, ...thread } } },
      async (request, reply) => {
        const ticket = await findTicket(db, request.params.id);
        if (!ticket) return reply.code(404).send(notFound("Ticket"));
        return ticketChoices(db, ticket.companyId);
      },
    );

    // The ticket page's plan, clock and client, without reading the queue.
    staff.get(
      "/api/admin/tickets/:id/queue-entry",
      { schema: { params: idParams, response: { 200: queueTicketSchema, ...thread } } },
      async (request, reply) =>
        (await findQueueTicket(db, request.params.id)) ?? reply.code(404).send(notFound("Ticket")),
    );

    staff.get(
      "/api/admin/tickets/:id",
      { schema: { params: idParams, response: staffThread } },
      async (request, reply) =>
        (await findTicket(db, request.params.id)) ?? reply.code(404).send(notFound("Ticket")),
    );

    staff.patch(
      "/api/admin/tickets/:id",
      {
        schema: {
          params: idParams,
          body: ticketUpdateSchema,
          response: staffThread,
        },
      },
      async (request, reply) => {
        const before = await findTicket(db, request.params.id);
        if (!before) return reply.code(404).send(notFound("Ticket"));
        const problem = await linkProblem(
          db,
          before.companyId,
          request.body,
          ticketRefusals.websiteNotClients,
          ticketRefusals.assigneeNotStaff,
        );
        if (problem) return refuse(reply, problem);
        const shown = (ticket: typeof before) => ({
          status: ticket.status,
          priority: ticket.priority,
          website: ticket.website?.domain ?? null,
          assignee: ticket.assignee?.name ?? null,
        });
        const after = await withAudit(db, auditContext(request), async (tx, audit) => {
          if (!(await updateTicket(tx, request.params.id, request.body, notice))) return undefined;
          const after = (await findTicket(tx, request.params.id))!;
          await audit({
            action: "ticket.changed",
            targetType: "ticket",
            targetId: after.id,
            companyId: after.companyId,
            changes: changedFields(shown(before), shown(after)),
          });
          return after;
        });
        if (!after) return reply.code(404).send(notFound("Ticket"));
        return after;
      },
    );

    staff.post(
      "/api/admin/tickets/:id/messages",
      {
        schema: {
          params: idParams,
          body: ticketReplySchema,
          response: { 201: staffTicketDetailSchema, ...thread },
        },
      },
      async (request, reply) => {
        const ticket = await withAudit(db, auditContext(request), async (tx, audit) => {
          const user = signedInUser(request);
          const ticket = await replyToTicket(
            tx,
            user,
            request.params.id,
            request.body,
            notice,
            "staff",
          );
          if (!ticket) return undefined;
          await audit({
            action: "ticket.answered",
            targetType: "ticket",
            targetId: ticket.id,
            companyId: ticket.companyId,
            changes: { after: { reply: request.body.body } },
          });
          return ticket;
        });
        if (!ticket) return reply.code(404).send(notFound("Ticket"));
        return reply.code(201).send(ticket);
      },
    );

    staff.post(
      "/api/admin/tickets/:id/notes",
      {
        bodyLimit: WRITE_BODY_LIMIT,
        schema: {
          params: idParams,
          body: ticketNoteSchema,
          response: { 201: staffTicketDetailSchema, ...thread },
        },
      },
      async (request, reply) => {
        const ticket = await addInternalNote(
          db,
          signedInUser(request),
          request.params.id,
          request.body,
          auditContext(request),
        );
        if (!ticket) return reply.code(404).send(notFound("Ticket"));
        return reply.code(201).send(ticket);
      },
    );
  });
};
