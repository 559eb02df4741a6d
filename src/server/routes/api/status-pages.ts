import { plainText } from "@shared/schemas/fields";
import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import {
  incidentUpdateInputSchema,
  incidentWithUpdatesSchema,
  manualIncidentInputSchema,
  staffStatusPageInputSchema,
  statusPageInputSchema,
  statusHostCheckSchema,
  statusPageSettingsSchema,
} from "@shared/schemas/status-pages";
import { auditContext, changedFields, withAudit } from "../../audit/audit";
import type { Db } from "../../db/client";
import type { StatusPage } from "../../db/schema";
import { DomainFailureError, type Outcome } from "../../domain-failure";
import { signedInMember } from "../../plugins/auth-guard";
import { refuse } from "../../plugins/errors";
import {
  openManualIncident,
  postIncidentUpdate,
  recentIncidentsWithUpdates,
} from "../../status-pages/incidents";
import { knownStatusHosts } from "../../status-pages/hosts";
import { isStatusHost, saveStatusPage, statusPageSettings } from "../../status-pages/pages";
import {
  errorResponses,
  forSignedInClients,
  forStaff,
  idParams,
  notFound,
  notFoundResponse,
  WRITE_BODY_LIMIT,
  type RouteOptions,
  type RoutePlugin,
} from "./common";
import { publicStatusRoutes } from "./status-public";

const settingsResponse = { 200: statusPageSettingsSchema, ...notFoundResponse, ...errorResponses };
const created = {
  201: z.object({ id: z.uuid() }),
  ...notFoundResponse,
  409: errorResponses[400],
  ...errorResponses,
};

/** What a page's fields are, for the audit log. */
const auditedFields = (page: StatusPage | undefined) =>
  page && {
    enabled: page.enabled,
    name: page.name,
    slug: page.slug,
    indexed: page.indexed,
    customHost: page.customHost,
  };

/** Saves settings with their audit row; a refusal rolls back and is answered by `refuse`. */
async function saveWithAudit(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  companyId: string,
  input: Parameters<typeof saveStatusPage>[2],
) {
  try {
    await withAudit(db, auditContext(request), async (tx, audit) => {
      const saved = await saveStatusPage(tx, companyId, input);
      if (!saved.ok) throw new DomainFailureError(saved);
      await audit({
        action: "status-page.changed",
        targetType: "status-page",
        targetId: saved.value.after.id,
        companyId,
        changes: changedFields(auditedFields(saved.value.before), {
          ...auditedFields(saved.value.after),
          websiteIds: input.websiteIds,
        }),
      });
    });
  } catch (error) {
    if (error instanceof DomainFailureError) return refuse(reply, error.failure);
    throw error;
  }
  // The page's host name, or whether it is shown, may have changed: this process reads them now.
  knownStatusHosts(db).changed();
  return (await statusPageSettings(db, companyId))!;
}

/** An incident write with its audit row, answered 201 or refused. */
async function incidentWrite(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  action: "incident.opened" | "incident.update-posted",
  write: (
    tx: Parameters<Parameters<typeof withAudit>[2]>[0],
  ) => Promise<Outcome<{ id: string; companyId: string }>>,
  changes: Record<string, unknown>,
) {
  const outcome = await withAudit(db, auditContext(request), async (tx, audit) => {
    const done = await write(tx);
    if (done.ok) {
      await audit({
        action,
        targetType: "incident",
        targetId: done.value.id,
        companyId: done.value.companyId,
        changes: { after: changes },
      });
    }
    return done;
  });
  if (!outcome.ok) return refuse(reply, outcome);
  return reply.code(201).send({ id: outcome.value.id });
}

/**
 * Status pages: an owner's settings in the portal, staff's on the client page, staff's incident
 * updates and manual incidents, the proxy's question whether a host name is ours, and (in
 * status-public.ts) the public pages themselves.
 */
