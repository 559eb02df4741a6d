import type { IncomingMessage, ServerResponse } from "node:http";
import proxyAddr from "@fastify/proxy-addr";
import type { FastifyBaseLogger, FastifyError, FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { ErrorBody } from "@shared/schemas/errors";
import {
  createPageViewBuffer,
  createSaltStore,
  createSiteCache,
  createWriteBuffer,
  deviceOf,
  isBotAgent,
  MAX_PATH,
  pathOf,
  referrerHost,
  siteOwnsHost,
  utcDate,
  visitorHash,
  type PageViewBufferOptions,
} from "../../analytics/ingest";
import { campaignOf } from "../../analytics/campaigns";
import { countryOf, loadCountries } from "../../analytics/countries";
import { analyticsEventSchema, type AnalyticsEvent } from "../../analytics/event-schema";
import { goalCounted, writeGoals, type GoalRow } from "../../analytics/goals";
import { acceptVitals, writeVitals, type VitalsRow } from "../../analytics/vitals";
import type { Db } from "../../db/client";
import { isDatabaseUnavailable } from "../../db/errors";
import { failedBody, unavailableBody, validationErrorBody } from "../../plugins/errors";
import { CROSS_ORIGIN_RESOURCE, crossOriginHeaders } from "../../plugins/security";
import type { AnswerTail, FastPath } from "../../plugins/static-fast-path";
import { errorResponses, notFoundResponse } from "./common";

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
  const goals = createWriteBuffer<GoalRow>({
    db,
    log,
    ...analytics,
    what: "goals",
    write: (rows) => writeGoals(db, rows),
  });
  const vitals = createWriteBuffer<VitalsRow>({
    db,
    log,
    ...analytics,
    what: "vitals",
    write: (rows) => writeVitals(db, rows),
  });
  let rotation: NodeJS.Timeout | undefined;
  return {
    now,
    sites: createSiteCache(db),
    /** The country of an address (analytics/countries.ts). */
    country: (ip: string) => countryOf(ip, log),
    salts,
    buffer,
    goals,
    vitals,
    start() {
      buffer.start();
      goals.start();
      vitals.start();
      // The country database loads a second after the server is ready, off the way to listening
      // and, most often, before the first view would have to wait for it.
      setTimeout(() => void loadCountries(log), 1000).unref();
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
      await Promise.all([buffer.close(), goals.close(), vitals.close()]);
    },
  };
}
export type AnalyticsIngest = ReturnType<typeof createAnalyticsIngest>;

/** What a page view comes with besides its body. */
type ViewContext = { origin: string | undefined; userAgent: string | undefined; ip: string };
type ViewAnswer = { status: 202 } | { status: 400 | 403 | 404 | 503; body: ErrorBody };

/** An event's checks and its place in a write buffer: the one rule of both ways in. */
async function acceptEvent(
  { now, sites, country, salts, buffer, goals, vitals }: AnalyticsIngest,
  event: AnalyticsEvent,
  { origin, userAgent, ip }: ViewContext,
): Promise<ViewAnswer> {
  const path = pathOf(event.url);
  if (path.length > MAX_PATH) {
    return {
      status: 400,
      body: {
        message: `The page path must be at most ${MAX_PATH} characters.`,
        errors: { url: `The path must be at most ${MAX_PATH} characters` },
      },
    };
  }
  const site = await sites.get(event.site);
  if (!site) return { status: 404, body: { message: "No website has this site key." } };
  // A browser always names the page's origin; a client program may name the page instead.
  const host = origin && origin !== "null" ? hostnameOf(origin) : new URL(event.url).hostname;
  if (!host || !siteOwnsHost(site, host)) {
    return {
      status: 403,
      body: {
        message: `This site key does not belong to the site that sent the ${event.type === "vitals" ? "vitals" : "view"}.`,
      },
    };
  }
  if (isBotAgent(userAgent)) return { status: 202 };
  if (event.type === "vitals") return acceptVitals(vitals, site, event, now());
  // An automatic goal staff turned off is answered alike but not counted.
  if (event.type === "goal" && !goalCounted(event.name, site)) return { status: 202 };

  const at = now();
  const day = utcDate(at);
  const salt = await salts.salt(day);
  const seen = {
    websiteId: site.id,
    occurredAt: at.toISOString(),
    day,
    visitorHash: visitorHash(salt, site.id, ip, userAgent ?? ""),
    path,
  };
  const added =
    event.type === "goal"
      ? goals.add({ ...seen, name: event.name })
      : buffer.add({
          ...seen,
          referrerHost: referrerHost(site, event.referrer),
          device: deviceOf(event.width),
          ...campaignOf(event),
          country: await country(ip),
        });
  if (!added) {
    return { status: 503, body: { message: "Too many page views waiting: try again shortly." } };
  }
  return { status: 202 };
}

