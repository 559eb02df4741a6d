import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import fastifyRateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import helmet, { type HelmetOptions } from "helmet";
import type { Config } from "../config";
import type {} from "../api-tokens/tokens";

/** HSTS for a year, subdomains included: sent only on answers to requests that came over https. */
export const HSTS = "max-age=31536000; includeSubDomains";
export const PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=()";

/** Headers an answer carries of its own, not security headers every answer shares. */
export const perAnswerHeaders = new Set([
  "content-type",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "cache-control",
  "etag",
  "vary",
  "date",
  "connection",
  "keep-alive",
  "set-cookie",
  "x-request-id",
  "strict-transport-security",
  "permissions-policy",
]);

/** Cross-Origin-Resource-Policy of what other sites embed or post to: the tag and its endpoint. */
export const CROSS_ORIGIN_RESOURCE = "cross-origin";

/** The shared security headers, with the resource policy opened for other sites' pages. */
export function crossOriginHeaders(securityHeaders: [string, string][]): [string, string][] {
  return securityHeaders.map(([name, value]): [string, string] =>
    name.toLowerCase() === "cross-origin-resource-policy"
      ? [name, CROSS_ORIGIN_RESOURCE]
      : [name, value],
  );
}

/**
 * The headers helmet sets for these options, in its order, worked out once: helmet's middleware
 * parses its options again on every call, a tenth of what a portal read allocated (decision 016).
 */
function helmetHeaders(options: HelmetOptions): [string, string][] {
  const headers: [string, string][] = [];
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers.push([name, String(value)]);
    },
    removeHeader: () => {},
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

/** helmet's options: a strict Content-Security-Policy, our own origin only, no inline script. */
function helmetOptions(config: Config, inlineScripts: string[] = []): HelmetOptions {
  const https = config.publicUrl.startsWith("https://");
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // An inline script only by its hash, on the one page that has one (the API reference).
        scriptSrc: ["'self'", ...inlineScripts],
        // React writes style attributes into the prerendered HTML; no style can run code.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // https: for the profile pictures an identity provider gives; data: for the QR code.
        imgSrc: ["'self'", "data:", "https:"],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        // The sign-out form's answer redirects to the provider's end-session page (its origin).
        formAction: ["'self'", ...(config.oidc ? [new URL(config.oidc.issuerUrl).origin] : [])],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    // As frame-ancestors 'none' says, for browsers that know only this header.
    xFrameOptions: { action: "deny" },
    // Set below per request: a browser ignores HSTS over http, and it must not be promised there.
    strictTransportSecurity: false,
  };
}

/**
 * The Content-Security-Policy of a page whose inline scripts are these hash sources
 * ('sha256-...'): every answer's policy with those scripts allowed, and nothing else.
 */
export function contentSecurityPolicy(config: Config, inlineScripts: string[]): string {
  const [, policy] = helmetHeaders(helmetOptions(config, inlineScripts)).find(
    ([name]) => name.toLowerCase() === "content-security-policy",
  )!;
  return policy;
}

/**
 * Security headers (see helmetOptions), and rate limits kept in Redis when REDIS_URL is set, so
 * several instances share them.
 */
export async function registerSecurity(app: FastifyInstance, config: Config) {
  const https = config.publicUrl.startsWith("https://");
  const securityHeaders = helmetHeaders(helmetOptions(config));
  // On the raw response, as helmet sets them: a route's own header of the same name wins.
  app.addHook("onRequest", (_request, reply, done) => {
    for (const [name, value] of securityHeaders) reply.raw.setHeader(name, value);
    done();
  });
  app.addHook("onSend", async (request, reply) => {
    // request.protocol is https when the request came over TLS, directly or through a proxy
    // TRUST_PROXY trusts.
    if (https && request.protocol === "https") reply.header("strict-transport-security", HSTS);
    reply.header("permissions-policy", PERMISSIONS_POLICY);
    reply.header("x-request-id", request.id);
  });

  const redis = config.redisUrl
    ? // Loaded only when used: most instances keep their rate limits in memory.
      new (await import("ioredis")).Redis(config.redisUrl, {
        connectTimeout: 1_000,
        maxRetriesPerRequest: 1,
        lazyConnect: false,
      })
    : undefined;
  redis?.on("error", (error) => app.log.warn({ err: error }, "Redis error"));
  if (redis) app.addHook("onClose", async () => void (await redis.quit().catch(() => {})));

  await app.register(fastifyRateLimit, {
    global: true,
    max: config.apiRateLimit,
    timeWindow: 60_000,
    // Pages and assets are served from memory and cost nothing: limit the API.
    allowList: (request) => !request.url.startsWith("/api/"),
    // Each API token has its own limit (a token that does not work counts against the address).
    keyGenerator: (request) => (request.apiToken ? `api-token:${request.apiToken.id}` : request.ip),
    ...(redis ? { redis, nameSpace: "harborline-rate-" } : {}),
    // With Redis unreachable, serve rather than refuse everyone.
    skipOnError: true,
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      message: `Too many requests: try again in ${context.after}.`,
    }),
  });
}

/** A request id from the proxy when it looks like one, else a new one; logged and echoed. */
export function requestId(header: string | string[] | undefined): string {
  const incoming = Array.isArray(header) ? header[0] : header;
  return incoming && /^[\w.:-]{8,100}$/.test(incoming) ? incoming : randomUUID();
}
