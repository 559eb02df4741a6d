import type { IncomingMessage, ServerResponse } from "node:http";
import proxyAddr from "@fastify/proxy-addr";
import type { FastifyServerOptions } from "fastify";
import { chooseEncoding, type SiteFile } from "./pages";
import { HSTS, PERMISSIONS_POLICY, requestId } from "./security";

/**
 * Answers GET and HEAD of the built pages and files straight from memory, before Fastify builds
 * a request, routes it and runs the session, rate-limit and security hooks that a page served the
 * same to everyone does not need. Everything else (and every request until the app has said what
 * its security headers are) goes on to Fastify. What the browser gets is the same as from the
 * pages plugin: the same body, validators and caching headers, and the security headers exactly
 * as a dynamic route sends them (a test compares them byte for byte).
 */
export type FastPath = (request: IncomingMessage, response: ServerResponse) => boolean;

type Prepared = {
  file: SiteFile;
  /** Per encoding: the headers of a 200 answer, security headers first, as raw name/value pairs. */
  headers: Partial<Record<string, [string, string][]>>;
};

/** The trust of TRUST_PROXY as Fastify applies it to x-forwarded-proto (see app.ts). */
function trustOf(trust: FastifyServerOptions["trustProxy"]) {
  if (typeof trust === "function") return trust as (address: string, hop: number) => boolean;
  if (trust === true) return () => true;
  if (!trust || typeof trust === "number") return () => false;
  return proxyAddr.compile(
    typeof trust === "string" ? trust.split(",").map((t) => t.trim()) : trust,
  );
}

/** "https" when the request came over TLS, directly or through a trusted proxy: as Fastify says. */
function protocolOf(request: IncomingMessage, trusted: (address: string, hop: number) => boolean) {
  const forwarded = request.headers["x-forwarded-proto"];
  const socket = request.socket as IncomingMessage["socket"] & { encrypted?: boolean };
  if (typeof forwarded === "string" && socket.remoteAddress && trusted(socket.remoteAddress, 0)) {
    const last = forwarded.lastIndexOf(",");
    return (last === -1 ? forwarded : forwarded.slice(last + 1)).trim();
  }
  return socket.encrypted ? "https" : "http";
}

/**
 * The header lines every answer given before Fastify ends with, as a dynamic route sends them:
 * HSTS when the request came over https (as TRUST_PROXY decides), the permissions policy and the
 * request id.
 */
export function createAnswerTail({
  https,
  trustProxy,
}: {
  /** PUBLIC_URL is https: HSTS goes on answers to requests that came over https. */
  https: boolean;
  trustProxy: FastifyServerOptions["trustProxy"];
}) {
  const trusted = trustOf(trustProxy);
  return {
    trusted,
    /** Appends the tail's name/value pairs to a raw header list. */
    append(request: IncomingMessage, raw: string[]) {
      if (https && protocolOf(request, trusted) === "https")
        raw.push("strict-transport-security", HSTS);
      raw.push(
        "permissions-policy",
        PERMISSIONS_POLICY,
        "x-request-id",
        requestId(request.headers["x-request-id"]),
      );
      return raw;
    },
  };
}
export type AnswerTail = ReturnType<typeof createAnswerTail>;

export function createFastPath({
  files,
  securityHeaders,
  tail,
  closing,
}: {
  /** Path (no query) to the file served for it. */
  files: Map<string, SiteFile>;
  /** The security headers of a dynamic answer, in order, names as sent (HSTS and ids apart). */
  securityHeaders: [string, string][];
  tail: AnswerTail;
  /** While the server closes, Fastify answers (503): the fast path steps aside. */
  closing: () => boolean;
}): FastPath {
  const prepared = new Map<string, Prepared>();
  for (const [path, file] of files) {
    const offered = Object.keys(file.variants);
    const headers: Prepared["headers"] = {};
    for (const [encoding, variant] of Object.entries(file.variants)) {
      headers[encoding] = [
        ...(file.crossOrigin
          ? securityHeaders.map(([name, value]): [string, string] =>
              name.toLowerCase() === "cross-origin-resource-policy"
                ? [name, "cross-origin"]
                : [name, value],
            )
          : securityHeaders),
        ["content-type", file.type],
        ["cache-control", file.cacheControl],
        ["etag", variant.etag],
        ...(offered.length > 1 ? [["vary", "Accept-Encoding"] as [string, string]] : []),
        ...(encoding === "identity" ? [] : [["content-encoding", encoding] as [string, string]]),
      ];
    }
    prepared.set(path, { file, headers });
  }

  return (request, response) => {
    if (request.method !== "GET" && request.method !== "HEAD") return false;
    const url = request.url ?? "/";
    const query = url.indexOf("?");
    const entry = prepared.get(query === -1 ? url : url.slice(0, query));
    if (!entry || closing()) return false;

    const { file, headers } = entry;
    const encoding = chooseEncoding(
      request.headers["accept-encoding"],
      Object.keys(file.variants) as Parameters<typeof chooseEncoding>[1],
    );
    const variant = file.variants[encoding] ?? file.variants.identity;
    const fresh = request.headers["if-none-match"] === variant.etag;
    const raw: string[] = [];
    for (const [name, value] of headers[encoding] ?? headers.identity!) raw.push(name, value);
    tail.append(request, raw);
    if (fresh) {
      response.writeHead(304, raw);
      response.end();
      return true;
    }
    raw.push("content-length", String(variant.body.length));
    response.writeHead(200, raw);
    response.end(request.method === "HEAD" ? undefined : variant.body);
    return true;
  };
}