export const statusPageRoutes: RoutePlugin = async (app, options: RouteOptions) => {
  const { db, config } = options;
  const settings = { publicUrl: config.publicUrl, agencyInbox: config.agencyInbox };

  await forSignedInClients(app, db, (client) => {
    const ownersCompany = (request: FastifyRequest) => {
      const member = signedInMember(request);
      return member?.role === "owner" ? member.companyId : undefined;
    };
    client.get(
      "/api/status-page",
      { schema: { response: settingsResponse } },
      async (request, reply) => {
        const companyId = ownersCompany(request);
        if (!companyId)
          return reply.code(403).send({ message: "Only owners manage the status page" });
        reply.header("cache-control", "no-store");
        return (await statusPageSettings(db, companyId))!;
      },
    );
    client.put(
      "/api/status-page",
      {
        bodyLimit: WRITE_BODY_LIMIT,
        schema: { body: statusPageInputSchema, response: settingsResponse },
      },
      async (request, reply) => {
        const companyId = ownersCompany(request);
        if (!companyId)
          return reply.code(403).send({ message: "Only owners manage the status page" });
        return saveWithAudit(db, request, reply, companyId, request.body);
      },
    );
  });

  await forStaff(app, db, (staff) => {
    staff.get(
      "/api/admin/clients/:id/status-page",
      { schema: { params: idParams, response: settingsResponse } },
      async (request, reply) => {
        const found = await statusPageSettings(db, request.params.id);
        if (!found) return reply.code(404).send(notFound("Client"));
        reply.header("cache-control", "no-store");
        return found;
      },
    );
    staff.put(
      "/api/admin/clients/:id/status-page",
      {
        bodyLimit: WRITE_BODY_LIMIT,
        schema: { params: idParams, body: staffStatusPageInputSchema, response: settingsResponse },
      },
      async (request, reply) => saveWithAudit(db, request, reply, request.params.id, request.body),
    );
    staff.get(
      "/api/admin/incidents",
      { schema: { response: { 200: z.array(incidentWithUpdatesSchema), ...errorResponses } } },
      async (_request, reply) => {
        reply.header("cache-control", "no-store");
        return recentIncidentsWithUpdates(db);
      },
    );
    staff.post(
      "/api/admin/incidents",
      {
        bodyLimit: WRITE_BODY_LIMIT,
        schema: { body: manualIncidentInputSchema, response: created },
      },
      async (request, reply) =>
        incidentWrite(
          db,
          request,
          reply,
          "incident.opened",
          (tx) => openManualIncident(tx, request.body, request.user?.id ?? null, settings),
          { ...request.body },
        ),
    );
    staff.post(
      "/api/admin/incidents/:id/updates",
      {
        bodyLimit: WRITE_BODY_LIMIT,
        schema: { params: idParams, body: incidentUpdateInputSchema, response: created },
      },
      async (request, reply) =>
        incidentWrite(
          db,
          request,
          reply,
          "incident.update-posted",
          (tx) =>
            postIncidentUpdate(
              tx,
              request.params.id,
              request.body,
              request.user?.id ?? null,
              settings,
            ),
          { incidentId: request.params.id, ...request.body },
        ),
    );
  });

  // The reverse proxy asks before getting a certificate (Caddy's on-demand TLS `ask`): 200 only
  // for a host name staff added to a status page.
  app.get(
    "/api/status-hosts/check",
    {
      schema: {
        querystring: z.object({
          domain: plainText(
            "domain",
            "domain must be the host name to check, like status.client.com",
          )
            .max(253, "domain must be a host name of at most 253 characters")
            .default(""),
        }),
        response: { 200: statusHostCheckSchema, ...notFoundResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const ours = await isStatusHost(db, request.query.domain.trim().toLowerCase());
      return reply
        .code(ours ? 200 : 404)
        .send(ours ? { ok: true } : { message: "Not a status page host name" });
    },
  );

  await app.register(publicStatusRoutes, options);
};
