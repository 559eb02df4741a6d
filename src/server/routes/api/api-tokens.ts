import { z } from "zod";
import {
  apiTokenInputSchema,
  apiTokenSchema,
  createdApiTokenSchema,
} from "@shared/schemas/api-tokens";
import { auditContext, withAudit } from "../../audit/audit";
import { createApiToken, listApiTokens, revokeApiToken } from "../../api-tokens/tokens";
import { signedInUser } from "../../plugins/auth-guard";
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
 * API tokens for integrators' programs, in the back office: staff list, create (the token is in
 * that one answer) and revoke them. No token calls these routes: their noun has no scope.
 */
export const apiTokenRoutes: RoutePlugin = async (app, { db }) => {
  await forStaff(app, db, (staff) => {
    staff.get(
      "/api/admin/api-tokens",
      { schema: { response: { 200: z.array(apiTokenSchema), ...errorResponses } } },
      async () => listApiTokens(db),
    );

    staff.post(
      "/api/admin/api-tokens",
      {
        bodyLimit: WRITE_BODY_LIMIT,
        schema: {
          body: apiTokenInputSchema,
          response: { 201: createdApiTokenSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const created = await withAudit(db, auditContext(request), async (tx, audit) => {
          const created = await createApiToken(tx, request.body, signedInUser(request));
          // The audit names the token, never its secret.
          await audit({
            action: "api-token.created",
            targetType: "api-token",
            targetId: created.id,
            changes: {
              after: { name: created.name, scopes: created.scopes, expiresAt: created.expiresAt },
            },
          });
          return created;
        });
        return reply.code(201).header("cache-control", "no-store").send(created);
      },
    );

    staff.post(
      "/api/admin/api-tokens/:id/revoke",
      {
        schema: {
          params: idParams,
          response: { 200: apiTokenSchema, ...notFoundResponse, ...errorResponses },
        },
      },
      async (request, reply) => {
        const token = await withAudit(db, auditContext(request), async (tx, audit) => {
          const revoked = await revokeApiToken(tx, request.params.id);
          if (!revoked) return undefined;
          await audit({
            action: "api-token.revoked",
            targetType: "api-token",
            targetId: revoked.id,
            changes: { after: { name: revoked.name, revokedAt: revoked.revokedAt } },
          });
          return revoked;
        });
        return token ?? reply.code(404).send(notFound("API token"));
      },
    );
  });
};
