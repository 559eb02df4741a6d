import { z } from "zod";
import { clientDetailSchema } from "@shared/schemas/clients";
import { siteHealthQuerySchema, siteHealthSchema } from "@shared/schemas/site-health";
import { siteWindow } from "@shared/site-range";
import { websiteInputSchema, websiteSchema } from "@shared/schemas/websites";
import { auditContext, changedFields, withAudit } from "../../audit/audit";
import { companyExists, findClient } from "../../clients/clients";
import { listMaintenanceWindows, windowView } from "../../monitoring/maintenance";
import { signedInMember } from "../../plugins/auth-guard";
import { siteHealth } from "../../websites/health";
import {
  addWebsite,
  deleteWebsite,
  findWebsiteRow,
  listWebsites,
  updateWebsite,
} from "../../websites/websites";
import { invalid } from "../../domain-failure";
import { refuse } from "../../plugins/errors";
import {
  forSignedInClients,
  deletedResponses,
  errorResponses,
  idParams,
  notFound,
  notFoundResponse,
  forStaff,
  type RoutePlugin,
} from "./common";

/** Staff writes answer with the client's whole page, so the back office shows what is stored. */
const clientPage = { 200: clientDetailSchema, ...notFoundResponse, ...errorResponses };

/** A client company's websites: its members read them in the portal; staff add, change and remove them. */
export const websiteRoutes: RoutePlugin = async (app, { db, config }) => {
  const notice = { agencyInbox: config.agencyInbox, publicUrl: config.publicUrl };

  await forSignedInClients(app, db, (client) => {
    client.get(
      "/api/websites",
      { schema: { response: { 200: z.array(websiteSchema), ...errorResponses } } },
      async (request) => {
        const member = signedInMember(request);
        return member ? listWebsites(db, member.companyId) : [];
      },
    );

    client.get(
      "/api/websites/:id/health",
      {
        schema: {
          params: idParams,
          querystring: siteHealthQuerySchema,
          response: { 200: siteHealthSchema, ...notFoundResponse, ...errorResponses },
        },
      },
      async (request, reply) => {
        const { range } = request.query;
        const window = siteWindow(range, new Date());
        if (!window) {
          return refuse(reply, invalid("Range must not be a month after the current one", "range"));
        }
        const member = signedInMember(request);
        const health =
          member &&
          (await siteHealth(db, member.companyId, request.params.id, {
            ...window,
            range,
            checkIntervalSeconds: config.monitorIntervalSeconds,
          }));
        if (!health) return reply.code(404).send(notFound("Website"));
        const now = new Date();
        // The windows that touch the range, and those still to come.
        const windows = await listMaintenanceWindows(db, [health.website.id], {
          from: new Date(`${health.from}T00:00:00Z`),
          to: new Date("9999-12-31T00:00:00Z"),
        });
        const rangeEnd = Date.parse(`${health.to}T00:00:00Z`) + 86_400_000;
        const shown = windows.filter((w) => w.endsAt > now || w.startsAt.getTime() < rangeEnd);
        return { ...health, maintenanceWindows: shown.map((w) => windowView(w, now)) };
      },
    );
  });

  await forStaff(app, db, (staff) => {
    staff.post(
      "/api/admin/clients/:id/websites",
      { schema: { params: idParams, body: websiteInputSchema, response: clientPage } },
      async (request, reply) => {
        if (!(await companyExists(db, request.params.id))) {
          return reply.code(404).send(notFound("Client"));
        }
        await withAudit(db, auditContext(request), async (tx, audit) => {
          const site = await addWebsite(tx, request.params.id, request.body, notice);
          await audit({
            action: "website.added",
            targetType: "website",
            targetId: site?.id,
            companyId: request.params.id,
            changes: { after: { ...request.body } },
          });
        });
        return (await findClient(db, request.params.id))!;
      },
    );

    staff.put(
      "/api/admin/websites/:id",
      { schema: { params: idParams, body: websiteInputSchema, response: clientPage } },
      async (request, reply) => {
        const site = await withAudit(db, auditContext(request), async (tx, audit) => {
          const before = await findWebsiteRow(tx, request.params.id);
          const site = before && (await updateWebsite(tx, request.params.id, request.body));
          if (!site) return undefined;
          await audit({
            action: "website.changed",
            targetType: "website",
            targetId: site.id,
            companyId: site.companyId,
            changes: changedFields(before, { ...request.body }),
          });
          return site;
        });
        if (!site) return reply.code(404).send(notFound("Website"));
        return (await findClient(db, site.companyId))!;
      },
    );

    staff.delete(
      "/api/admin/websites/:id",
      { schema: { params: idParams, response: deletedResponses } },
      async (request, reply) => {
        const removed = await withAudit(db, auditContext(request), async (tx, audit) => {
          const before = await findWebsiteRow(tx, request.params.id);
          if (!before || !(await deleteWebsite(tx, request.params.id))) return false;
          const { domain, plan, status } = before;
          await audit({
            action: "website.removed",
            targetType: "website",
            targetId: before.id,
            companyId: before.companyId,
            changes: { before: { domain, plan, status } },
          });
          return true;
        });
        if (!removed) return reply.code(404).send(notFound("Website"));
        return reply.code(204).send(null);
      },
    );
  });
};
