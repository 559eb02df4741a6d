import { createHash } from "node:crypto";
import fastifySwagger from "@fastify/swagger";
import type { FastifyInstance, FastifySchema, RouteOptions } from "fastify";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import { brand } from "@content/site";
import type { Config } from "../config";
import { webhookGuide } from "../webhooks/guide";
import { operationIdOf, summaryOf } from "./api-operations";
import { withWebhooks } from "./api-webhooks";
import { SESSION_COOKIE } from "./session";

/**
 * The API's contract: an OpenAPI 3.1 document made from the routes' zod schemas, served at
 * /api/openapi.json, and a reference page of it at /api/docs (Scalar, served by us: the page
 * loads nothing from another site). See decision 026.
 */

/** The API's nouns as docs/architecture.md names them: one tag each. */
export const apiTags = {
  Auth: "Signing in and out: email links, a provider's sign-in, second factors and passkeys.",
  Account: "The signed-in person's own account: name, notice choices, sessions, second factors.",
  Leads: "Contact messages and project applications, and the staff's inbox of them.",
  Clients: "Client companies, for staff: invitations, privacy exports and erasure.",
  Team: "A company's members and their roles.",
  Websites: "The sites we build and host for clients.",
  Domains: "Clients' domain names and their renewals.",
  Billing: "Plans, the card on file, the billing address and plan requests.",
  Invoices: "Invoices, payments, refunds, credit notes and card payments.",
  Tickets: "Support tickets: threads, attachments, internal notes and saved replies.",
  Emails: "The outbox, and mail received for the support address.",
  Audit: "The audit log of every staff action.",
  Proposals: "Proposals, their versions, PDFs and the clients' answers.",
  Projects: "Projects, milestones, updates and the pipeline.",
  Notices: "The in-app notices (the bell).",
  Monitoring: "Uptime checks, incidents and expiry warnings.",
  Heartbeats: "A site's scheduled jobs beating a secret URL.",
  Maintenance: "Maintenance windows, announced to clients.",
  Analytics: "Page views and real-user speed from clients' sites.",
  Usage: "Bandwidth a host reports, and the tokens it reports with.",
  "Status pages": "Clients' public status pages, their incidents and subscribers.",
  Hours: "Time entries, timers and the hours a plan includes.",
  Reports: "Monthly care reports.",
  "Share links": "Read-only links to a site's analytics.",
  Bookings: "Discovery Calls, the staff's hours and calendars for them.",
  "API tokens": "Tokens integrators call the API with: their scopes, expiry and last use.",
  Webhooks: "Endpoints told of what happens, each delivery signed, and the deliveries' log.",
} as const;
export type ApiTag = keyof typeof apiTags;

/** URL words that name a noun by another word than its tag. */
const tagOfWord: Record<string, ApiTag> = {
  ...Object.fromEntries(Object.keys(apiTags).map((tag) => [tag.toLowerCase(), tag])),
  login: "Auth",
  callback: "Auth",
  logout: "Auth",
  contact: "Leads",
  apply: "Leads",
  members: "Team",
  plans: "Billing",
  "plan-requests": "Billing",
  "payment-method": "Billing",
  "billing-address": "Billing",
  payments: "Invoices",
  "credit-notes": "Invoices",
  stripe: "Invoices",
  attachments: "Tickets",
  "saved-replies": "Tickets",
  outbox: "Emails",
  "inbound-emails": "Emails",
  inbound: "Emails",
  pipeline: "Projects",
  "maintenance-windows": "Maintenance",
  events: "Analytics",
  vitals: "Analytics",
  health: "Monitoring",
  "usage-tokens": "Usage",
  status: "Status pages",
  "status-page": "Status pages",
  "status-hosts": "Status pages",
  incidents: "Status pages",
  time: "Hours",
  "time-entries": "Hours",
  timer: "Hours",
  share: "Share links",
  "share-links": "Share links",
  "api-tokens": "API tokens",
  "webhook-deliveries": "Webhooks",
};

