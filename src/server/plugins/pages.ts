import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  adminPrefix,
  isAdminRoute,
  isAppRoute,
  normalizePath,
  portalRoutes,
  publicRoutes,
  shareTokenOf,
  type PublicRoute,
} from "@shared/routes";
import { PUBLIC_URL_PLACEHOLDER, pageFiles } from "./page-files";
import { CROSS_ORIGIN_RESOURCE } from "./security";

export type Encoding = "br" | "gzip" | "identity";
type Representation = { body: Buffer; etag: string };
export type SiteFile = {
  type: string;
  cacheControl: string;
  /** Embedded by other sites (/js/hl.js): sent with Cross-Origin-Resource-Policy: cross-origin. */
  crossOrigin?: boolean;
  variants: Partial<Record<Encoding, Representation>> & { identity: Representation };
};

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".json": "application/json",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".webmanifest": "application/manifest+json",
};
/** Files that hold the site's address: filled in at start, then compressed here. */
const ADDRESSED = /\.(html|xml|txt)$/;
const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "no-cache";

const etagOf = (body: Buffer, encoding: Encoding) =>
  `"${createHash("sha1").update(body).digest("base64url").slice(0, 20)}${encoding === "identity" ? "" : `-${encoding}`}"`;

function listFiles(dir: string, base = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? listFiles(full, base) : [path.relative(base, full)];
  });
}

/**
 * Reads the whole client build into memory once: every answer afterwards is a lookup, with no
 * disk read, rendering or database query per request.
 */
