import { z } from "zod";
import { clientDetailSchema } from "@shared/schemas/clients";
import { autoRenewUpdateSchema, domainInputSchema, domainSchema } from "@shared/schemas/domains";
import { auditContext, changedFields, recordAudit } from "../../audit/audit";
import { findClient, userExists } from "../../clients/clients";
import {
  createDomain,
  deleteDomain,
  findDomainRow,
  listDomains,
  setAutoRenew,
  updateDomain,
} from "../../domains/domains";
import { signedInUser } from "../../plugins/auth-guard";
import {
  forSignedInClients,
  deletedResponses,
  errorResponses,
  idParams,
  notFound,
  notFoundResponse,
  forStaff,
  WRITE_BODY_LIMIT,
  type RoutePlugin,
} from "./common";

/** Staff writes answer with the client's whole page, so the back office shows what is stored. */
const clientPage = { 200: clientDetailSchema, ...notFoundResponse, ...errorResponses };

/**
 * A client's domain names: the portal lists its own and switches auto-renew (another client's
 * domain answers 404 and changes nothing); staff add, change and remove them.
 */
export const domainRoutes: RoutePlugin = async (app, { db }) => {
  await forSignedInClients(app, db, (client) => {
    client.get(
      "/api/domains",
      { schema: { response: { 200: z.array(domainSchema), ...errorResponses } } },
      async (request) => listDomains(db, signedInUser(request).id),
    );

    client.patch(
      "/api/domains/:id",
      {
        bodyLimit: WRITE_BODY_LIMIT,
        schema: {
          params: idParams,
          body: autoRenewUpdateSchema,
          response: { 200: domainSchema, ...notFoundResponse, ...errorResponses },
        },
      },
      async (request, reply) => {
        const domain = await setAutoRenew(
          db,
          signedInUser(request).id,
          request.params.id,
          request.body.autoRenew,
        );
        return domain ?? reply.code(404).send(notFound("Domain"));
      },
    );
  });

  await forStaff(app, db, (staff) => {
    staff.post(
      "/api/admin/clients/:id/domains",
      { schema: { params: idParams, body: domainInputSchema, response: clientPage } },
      async (request, reply) => {
        if (!(await userExists(db, request.params.id))) {
          return reply.code(404).send(notFound("Client"));
        }
        const domain = await createDomain(db, request.params.id, request.body);
        await recordAudit(db, auditContext(request), {
          action: "domain.added",
          targetType: "domain",
          targetId: domain?.id,
          changes: { after: { ...request.body } },
        });
        return (await findClient(db, request.params.id))!;
      },
    );

    staff.put(
      "/api/admin/domains/:id",
      { schema: { params: idParams, body: domainInputSchema, response: clientPage } },
      async (request, reply) => {
        const before = await findDomainRow(db, request.params.id);
        const domain = before && (await updateDomain(db, request.params.id, request.body));
        if (!domain) return reply.code(404).send(notFound("Domain"));
        const shown = (row: typeof domain) => ({
          domain: row.domain,
          autoRenew: row.autoRenew,
          expiresAt: row.expiresAt?.toISOString().slice(0, 10) ?? null,
        });
        await recordAudit(db, auditContext(request), {
          action: "domain.changed",
          targetType: "domain",
          targetId: domain.id,
          changes: changedFields(shown(before), shown(domain)),
        });
        return (await findClient(db, domain.userId))!;
      },
    );

    staff.delete(
      "/api/admin/domains/:id",
      { schema: { params: idParams, response: deletedResponses } },
      async (request, reply) => {
        const before = await findDomainRow(db, request.params.id);
        if (!before || !(await deleteDomain(db, request.params.id))) {
          return reply.code(404).send(notFound("Domain"));
        }
        await recordAudit(db, auditContext(request), {
          action: "domain.removed",
          targetType: "domain",
          targetId: before.id,
          changes: { before: { domain: before.domain } },
        });
        return reply.code(204).send(null);
      },
    );
  });
};
