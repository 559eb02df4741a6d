import type { FastifyBaseLogger, FastifyError, FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  createPageViewBuffer,
  createSaltStore,
  createSiteCache,
  deviceOf,
  isBotAgent,
  MAX_PATH,
  pageViewEventSchema,
  pathOf,
  referrerHost,
  siteOwnsHost,
  utcDate,
  visitorHash,
  type PageViewBufferOptions,
} from "../../analytics/ingest";
import type { Db } from "../../db/client";
import { errorResponses } from "./common";

/** An event is a few hundred bytes: refuse anything far larger unread. */
const EVENT_BODY_LIMIT = 4 * 1024;

export type AnalyticsOptions = {
  /** The clock (tests move it across midnight). */
  now?: () => Date;
} & Pick<PageViewBufferOptions, "flushMs" | "batchSize" | "maxPending">;

const badRequest = (message: string) =>
  Object.assign(new Error(message), { statusCode: 400 }) as FastifyError;

const hostnameOf = (origin: string) => {
  try {
    return new URL(origin).hostname;
  } catch {
    return undefined;
  }
};

/**
 * POST /api/events: a page view from /js/hl.js on a client's site. Public and cross-site (no
 * session, no CSRF check), with no per-address rate limit: many visitors of a busy site may share
 * one address. Accepted only from the site's own host names; bots are answered alike but not
 * counted. Views are written in batches (ingest.ts), so the answer does not wait for the database.
 */
export function createAnalyticsIngest(
  db: Db,
  log: FastifyBaseLogger,
  analytics: AnalyticsOptions = {},
) {
  const now = analytics.now ?? (() => new Date());
  const salts = createSaltStore(db);
  const buffer = createPageViewBuffer({ db, log, ...analytics });
  let rotation: NodeJS.Timeout | undefined;
  return {
    now,
    sites: createSiteCache(db),
    salts,
    buffer,
    start() {
      buffer.start();
      // The day turns even when no view comes: yesterday's salt goes within a minute of midnight.
      rotation ??= setInterval(() => {
        salts.salt(utcDate(now())).catch((error: unknown) => {
          log.error({ err: error }, "analytics salt not rotated");
        });
      }, 60_000);
      rotation.unref();
    },
    /** Stops the timers and writes the views still waiting. */
    async close() {
      clearInterval(rotation);
      await buffer.close();
    },
  };
}
export type AnalyticsIngest = ReturnType<typeof createAnalyticsIngest>;

export const eventRoutes: FastifyPluginAsync<{ ingest: AnalyticsIngest }> = async (
  plugin,
  { ingest: { now, sites, salts, buffer } },
) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();

  // The script posts text/plain (no preflight); the app refuses text/plain everywhere else.
  app.addContentTypeParser(
    "text/plain",
    { parseAs: "string", bodyLimit: EVENT_BODY_LIMIT },
    (_request, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(badRequest("The body must be a JSON object (sent as text/plain or JSON)."));
      }
    },
  );

  app.post(
    "/api/events",
    {
      bodyLimit: EVENT_BODY_LIMIT,
      config: { rateLimit: false, crossSite: true },
      schema: { body: pageViewEventSchema, response: { 202: z.null(), ...errorResponses } },
    },
    async (request, reply) => {
      const event = request.body;
      const path = pathOf(event.url);
      if (path.length > MAX_PATH) {
        return reply.code(400).send({
          message: `The page path must be at most ${MAX_PATH} characters.`,
          errors: { url: `The path must be at most ${MAX_PATH} characters` },
        });
      }
      const site = await sites.get(event.site);
      if (!site) return reply.code(404).send({ message: "No website has this site key." });
      // A browser always names the page's origin; a client program may name the page instead.
      const origin = request.headers.origin;
      const host = origin && origin !== "null" ? hostnameOf(origin) : new URL(event.url).hostname;
      if (!host || !siteOwnsHost(site, host)) {
        return reply
          .code(403)
          .send({ message: "This site key does not belong to the site that sent the view." });
      }
      const userAgent = request.headers["user-agent"];
      if (isBotAgent(userAgent)) return reply.code(202).send(null);

      const at = now();
      const day = utcDate(at);
      const salt = await salts.salt(day);
      const added = buffer.add({
        websiteId: site.id,
        occurredAt: at.toISOString(),
        day,
        visitorHash: visitorHash(salt, site.id, request.ip, userAgent ?? ""),
        path,
        referrerHost: referrerHost(site, event.referrer),
        device: deviceOf(event.width),
      });
      if (!added) {
        return reply
          .code(503)
          .header("retry-after", "5")
          .send({ message: "Too many page views waiting: try again shortly." });
      }
      return reply.code(202).send(null);
    },
  );
};

declare module "fastify" {
  interface FastifyInstance {
    /** Visitor analytics: the page views waiting to be written (tests flush them). */
    analytics: AnalyticsIngest;
  }
  interface FastifyContextConfig {
    /** The route takes writes from other sites (the same-origin check lets them through). */
    crossSite?: boolean;
  }
}
