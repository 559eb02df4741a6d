import { eq } from "drizzle-orm";
import { siteVitalsSchema, vitalsQuerySchema, vitalsSettingSchema } from "@shared/schemas/vitals";
import { siteWindow } from "@shared/site-range";
import { auditContext, withAudit } from "../../audit/audit";
import { siteVitals } from "../../analytics/vitals-read";
import { websites } from "../../db/schema";
import { invalid } from "../../domain-failure";
import { signedInMember } from "../../plugins/auth-guard";
import { refuse } from "../../plugins/errors";
import {
  errorResponses,
  forSignedInClients,
  forStaff,
  idParams,
  notFound,
  notFoundResponse,
  type RoutePlugin,
} from "./common";

const answers = { 200: siteVitalsSchema, ...notFoundResponse, ...errorResponses };

/** A month after the current one has no figures: refused as the site page's health refuses it. */
const laterMonth = invalid("Range must not be a month after the current one", "range");

/**
 * Real-user speed (Core Web Vitals) of a website: its company's members read their own sites' in
 * the portal, staff read every site's and turn the measuring on or off.
 */
export const vitalsRoutes: RoutePlugin = async (app, { db }) => {
  await forSignedInClients(app, db, (client) => {
    client.get(
      "/api/websites/:id/vitals",
      { schema: { params: idParams, querystring: vitalsQuerySchema, response: answers } },
      async (request, reply) => {
        if (!siteWindow(request.query.range, new Date())) return refuse(reply, laterMonth);
        const member = signedInMember(request);
        const vitals =
          member &&
          (await siteVitals(db, request.params.id, {
            companyId: member.companyId,
            range: request.query.range,
          }));
        if (!vitals) return reply.code(404).send(notFound("Website"));
        return vitals;
      },
    );
  });

  await forStaff(app, db, (staff) => {
    staff.get(
      "/api/admin/websites/:id/vitals",
      { schema: { params: idParams, querystring: vitalsQuerySchema, response: answers } },
      async (request, reply) => {
        if (!siteWindow(request.query.range, new Date())) return refuse(reply, laterMonth);
        const vitals = await siteVitals(db, request.params.id, { range: request.query.range });
        if (!vitals) return reply.code(404).send(notFound("Website"));
        return vitals;
      },
    );

    staff.put(
      "/api/admin/websites/:id/vitals",
      {
        schema: {
          params: idParams,
          body: vitalsSettingSchema,
          response: answers,
        },
      },
      async (request, reply) => {
        const { enabled } = request.body;
        const changed = await withAudit(db, auditContext(request), async (tx, audit) => {
          const [before] = await tx
            .select({ companyId: websites.companyId, enabled: websites.vitalsEnabled })
            .from(websites)
            .where(eq(websites.id, request.params.id));
          if (!before) return false;
          if (before.enabled !== enabled) {
            await tx
              .update(websites)
              .set({ vitalsEnabled: enabled })
              .where(eq(websites.id, request.params.id));
            await audit({
              action: "website.changed",
              targetType: "website",
              targetId: request.params.id,
              companyId: before.companyId,
              changes: {
                before: { vitalsEnabled: before.enabled },
                after: { vitalsEnabled: enabled },
              },
            });
          }
          return true;
        });
        if (!changed) return reply.code(404).send(notFound("Website"));
        return (await siteVitals(db, request.params.id, { range: "30d" }))!;
      },
    );
  });
};