/**
 * A route's tag, from its URL: the last word that names a noun, so a thing filed under a client
 * (/api/admin/clients/:id/websites) is the thing's (Websites), and an action on a thing
 * (/api/admin/leads/:id/convert) is the thing's (Leads).
 */
export function tagOf(url: string): ApiTag | undefined {
  const words = url.split(/[/.]/).filter((word) => word && !word.startsWith(":"));
  return words.map((word) => tagOfWord[word]).findLast((tag) => tag !== undefined);
}

/** What a signed-in route takes: the session cookie a browser holds, or an API token. */
export const signedInSecurity: Record<string, string[]>[] = [
  { sessionCookie: [] },
  { bearerToken: [] },
];
const accessNote = {
  client: "For signed-in clients: 401 when signed out.",
  staff: "For staff only: 401 when signed out, 403 for anyone else.",
};

/**
 * Marks the routes a guard covers as needing the cookie or a token (an onRoute hook of the
 * guard's group, in routes/api/common.ts): the document says so without each route repeating it.
 */
export function documentAccess(who: "client" | "staff") {
  return (route: RouteOptions) => {
    const schema = route.schema as (FastifySchema & { description?: string }) | undefined;
    route.schema = {
      ...schema,
      security: signedInSecurity,
      description: schema?.description ?? accessNote[who],
    } as FastifySchema;
  };
}

/** A route is in the document when it is the API's: not the health checks nor the pages. */
const documented = (url: string) => url.startsWith("/api/") && !url.startsWith("/api/docs");

/** The inline scripts of an HTML page, as a Content-Security-Policy's hash sources. */
export function scriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, script]) => `'sha256-${createHash("sha256").update(script!).digest("base64")}'`,
  );
}

/**
 * Registers the document before any route: @fastify/swagger learns the routes as they are added.
 * routes/api/api-docs.ts serves it, at /api/openapi.json and as the reference page /api/docs.
 */
export async function registerApiDocument(app: FastifyInstance, config: Config) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: `${brand.name} API`,
        version: "1",
        description: `${brand.summary}\n\nThe API of the site, the client portal and the back office. Errors answer in one shape (Error): a message, and for invalid fields a message per field.`,
      },
      servers: [{ url: config.publicUrl }],
      tags: Object.entries(apiTags).map(([name, description]) => ({
        name,
        // The Webhooks section carries the integrator's guide: how to check a signature.
        description: name === "Webhooks" ? `${description}\n\n${webhookGuide}` : description,
      })),
      components: {
        securitySchemes: {
          sessionCookie: {
            type: "apiKey",
            in: "cookie",
            name: SESSION_COOKIE,
            description: "The session a browser holds once signed in.",
          },
          bearerToken: {
            type: "http",
            scheme: "bearer",
            description: "An API token staff create: `Authorization: Bearer <token>`.",
          },
        },
      },
    },
    transform: (document) => {
      if (!documented(document.url)) return { schema: { hide: true }, url: document.url };
      const { schema, url } = jsonSchemaTransform(document);
      const tag = tagOf(url);
      const method = [document.route.method].flat()[0]!;
      return {
        schema: {
          ...(tag ? { tags: [tag] } : {}),
          operationId: operationIdOf(method, url),
          summary: summaryOf(method, url),
          // What the route says of itself wins over what is derived from its URL.
          ...schema,
        },
        url,
      };
    },
    transformObject: (document) =>
      withWebhooks(withoutUnusedInputs(jsonSchemaTransformObject(document))),
  });
}

/**
 * The zod transform lists an input copy (ErrorInput) of every named schema, used or not: only
 * those the operations point at stay.
 */
function withoutUnusedInputs(
  document: ReturnType<typeof jsonSchemaTransformObject>,
): ReturnType<typeof jsonSchemaTransformObject> {
  const { components } = document as { components?: { schemas?: Record<string, unknown> } };
  const schemas = components?.schemas;
  if (!schemas) return document;
  const text = JSON.stringify({ ...document, components: { ...components, schemas: {} } });
  for (const name of Object.keys(schemas)) {
    if (name.endsWith("Input") && !text.includes(`#/components/schemas/${name}"`)) {
      delete schemas[name];
    }
  }
  return document;
}