export async function loadSite(
  clientDir: string,
  publicUrl: string,
): Promise<Map<string, SiteFile>> {
  const site = new Map<string, SiteFile>();
  // The pages that name PUBLIC_URL are compressed here, on libuv's threads, all at once: the
  // start does not wait for them one after another on the main thread. Brotli at quality 6, as
  // nginx compresses on the fly: quality 9 cost the start half a second for 1.5% fewer bytes.
  const compressions: Promise<void>[] = [];
  for (const relative of listFiles(clientDir)) {
    // Compressed variants are read beside their file; dot-folders (Vite's manifest) stay private.
    if (
      /\.(br|gz)$/.test(relative) ||
      relative.split(path.sep).some((part) => part.startsWith("."))
    ) {
      continue;
    }
    const file = path.join(clientDir, relative);
    const extension = path.extname(relative);
    let body = readFileSync(file);
    const variants: SiteFile["variants"] = { identity: { body, etag: "" } };
    if (ADDRESSED.test(relative)) {
      body = Buffer.from(body.toString("utf8").replaceAll(PUBLIC_URL_PLACEHOLDER, publicUrl));
      variants.identity.body = body;
      const identity = body;
      compressions.push(
        (async () => {
          const [br, gz] = await Promise.all([
            brotliAsync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } }),
            gzipAsync(identity, { level: 9 }),
          ]);
          variants.br = { body: br, etag: etagOf(identity, "br") };
          variants.gzip = { body: gz, etag: etagOf(identity, "gzip") };
        })(),
      );
    } else {
      if (existsSync(`${file}.br`)) variants.br = { body: readFileSync(`${file}.br`), etag: "" };
      if (existsSync(`${file}.gz`)) variants.gzip = { body: readFileSync(`${file}.gz`), etag: "" };
    }
    for (const [encoding, variant] of Object.entries(variants) as [Encoding, Representation][]) {
      variant.etag = etagOf(variants.identity.body, encoding);
    }
    site.set(`/${relative.split(path.sep).join("/")}`, {
      type: TYPES[extension] ?? "application/octet-stream",
      cacheControl: relative.startsWith("assets/") ? IMMUTABLE : REVALIDATE,
      ...(relative.startsWith(`js${path.sep}`) ? { crossOrigin: true } : {}),
      variants,
    });
  }
  await Promise.all(compressions);
  return site;
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** br, else gzip, else identity, as the client's Accept-Encoding allows (q=0 refuses). */
export function chooseEncoding(acceptEncoding: string | undefined, offered: Encoding[]): Encoding {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    accepted.set(name, q ? Number(q.slice(2)) : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get("*") ?? 0) > 0;
  if (offered.includes("br") && ok("br")) return "br";
  if (offered.includes("gzip") && ok("gzip")) return "gzip";
  return "identity";
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

function send(
  request: FastifyRequest,
  reply: FastifyReply,
  file: SiteFile,
  status = 200,
  headers: Record<string, string> = {},
) {
  const offered = Object.keys(file.variants) as Encoding[];
  const encoding = chooseEncoding(request.headers["accept-encoding"], offered);
  const variant = file.variants[encoding] ?? file.variants.identity;
  reply
    .code(status)
    .header("content-type", file.type)
    .header("cache-control", file.cacheControl)
    .header("etag", variant.etag)
    .headers(headers);
  if (file.crossOrigin) reply.header("cross-origin-resource-policy", CROSS_ORIGIN_RESOURCE);
  if (offered.length > 1) reply.header("vary", "Accept-Encoding");
  if (encoding !== "identity") reply.header("content-encoding", encoding);
  if (status === 200 && request.headers["if-none-match"] === variant.etag) {
    return reply.code(304).send();
  }
  return reply.send(variant.body);
}

/** What the pages need to know of the app: whether a share link's token opens it now. */
export type PageOptions = { shareLinkOpens?: (token: string) => Promise<boolean> };

/**
 * A share link's page: never cached or indexed, and the browser sends no referrer from it, so
 * the token in its address goes nowhere.
 */
const SHARE_PAGE_HEADERS = {
  "cache-control": "no-store",
  "x-robots-tag": "noindex",
  "referrer-policy": "no-referrer",
};

/**
 * Serves the built front end from memory: the prerendered page of each public route, the app
 * shells of the portal and the back office, files of the build by their path, and HTTP 404 with the
 * prerendered not-found page for anything else. Unknown /api paths get a JSON 404.
 *
 * Answers the files served the same way for every request at each exact path: what the static
 * fast path answers before Fastify (static-fast-path.ts).
 */
export async function registerPages(
  app: FastifyInstance,
  clientDir: string,
  publicUrl: string,
  options: PageOptions = {},
): Promise<Map<string, SiteFile>> {
  const built = existsSync(path.join(clientDir, pageFiles.shell));
  if (!built) {
    app.log.warn(`No front end built in ${clientDir}: run "npm run build" to serve pages.`);
  }
  const site = built ? await loadSite(clientDir, publicUrl) : new Map<string, SiteFile>();
  const pageOf = (file: string) => site.get(`/${file}`);
  const routePages = new Map<string, SiteFile | undefined>(
    publicRoutes.map((route: PublicRoute) => [route, pageOf(pageFiles.page(route))]),
  );
  const shell = pageOf(pageFiles.shell);
  const adminShell = pageOf(pageFiles.adminShell);
  const shareShell = pageOf(pageFiles.shareShell);
  const notFoundPage = pageOf(pageFiles.page("not-found"));

  app.get("/*", async (request, reply) => {
    const [pathname = "/", query] = request.url.split(/\?(.*)/s, 2);
    if (pathname === "/api" || pathname.startsWith("/api/")) {
      return reply.code(404).send({ message: `Not found: ${request.method} ${pathname}` });
    }
    if (pathname.length > 1 && pathname.endsWith("/")) {
      // One address per page: /about/ is /about.
      const target = pathname.replace(/\/+$/, "") || "/";
      return reply.redirect(query ? `${target}?${query}` : target, 301);
    }
    if (!built) {
      return reply
        .code(503)
        .type("text/plain; charset=utf-8")
        .send('The front end is not built yet: run "npm run build".');
    }
    const path = normalizePath(pathname);
    const shareToken = shareTokenOf(path);
    if (shareToken !== undefined) {
      const opens = shareShell && (await options.shareLinkOpens?.(shareToken));
      return opens
        ? send(request, reply, shareShell, 200, SHARE_PAGE_HEADERS)
        : send(request, reply, notFoundPage!, 404, SHARE_PAGE_HEADERS);
    }
    const page =
      routePages.get(path) ??
      (isAdminRoute(path) ? adminShell : isAppRoute(path) ? shell : undefined);
    if (page) return send(request, reply, page);
    const file = path.endsWith(".html") ? undefined : site.get(safeDecode(path));
    if (file) return send(request, reply, file);
    return send(request, reply, notFoundPage!, 404);
  });

  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({ message: `Not found: ${request.method} ${request.url.split("?")[0]}` }),
  );

  const exact = new Map<string, SiteFile>();
  if (!built) return exact;
  for (const [route, page] of routePages) if (page) exact.set(route, page);
  for (const route of portalRoutes) if (shell) exact.set(route, shell);
  if (adminShell) exact.set(adminPrefix, adminShell);
  for (const [file, content] of site) if (!file.endsWith(".html")) exact.set(file, content);
  return exact;
}
