import type { FastifyInstance } from "fastify";
import type {} from "../api-tokens/tokens";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses writes that a browser says come from another site (Sec-Fetch-Site), or whose Origin is
 * neither this host nor PUBLIC_URL. Clients that are not browsers send neither header and pass.
 * Routes marked `config: { crossSite: true }` (POST /api/events) are left to check their own, and
 * requests with an API token (plugins/api-tokens.ts) need none.
 */
export function registerSameOriginCheck(app: FastifyInstance, publicUrl: string) {
  const publicOrigin = new URL(publicUrl).origin;
  app.addHook("onRequest", async (request, reply) => {
    // A route made for other sites to post to (page views from /js/hl.js) checks its own origins.
    if (SAFE_METHODS.has(request.method) || request.routeOptions.config.crossSite) return;
    // An API token is no browser's ambient credential, and its request never uses the session.
    if (request.apiToken !== undefined) return;
    const site = request.headers["sec-fetch-site"];
    const origin = request.headers.origin;
    const crossSite = site === "cross-site" || site === "same-site";
    const foreignOrigin =
      origin !== undefined &&
      origin !== publicOrigin &&
      origin !== `${request.protocol}://${request.headers.host}`;
    if (crossSite || foreignOrigin) {
      return reply
        .code(403)
        .send({ message: "Cross-site requests are not allowed: send this from the site itself." });
    }
  });
}
