import scalarApiReference from "@scalar/fastify-api-reference";
import type { FastifySchema } from "fastify";
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
    await docs.register(scalarApiReference, {
      routePrefix: "/api/docs",
      logLevel: "warn",
      configuration: { ...referenceOptions, content: () => app.swagger() },
    });
  });
};
