import Fastify, { type FastifyInstance, type FastifyReply, type FastifySchema } from "fastify";
import { brand } from "@content/site";
import { scriptHashes } from "../../plugins/api-document";
import { contentSecurityPolicy } from "../../plugins/security";
import type { RoutePlugin } from "./common";

/** Routes about the API itself: hidden from the document they serve. */
const hidden = { hide: true } as FastifySchema;

/**
 * Scalar's options: it loads nothing from another site (no fonts, no proxy for its requests,
 * no agent) and reports nothing back.
 */
const referenceOptions = {
  pageTitle: `${brand.name} API reference`,
  withDefaultFonts: false,
  telemetry: false,
  hideClientButton: true,
  showDeveloperTools: "never",
  agent: { disabled: true },
  documentDownloadType: "json",
  // The system's fonts: the page loads no font file.
  customCss: `.scalar-app { --scalar-font: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; --scalar-font-code: ui-monospace, Menlo, Consolas, monospace; }`,
} as const;

/**
 * The API's OpenAPI document (plugins/api-document.ts makes it) at /api/openapi.json, and its
 * reference page at /api/docs: Scalar's script, served by us, loads on that page only.
 */
export const apiDocsRoutes: RoutePlugin = async (app, { config }) => {
  app.get("/api/openapi.json", { schema: hidden }, async (_request, reply) =>
    reply.header("cache-control", "no-cache").send(app.swagger()),
  );

  // Scalar's plugin, in an app of its own made on the first visit: loading it (and the OpenAPI
  // parser it brings) took a tenth of the server's start, for a page few people open.
  let reference: Promise<FastifyInstance> | undefined;
  const scalarApp = () =>
    (reference ??= (async () => {
      const { default: scalarApiReference } = await import("@scalar/fastify-api-reference");
      const scalar = Fastify({ logger: false });
      await scalar.register(scalarApiReference, {
        routePrefix: "/api/docs",
        configuration: { ...referenceOptions, content: () => app.swagger() },
      });
      await scalar.ready();
      return scalar;
    })());

  // Scalar's page, its script, and the document as it reads it (/api/docs/openapi.json and
  // .yaml), in a group whose hook allows the page's one inline script by its hash, and nothing
  // else the site's policy forbids.
  await app.register(async (docs) => {
    docs.addHook("onSend", async (_request, reply, payload) => {
      const type = String(reply.getHeader("content-type") ?? "");
      if (type.startsWith("text/html") && typeof payload === "string") {
        reply.header(
          "content-security-policy",
          contentSecurityPolicy(config, scriptHashes(payload)),
        );
      }
      if (type.includes("javascript")) reply.header("cache-control", "public, max-age=3600");
      return payload;
    });
    const forward = async (request: { url: string }, reply: FastifyReply) => {
      const answer = await (await scalarApp()).inject({ method: "GET", url: request.url });
      for (const [name, value] of Object.entries(answer.headers)) {
        if (value !== undefined && passedHeaders.has(name)) reply.header(name, value);
      }
      // Text goes on as text, so the hook above can read the page's inline script.
      const text = /^(text|application\/(json|yaml|javascript))/.test(
        String(answer.headers["content-type"]),
      );
      return reply.code(answer.statusCode).send(text ? answer.body : answer.rawPayload);
    };
    docs.get("/api/docs", { schema: hidden, logLevel: "warn" }, forward);
    docs.get("/api/docs/*", { schema: hidden, logLevel: "warn" }, forward);
  });
};

/** What Scalar's answers say that ours pass on: the rest (length, date, ...) is our server's. */
const passedHeaders = new Set([
  "content-type",
  "content-disposition",
  "location",
  "access-control-allow-origin",
  "access-control-allow-methods",
]);
