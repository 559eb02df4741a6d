import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { billingInputSchema, billingSchema } from "@shared/schemas/billing";
import { clientSummarySchema, inviteClientSchema } from "@shared/schemas/clients";
import { domainInputSchema, domainSchema } from "@shared/schemas/domains";
import { websiteInputSchema, websiteSchema } from "@shared/schemas/websites";
import { plainText, searchText } from "@shared/schemas/fields";
import { ticketSchema } from "@shared/schemas/tickets";
import {
  createDomain,
  createWebsite,
  deleteDomain,
  deleteWebsite,
  findClient,
  inviteClient,
  listClients,
  saveBilling,
  updateDomain,
  updateWebsite,
  userExists,
  deleteClientData,
  exportClientData,
} from "../../../clients/clients";
import { signedInUser } from "../../../plugins/auth-guard";
import { errorResponses } from "../../responses";
import type { AdminRouteOptions } from "./index";

const idParams = z.object({ id: z.uuid({ error: "Not found" }) });
const notFound = { 404: errorResponses[400] };
const clientDetailSchema = z.object({
  user: z.object({
    id: z.uuid(),
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    profileImageUrl: z.string().nullable(),
    isAdmin: z.boolean(),
    createdAt: z.string(),
  }),
  websites: z.array(websiteSchema),
  domains: z.array(domainSchema),
  billing: billingSchema.nullable(),
  tickets: z.array(ticketSchema),
});
const detail = { 200: clientDetailSchema, ...notFound, ...errorResponses };
const NOT_FOUND = { message: "Not found" };

/**
 * Clients and what they have with the agency. Every write answers with the client's whole
 * page, so the back office shows exactly what is stored.
 */
export const adminClientRoutes: FastifyPluginAsyncZod<AdminRouteOptions> = async (
  app,
  { db, config, outbox },
) => {
  app.get(
    "/api/admin/clients",
    {
      schema: {
        querystring: z.object({ q: searchText }),
        response: { 200: z.array(clientSummarySchema), ...errorResponses },
      },
    },
    async (request) => listClients(db, request.query.q),
  );

  app.post(
    "/api/admin/clients",
    {
      schema: {
        body: inviteClientSchema,
        response: {
          201: z.object({ id: z.uuid(), email: z.string(), emailed: z.boolean() }),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { user, emailed } = await inviteClient(db, request.body, config);
      if (emailed) outbox.wake();
      return reply.code(201).send({ id: user.id, email: user.email, emailed });
    },
  );

  app.get(
    "/api/admin/clients/:id",
    { schema: { params: idParams, response: detail } },
    async (request, reply) =>
      (await findClient(db, request.params.id)) ?? reply.code(404).send(NOT_FOUND),
  );

  app.post(
    "/api/admin/clients/:id/websites",
    { schema: { params: idParams, body: websiteInputSchema, response: detail } },
    async (request, reply) => {
      if (!(await userExists(db, request.params.id))) return reply.code(404).send(NOT_FOUND);
      await createWebsite(db, request.params.id, request.body);
      return (await findClient(db, request.params.id))!;
    },
  );

  app.put(
    "/api/admin/websites/:id",
    { schema: { params: idParams, body: websiteInputSchema, response: detail } },
    async (request, reply) => {
      const site = await updateWebsite(db, request.params.id, request.body);
      return site ? (await findClient(db, site.userId))! : reply.code(404).send(NOT_FOUND);
    },
  );

  app.delete(
    "/api/admin/websites/:id",
    { schema: { params: idParams, response: { 204: z.null(), ...notFound, ...errorResponses } } },
    async (request, reply) =>
      (await deleteWebsite(db, request.params.id))
        ? reply.code(204).send(null)
        : reply.code(404).send(NOT_FOUND),
  );

  app.post(
    "/api/admin/clients/:id/domains",
    { schema: { params: idParams, body: domainInputSchema, response: detail } },
    async (request, reply) => {
      if (!(await userExists(db, request.params.id))) return reply.code(404).send(NOT_FOUND);
      await createDomain(db, request.params.id, request.body);
      return (await findClient(db, request.params.id))!;
    },
  );

  app.put(
    "/api/admin/domains/:id",
    { schema: { params: idParams, body: domainInputSchema, response: detail } },
    async (request, reply) => {
      const domain = await updateDomain(db, request.params.id, request.body);
      return domain ? (await findClient(db, domain.userId))! : reply.code(404).send(NOT_FOUND);
    },
  );

  app.delete(
    "/api/admin/domains/:id",
    { schema: { params: idParams, response: { 204: z.null(), ...notFound, ...errorResponses } } },
    async (request, reply) =>
      (await deleteDomain(db, request.params.id))
        ? reply.code(204).send(null)
        : reply.code(404).send(NOT_FOUND),
  );

  app.put(
    "/api/admin/clients/:id/billing",
    { schema: { params: idParams, body: billingInputSchema, response: detail } },
    async (request, reply) => {
      if (!(await userExists(db, request.params.id))) return reply.code(404).send(NOT_FOUND);
      await saveBilling(db, request.params.id, request.body);
      return (await findClient(db, request.params.id))!;
    },
  );

  app.get(
    "/api/admin/clients/:id/export",
    { schema: { params: idParams } },
    async (request, reply) => {
      const data = await exportClientData(db, request.params.id);
      if (!data) return reply.code(404).send(NOT_FOUND);
      return reply
        .header("content-disposition", `attachment; filename="client-${request.params.id}.json"`)
        .header("cache-control", "no-store")
        .send(data);
    },
  );

  app.delete(
    "/api/admin/clients/:id",
    {
      schema: {
        params: idParams,
        // The confirmation step: staff type the client's email address.
        body: z.object({
          confirmEmail: plainText("Confirmation", "Type the client's email to confirm"),
        }),
        response: { 204: z.null(), 409: errorResponses[400], ...notFound, ...errorResponses },
      },
    },
    async (request, reply) => {
      const client = await findClient(db, request.params.id);
      if (!client) return reply.code(404).send(NOT_FOUND);
      if (client.user.id === signedInUser(request).id) {
        return reply.code(409).send({ message: "You cannot delete your own account here." });
      }
      if (request.body.confirmEmail.trim().toLowerCase() !== client.user.email) {
        return reply.code(400).send({
          message: "The confirmation does not match.",
          errors: { confirmEmail: `Type ${client.user.email} to confirm` },
        });
      }
      await deleteClientData(db, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