const notJson = "The body must be a JSON object (sent as text/plain or JSON).";

export const eventRoutes: FastifyPluginAsync<{ ingest: AnalyticsIngest }> = async (
  plugin,
  { ingest },
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
        done(badRequest(notJson));
      }
    },
  );

  app.post(
    "/api/events",
    {
      bodyLimit: EVENT_BODY_LIMIT,
      config: { rateLimit: false, crossSite: true },
      schema: {
        body: analyticsEventSchema,
        // 404: no website has the event's site key.
        response: { 202: z.null(), ...notFoundResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header("cross-origin-resource-policy", CROSS_ORIGIN_RESOURCE);
      const answer = await acceptEvent(ingest, request.body, {
        origin: request.headers.origin,
        userAgent: request.headers["user-agent"],
        ip: request.ip,
      });
      if (answer.status === 202) return reply.code(202).send(null);
      if (answer.status === 503) reply.header("retry-after", "5");
      return reply.code(answer.status).send(answer.body);
    },
  );
};

/**
 * POST /api/events answered before Fastify, as the built pages are (static-fast-path.ts): the
 * busiest public write skips routing, the session, rate-limit and security hooks it does not use,
 * and the schema compilers. It takes only what hl.js sends (a text/plain body of known length up
 * to the limit, no query); anything else, and every request while the server closes, goes on to
 * the route above. Both give the same answers, byte for byte (events-fast-path.test.ts).
 */
export function createEventsFastPath({
  ingest,
  securityHeaders,
  tail,
  log,
  closing,
}: {
  ingest: AnalyticsIngest;
  securityHeaders: [string, string][];
  tail: AnswerTail;
  log: FastifyBaseLogger;
  closing: () => boolean;
}): FastPath {
  // Client sites post here: a same-origin resource policy would block the answer in their pages.
  const head: string[] = crossOriginHeaders(securityHeaders).flat();
  const answer = (
    request: IncomingMessage,
    response: ServerResponse,
    status: number,
    body: ErrorBody | null,
  ) => {
    const payload = Buffer.from(JSON.stringify(body));
    const raw = tail.append(request, [...head]);
    if (status === 503) raw.push("retry-after", "5");
    raw.push(
      "content-type",
      "application/json; charset=utf-8",
      "content-length",
      String(payload.length),
    );
    response.writeHead(status, raw);
    response.end(payload);
  };

  return (request, response) => {
    if (request.method !== "POST" || request.url !== "/api/events" || closing()) return false;
    const { headers } = request;
    const length = Number(headers["content-length"]);
    if (
      !headers["content-type"]?.toLowerCase().startsWith("text/plain") ||
      headers["transfer-encoding"] ||
      !(length >= 0 && length <= EVENT_BODY_LIMIT)
    ) {
      return false;
    }
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.once("error", () => response.destroy());
    request.once("end", () => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      } catch {
        return answer(request, response, 400, { message: notJson });
      }
      const event = analyticsEventSchema.safeParse(parsed);
      if (!event.success) {
        const issues = event.error.issues.map((issue) => ({
          keyword: issue.code,
          instancePath: `/${issue.path.join("/")}`,
          message: issue.message,
        }));
        return answer(request, response, 400, validationErrorBody(issues));
      }
      acceptEvent(ingest, event.data, {
        origin: headers.origin,
        userAgent: headers["user-agent"],
        ip: proxyAddr(request, tail.trusted),
      }).then(
        (view) => answer(request, response, view.status, view.status === 202 ? null : view.body),
        (error: unknown) => {
          const unavailable = isDatabaseUnavailable(error);
          log.error({ err: error }, unavailable ? "database unavailable" : "request failed");
          answer(
            request,
            response,
            unavailable ? 503 : 500,
            unavailable ? unavailableBody : failedBody,
          );
        },
      );
    });
    return true;
  };
}

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
