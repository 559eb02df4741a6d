import { z } from "zod";
import { clientDetailSchema } from "@shared/schemas/clients";
import { autoRenewUpdateSchema, domainInputSchema, domainSchema } from "@shared/schemas/domains";
import { auditContext, changedFields, withAudit } from "../../audit/audit";
import { companyExists, findClient } from "../../clients/clients";
import {
  addDomain,
  deleteDomain,
  findDomainRow,
  listDomains,
  setAutoRenew,
  updateDomain,
} from "../../domains/domains";
import { signedInMember, signedInUser } from "../../plugins/auth-guard";
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
 * A client company's domain names: its members list them and switch auto-renew in the portal
 * (another company's domain answers 404 and changes nothing); staff add, change and remove them.
 */
export const domainRoutes: RoutePlugin = async (app, { db, config }) => {
  const notice = { agencyInbox: config.agencyInbox, publicUrl: config.publicUrl };

  await forSignedInClients(app, db, (client) => {
    client.get(
      "/api/domains",
      { schema: { response: { 200: z.array(domainSchema), ...errorResponses } } },
      async (request) => {
        const member = signedInMember(request);
        return member ? listDomains(db, member.companyId) : [];
      },
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
        const member = signedInMember(request);
        const domain =
          member &&
          (await setAutoRenew(
            db,
            { user: signedInUser(request), companyId: member.companyId },
            request.params.id,
            request.body.autoRenew,
            notice,
          ));
        if (!domain) return reply.code(404).send(notFound("Domain"));
        return domain;
      },
    );
  });

  await forStaff(app, db, (staff) => {
    staff.post(
      "/api/admin/clients/:id/domains",
      { schema: { params: idParams, body: domainInputSchema, response: clientPage } },
      async (request, reply) => {
        if (!(await companyExists(db, request.params.id))) {
          return reply.code(404).send(notFound("Client"));
        }
        await withAudit(db, auditContext(request), async (tx, audit) => {
          const domain = await addDomain(tx, request.params.id, request.body, notice);
          await audit({
            action: "domain.added",
            targetType: "domain",
            targetId: domain?.id,
            companyId: request.params.id,
            changes: { after: { ...request.body } },
          });
        });
        return (await findClient(db, request.params.id))!;
      },
    );

    staff.put(
      "/api/admin/domains/:id",
      { schema: { params: idParams, body: domainInputSchema, response: clientPage } },
      async (request, reply) => {
        const domain = await withAudit(db, auditContext(request), async (tx, audit) => {
          const before = await findDomainRow(tx, request.params.id);
          const domain = before && (await updateDomain(tx, request.params.id, request.body));
          if (!domain) return undefined;
          const shown = (row: typeof domain) => ({
            domain: row.domain,
            autoRenew: row.autoRenew,
            expiresAt: row.expiresAt?.toISOString().slice(0, 10) ?? null,
          });
          await audit({
            action: "domain.changed",
            targetType: "domain",
            targetId: domain.id,
            companyId: domain.companyId,
            changes: changedFields(shown(before), shown(domain)),
          });
          return domain;
        });
        if (!domain) return reply.code(404).send(notFound("Domain"));
        return (await findClient(db, domain.companyId))!;
      },
    );

    staff.delete(
      "/api/admin/domains/:id",
      { schema: { params: idParams, response: deletedResponses } },
      async (request, reply) => {
        const removed = await withAudit(db, auditContext(request), async (tx, audit) => {
          const before = await findDomainRow(tx, request.params.id);
          if (!before || !(await deleteDomain(tx, request.params.id))) return false;
          await audit({
            action: "domain.removed",
            targetType: "domain",
            targetId: before.id,
            companyId: before.companyId,
            changes: { before: { domain: before.domain } },
          });
          return true;
        });
        if (!removed) return reply.code(404).send(notFound("Domain"));
        return reply.code(204).send(null);
      },
    );
  });
};
