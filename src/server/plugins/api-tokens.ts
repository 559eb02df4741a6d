import type { FastifyInstance, FastifyRequest } from "fastify";
import { apiTokenNouns } from "@shared/schemas/api-tokens";
import { routeScope } from "../api-tokens/scopes";
import { API_TOKEN_PREFIX, identifyApiToken, noteApiTokenUse } from "../api-tokens/tokens";
import { bearerToken } from "../credentials";
import type { Db } from "../db/client";

/** What a token that does not work is told: nothing more. */
const unauthorized = { message: "Unauthorized" };
export const notForTokensMessage = `API tokens call the back office's routes of ${apiTokenNouns.join(", ")} only (/api/admin/<noun>/...): this route is not one of them.`;

/**
 * The API token a request carries: a bearer token of ours anywhere under /api, or any bearer
 * token on /api/admin (a malformed one is refused there, never taken for a session). Other
 * bearer tokens (usage reports, metrics scrapes) are their routes' own business.
 */
function presentedToken(request: FastifyRequest): string | undefined {
  if (!request.url.startsWith("/api/")) return undefined;
  const token = bearerToken(request.headers.authorization);
  if (token === undefined) return undefined;
  return token.startsWith(API_TOKEN_PREFIX) || request.url.startsWith("/api/admin")
    ? token
    : undefined;
}

/**
 * Reads the request's API token before the same-origin check and the rate limits, which need to
 * know of it: a token request is not a browser's (no same-origin check, no second factor, no
 * session), and each token has its own rate limit. Nothing is refused here.
 */
export function registerApiTokenIdentity(app: FastifyInstance, db: Db) {
  app.decorateRequest("apiToken", undefined);
  app.addHook("onRequest", async (request) => {
    const token = presentedToken(request);
    if (token !== undefined) request.apiToken = (await identifyApiToken(db, token)) ?? null;
  });
}

/**
 * After the rate limits: a token that does not work answers 401, and one that does may call only
 * the routes its scopes allow (403 naming the scope it lacks), before any body is read. A
 * request that succeeded notes the token's use (at most once a minute).
 */
export function registerApiTokenScopes(app: FastifyInstance, db: Db) {
  app.addHook("onRequest", async (request, reply) => {
    const token = request.apiToken;
    if (token === undefined) return;
    if (token === null) {
      return reply.code(401).header("www-authenticate", 'Bearer realm="api"').send(unauthorized);
    }
    // No such route: the 404 says so.
    const url = request.routeOptions.url;
    if (url === undefined) return;
    const scope = routeScope(request.method, url);
    if (!scope) return reply.code(403).send({ message: notForTokensMessage });
    if (!token.scopes.includes(scope)) {
      return reply.code(403).send({ message: `This token lacks the ${scope} scope` });
    }
  });
  app.addHook("onSend", async (request, reply) => {
    const token = request.apiToken;
    if (!token || reply.statusCode >= 400) return;
    try {
      await noteApiTokenUse(db, token);
    } catch (error) {
      request.log.warn({ err: error }, "could not note an API token's use");
    }
  });
}
