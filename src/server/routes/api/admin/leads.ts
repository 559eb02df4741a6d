import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { leadDetailSchema, leadFilterSchema, leadKinds, leadListQuerySchema, leadListSchema, leadNoteInputSchema, leadStatusUpdateSchema } from "@shared/schemas/leads";
import { signedInUser } from "../../../plugins/auth-guard";
import { leadsToCsv } from "../../../leads/csv";
import { addLeadNote, exportLeads, findLead, listLeads, setLeadStatus } from "../../../leads/inbox";
import { errorResponses } from "../../responses";
import type { AdminRouteOptions } from "./index";

const leadParams = z.object({
  kind: z.enum(leadKinds, { error: "Not found" }),
  id: z.uuid({ error: "Not found" }),
});
const notFound = { 404: errorResponses[400] };

export const adminLeadRoutes: FastifyPluginAsyncZod<AdminRouteOptions> = async (app, { db }) => {
  app.get(
    "/api/admin/leads",
    {
      schema: {
        querystring: leadListQuerySchema,
        response: { 200: leadListSchema, ...errorResponses },
      },
    },
    async (request) => listLeads(db, request.query),
  );

  app.get(
    "/api/admin/leads/export.csv",
    { schema: { querystring: leadFilterSchema } },
    async (request, reply) => {
      const csv = leadsToCsv(exportLeads(db, request.query));
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="leads-${day}.csv"`)
        .header("cache-control", "no-store")
        .send(csv);
    },
  );

  app.get(
    "/api/admin/leads/:kind/:id",
    {
      schema: {
        params: leadParams,
        response: { 200: leadDetailSchema, ...notFound, ...errorResponses },
      },
    },
    async (request, reply) => {
      const lead = await findLead(db, request.params.kind, request.params.id);
      return lead ?? reply.code(404).send({ message: "Lead not found" });
    },
  );

  app.patch(
    "/api/admin/leads/:kind/:id",
    {
      schema: {
        params: leadParams,
        body: leadStatusUpdateSchema,
        response: { 200: leadDetailSchema, ...notFound, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { kind, id } = request.params;
      if (!(await setLeadStatus(db, kind, id, request.body.status))) {
        return reply.code(404).send({ message: "Lead not found" });
      }
      return (await findLead(db, kind, id))!;
    },
  );

  app.post(
    "/api/admin/leads/:kind/:id/notes",
    {
      schema: {
        params: leadParams,
        body: leadNoteInputSchema,
        response: { 201: leadDetailSchema, ...notFound, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { kind, id } = request.params;
      const lead = await addLeadNote(db, kind, id, signedInUser(request).id, request.body.body);
      return lead
        ? reply.code(201).send(lead)
        : reply.code(404).send({ message: "Lead not found" });
    },
  );
};
