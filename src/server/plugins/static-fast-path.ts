import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import proxyAddr from "@fastify/proxy-addr";
import type { FastifyServerOptions } from "fastify";
import { chooseEncoding, type Encoding, type SiteFile } from "./pages";
import { crossOriginHeaders, HSTS, PERMISSIONS_POLICY, requestId } from "./security";

/**
 * Answers GET and HEAD of the built pages and files straight from memory, before Fastify builds
 * a request, routes it and runs the session, rate-limit and security hooks that a page served the
 * same to everyone does not need. Everything else (and every request until the app has said what
 * its security headers are) goes on to Fastify. What the browser gets is the same as from the
 * pages plugin: the same body, validators and caching headers, and the security headers exactly
 * as a dynamic route sends them (a test compares them byte for byte).
 */
export type FastPath = (request: IncomingMessage, response: ServerResponse) => boolean;

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
function protocolOf(
  forwarded: string | undefined,
  socket: Socket,
  trusted: (address: string, hop: number) => boolean,
) {
  if (forwarded !== undefined && socket.remoteAddress && trusted(socket.remoteAddress, 0)) {
    const last = forwarded.lastIndexOf(",");
    return (last === -1 ? forwarded : forwarded.slice(last + 1)).trim();
  }
  return (socket as Socket & { encrypted?: boolean }).encrypted ? "https" : "http";
}

/** What the answer tail reads of a request. */
export type TailFacts = {
  forwardedProto: string | undefined;
  requestIdHeader: string | string[] | undefined;
  socket: Socket;
};

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
  /** The tail's name/value pairs, flat. */
  const pairs = ({ forwardedProto, requestIdHeader, socket }: TailFacts) => {
    const lines: string[] =
      https && protocolOf(forwardedProto, socket, trusted) === "https"
        ? ["strict-transport-security", HSTS]
        : [];
    lines.push(
      "permissions-policy",
      PERMISSIONS_POLICY,
      "x-request-id",
      requestId(requestIdHeader),
    );
    return lines;
  };
  return {
    trusted,
    pairs,
    /** Appends the tail's name/value pairs to a raw header list. */
    append(request: IncomingMessage, raw: string[]) {
      const forwarded = request.headers["x-forwarded-proto"];
      raw.push(
        ...pairs({
          forwardedProto: typeof forwarded === "string" ? forwarded : undefined,
          requestIdHeader: request.headers["x-request-id"],
          socket: request.socket,
        }),
      );
      return raw;
    },
  };
}
export type AnswerTail = ReturnType<typeof createAnswerTail>;

/** A built file with the headers of its answers worked out once, per encoding. */
export type PreparedFile = {
  file: SiteFile;
  offered: Encoding[];
  /** Per encoding: the headers of a 200 answer, security headers first, as raw name/value pairs. */
  headers: Partial<Record<Encoding, [string, string][]>>;
};

/** The files the fast path serves, by path, and the lookup of a request target's file. */
export function prepareFiles(
  /** Path (no query) to the file served for it. */
  files: Map<string, SiteFile>,
  /** The security headers of a dynamic answer, in order, names as sent (HSTS and ids apart). */
  securityHeaders: [string, string][],
) {
  const prepared = new Map<string, PreparedFile>();
  for (const [path, file] of files) {
    const offered = Object.keys(file.variants) as Encoding[];
    const entry: PreparedFile = { file, offered, headers: {} };
    for (const encoding of offered) {
      const headers: [string, string][] = [
        ...(file.crossOrigin ? crossOriginHeaders(securityHeaders) : securityHeaders),
        ["content-type", file.type],
        ["cache-control", file.cacheControl],
        ["etag", file.variants[encoding]!.etag],
        ...(offered.length > 1 ? [["vary", "Accept-Encoding"] as [string, string]] : []),
        ...(encoding === "identity" ? [] : [["content-encoding", encoding] as [string, string]]),
      ];
      entry.headers[encoding] = headers;
    }
    prepared.set(path, entry);
  }
  return {
    /** The file served for a request target, its query ignored. */
    find(target: string) {
      const query = target.indexOf("?");
      return prepared.get(query === -1 ? target : target.slice(0, query));
    },
  };
}
export type PreparedFiles = ReturnType<typeof prepareFiles>;

/** The encoding a file is sent in for an Accept-Encoding, and that encoding's body and etag. */
export function variantFor(entry: PreparedFile, acceptEncoding: string | undefined) {
  const encoding = chooseEncoding(acceptEncoding, entry.offered);
  return { encoding, variant: entry.file.variants[encoding] ?? entry.file.variants.identity };
}

export function createFastPath({
  files,
  tail,
  closing,
}: {
  files: PreparedFiles;
  tail: AnswerTail;
  /** While the server closes, Fastify answers (503): the fast path steps aside. */
  closing: () => boolean;
}): FastPath {
  return (request, response) => {
    if (request.method !== "GET" && request.method !== "HEAD") return false;
    const entry = files.find(request.url ?? "/");
    if (!entry || closing()) return false;

    const { encoding, variant } = variantFor(entry, request.headers["accept-encoding"]);
    const fresh = request.headers["if-none-match"] === variant.etag;
    const raw: string[] = [];
    for (const [name, value] of entry.headers[encoding]!) raw.push(name, value);
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
