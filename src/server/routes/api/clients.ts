import { z } from "zod";
import {
  clientDetailSchema,
  clientExportSchema,
  clientListQuerySchema,
  clientSummarySchema,
  deleteClientSchema,
  invitationSchema,
  inviteClientSchema,
} from "@shared/schemas/clients";
import {
  deleteClientData,
  exportClientData,
  findClient,
  inviteClient,
  listClients,
} from "../../clients/clients";
import { auditContext, recordAudit, withAudit } from "../../audit/audit";
import { signedInUser } from "../../plugins/auth-guard";
import { refuse } from "../../plugins/errors";
import {
  deletedResponses,
  errorBody,
  errorResponses,
  idParams,
  notFound,
  notFoundResponse,
  forStaff,
  type RoutePlugin,
} from "./common";

/**
 * The agency's clients (companies), for staff: the list, invitations (a new company and its
 * owner), a client's page, and the privacy requests (a JSON copy of everything stored, and
 * erasure). A client's members, websites, domains and billing have their own route modules.
 */
export const clientRoutes: RoutePlugin = async (app, { db, config }) => {
  await forStaff(app, db, (staff) => {
    staff.get(
      "/api/admin/clients",
      {
        schema: {
          querystring: clientListQuerySchema,
          response: { 200: z.array(clientSummarySchema), ...errorResponses },
        },
      },
      async (request) => listClients(db, request.query.q),
    );

    staff.post(
      "/api/admin/clients",
      {
        schema: {
          body: inviteClientSchema,
          response: { 201: invitationSchema, 409: errorBody, ...errorResponses },
        },
      },
      async (request, reply) => {
        const invitation = await withAudit(db, auditContext(request), async (tx, audit) => {
          const invitation = await inviteClient(tx, request.body, config);
          if (invitation.ok) {
            await audit({
              action: "client.invited",
              targetType: "client",
              targetId: invitation.value.companyId,
              companyId: invitation.value.companyId,
              changes: { after: { ...request.body } },
            });
          }
          return invitation;
        });
        if (!invitation.ok) return refuse(reply, invitation);
        const { companyId, userId, email, emailed } = invitation.value;
        return reply.code(201).send({ id: companyId, userId, email, emailed });
      },
    );

    staff.get(
      "/api/admin/clients/:id",
      {
        schema: {
          params: idParams,
          response: { 200: clientDetailSchema, ...notFoundResponse, ...errorResponses },
        },
      },
      async (request, reply) =>
        (await findClient(db, request.params.id)) ?? reply.code(404).send(notFound("Client")),
    );

    staff.get(
      "/api/admin/clients/:id/export",
      {
        schema: {
          params: idParams,
          response: { 200: clientExportSchema, ...notFoundResponse, ...errorResponses },
        },
      },
      async (request, reply) => {
        const data = await exportClientData(db, request.params.id);
        if (!data) return reply.code(404).send(notFound("Client"));
        await recordAudit(db, auditContext(request), {
          action: "client.exported",
          targetType: "client",
          targetId: request.params.id,
          companyId: request.params.id,
        });
        return reply
          .header("content-disposition", `attachment; filename="client-${request.params.id}.json"`)
          .header("cache-control", "no-store")
          .send(data);
      },
    );

    staff.delete(
      "/api/admin/clients/:id",
      {
        schema: {
          params: idParams,
          // The confirmation step: staff type the email address of the company's owner.
          body: deleteClientSchema,
          response: { ...deletedResponses, 409: errorBody },
        },
      },
      async (request, reply) => {
        const client = await findClient(db, request.params.id);
        if (!client) return reply.code(404).send(notFound("Client"));
        if (client.members.some((member) => member.id === signedInUser(request).id)) {
          return reply.code(409).send({ message: "You cannot delete your own account here." });
        }
        const owner = client.members.find((member) => member.role === "owner");
        const confirmWith = owner?.email ?? client.company.name;
        const typed = request.body.confirmEmail.trim();
        if (typed.toLowerCase() !== confirmWith.toLowerCase()) {
          return reply.code(400).send({
            message: "The confirmation does not match.",
            errors: { confirmEmail: `Type ${confirmWith} to confirm` },
          });
        }
        await withAudit(db, auditContext(request), async (tx, audit) => {
          await deleteClientData(tx, request.params.id);
          await audit({
            action: "client.deleted",
            targetType: "client",
            targetId: request.params.id,
            companyId: request.params.id,
            changes: {
              before: {
                name: client.company.name,
                members: client.members.map((member) => member.email),
              },
            },
          });
        });
        return reply.code(204).send(null);
      },
    );
  });
};
