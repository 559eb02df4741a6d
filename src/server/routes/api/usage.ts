import { z } from "zod";
import {
  createdUsageTokenSchema,
  usageReportSchema,
  usageStoredSchema,
  usageTokenInputSchema,
  usageTokenSchema,
} from "@shared/schemas/usage";
import { auditContext, withAudit } from "../../audit/audit";
import { bearerToken } from "../../credentials";
import {
  createUsageToken,
  listUsageTokens,
  recordUsage,
  revokeUsageToken,
  websiteOfToken,
} from "../../usage/tokens";
import {
  errorResponses,
  forStaff,
  idParams,
  notFound,
  notFoundResponse,
  WRITE_BODY_LIMIT,
  type RoutePlugin,
} from "./common";

/**
 * Bandwidth as the hosting side reports it, one site and one day at a time, with a per-site
 * token that staff create and revoke in the back office.
 */
export const usageRoutes: RoutePlugin = async (app, { db }) => {
  // Not a browser's call: no session, so no cross-site risk; the token is the whole credential.
  // The body is checked first, so a malformed report is told what to fix even before its token.
  app.post(
    "/api/usage",
    {
      bodyLimit: WRITE_BODY_LIMIT,
      schema: {
        body: usageReportSchema,
        response: { 200: usageStoredSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const token = bearerToken(request.headers.authorization);
      const websiteId = token && (await websiteOfToken(db, token));
      if (!websiteId) {
        return reply
          .code(401)
          .header("www-authenticate", 'Bearer realm="usage"')
          .send({
            message: token
              ? "This usage token is not valid: it may have been revoked. Ask for a new one."
              : "Send the website's usage token as Authorization: Bearer <token>",
          });
      }
      return recordUsage(db, websiteId, request.body.date, request.body.bytes);
    },
  );

  await forStaff(app, db, (staff) => {
    staff.get(
      "/api/admin/websites/:id/usage-tokens",
      {
        schema: {
          params: idParams,
          response: { 200: z.array(usageTokenSchema), ...notFoundResponse, ...errorResponses },
        },
      },
      async (request, reply) => {
        const tokens = await listUsageTokens(db, request.params.id);
        return tokens ?? reply.code(404).send(notFound("Website"));
      },
    );

    staff.post(
      "/api/admin/websites/:id/usage-tokens",
      {
        bodyLimit: WRITE_BODY_LIMIT,
        schema: {
          params: idParams,
          body: usageTokenInputSchema,
          response: { 201: createdUsageTokenSchema, ...notFoundResponse, ...errorResponses },
        },
      },
      async (request, reply) => {
        const created = await withAudit(db, auditContext(request), async (tx, audit) => {
          const created = await createUsageToken(tx, request.params.id, request.body.name);
          if (!created) return undefined;
          const { companyId, ...token } = created;
          // The audit names the token, never its secret.
          await audit({
            action: "usage-token.created",
            targetType: "usage-token",
            targetId: token.id,
            companyId,
            changes: { after: { websiteId: token.websiteId, name: token.name } },
          });
          return token;
        });
        if (!created) return reply.code(404).send(notFound("Website"));
        return reply.code(201).header("cache-control", "no-store").send(created);
      },
    );

    staff.post(
      "/api/admin/usage-tokens/:id/revoke",
      {
        schema: {
          params: idParams,
          response: { 200: usageTokenSchema, ...notFoundResponse, ...errorResponses },
        },
      },
      async (request, reply) => {
        const token = await withAudit(db, auditContext(request), async (tx, audit) => {
          const revoked = await revokeUsageToken(tx, request.params.id);
          if (!revoked) return undefined;
          const { companyId, alreadyRevoked, ...token } = revoked;
          // Revoking again changes nothing: the token as it is, and no second audit row.
          if (alreadyRevoked) return token;
          await audit({
            action: "usage-token.revoked",
            targetType: "usage-token",
            targetId: token.id,
            companyId,
            changes: { after: { websiteId: token.websiteId, name: token.name } },
          });
          return token;
        });
        return token ?? reply.code(404).send(notFound("Usage token"));
      },
    );
  });
};
