import { compileErrors, validate } from "@readme/openapi-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../tests/support/app";
import { webhookEventObjects } from "@shared/schemas/webhook-events";
import { webhookEventTypes } from "@shared/schemas/webhooks";
import { signatureCheck } from "../webhooks/guide";
import { apiTags, tagOf } from "./api-document";

type Operation = {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
};
type Document = {
  openapi: string;
  info: { title: string; version: string };
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
  tags: { name: string; description: string }[];
  webhooks: Record<string, { post: Operation & { requestBody: { content: JsonContent } } }>;
};
type JsonContent = Record<string, { schema: { properties: Record<string, unknown> } }>;

/** A route's URL as the document writes it: /api/tickets/{id}. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, "{$1}");

/** Routes about the API itself, hidden from the document they serve. */
const aboutTheApi = (url: string) => url === "/api/openapi.json" || url.startsWith("/api/docs");

let t: TestApp;
let document: Document;
beforeAll(async () => {
  t = await createTestApp("pglite", { PUBLIC_URL: "https://harborline.example" });
  const response = await t.app.inject({ method: "GET", url: "/api/openapi.json" });
  expect(response.statusCode).toBe(200);
  expect(response.headers["content-type"]).toMatch(/^application\/json/);
  document = response.json();
});
afterAll(() => t.close());

const operations = () =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
  );

describe("the API's OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document, about this site's API", async () => {
    const result = await validate(structuredClone(document) as Parameters<typeof validate>[0]);
    expect(result.valid, result.valid ? "" : compileErrors(result)).toBe(true);
    expect(document.openapi).toBe("3.1.0");
    expect(document.info.title).toBe("Harborline API");
    expect(document.servers).toEqual([{ url: "https://harborline.example" }]);
  });

  it("has every /api route, with an answer documented for success, and nothing else", () => {
    const apiRoutes = t.app.routeTable.filter(
      (route) =>
        route.url.startsWith("/api/") && route.method !== "HEAD" && !aboutTheApi(route.url),
    );
    expect(apiRoutes.length).toBeGreaterThan(150);
    const missing = apiRoutes.filter(
      ({ method, url }) => !document.paths[openApiPath(url)]?.[method.toLowerCase()],
    );
    expect(missing).toEqual([]);
    // Fastify lets a route answer without a response schema: every route here must have one,
    // with a success (2xx) or a redirect (3xx), so the document says what a call gives back.
    const unanswered = apiRoutes
      .filter(({ schema }) => {
        const codes = Object.keys((schema?.response ?? {}) as object);
        return !codes.some((code) => /^[23]/.test(code));
      })
      .map(({ method, url }) => `${method} ${url}`);
    expect(unanswered, "routes with no response schema for success").toEqual([]);
    expect(Object.keys(document.paths).every((path) => path.startsWith("/api/"))).toBe(true);
    expect(Object.keys(document.paths).filter(aboutTheApi)).toEqual([]);
  });

  it("files each operation under one tag, its noun's", () => {
    const declared = Object.keys(apiTags);
    for (const { path, method, operation } of operations()) {
      expect(operation.tags, `${method} ${path}`).toHaveLength(1);
      expect(declared, `${method} ${path}`).toContain(operation.tags![0]);
    }
    expect(tagOf("/api/admin/clients/:id/websites")).toBe("Websites");
    expect(tagOf("/api/admin/leads/:id/convert")).toBe("Leads");
    expect(tagOf("/api/contact")).toBe("Leads");
    expect(tagOf("/api/tickets/attachments/:id/thumbnail")).toBe("Tickets");
    expect(tagOf("/api/admin/clients/:id/members/:userId/invitation")).toBe("Team");
  });

  it("declares the session cookie and bearer tokens, and asks one of them where a guard does", () => {
    expect(document.components.securitySchemes).toEqual({
      sessionCookie: expect.objectContaining({
        type: "apiKey",
        in: "cookie",
        name: "harborline.sid",
      }),
      bearerToken: expect.objectContaining({ type: "http", scheme: "bearer" }),
    });
    const either = [{ sessionCookie: [] }, { bearerToken: [] }];
    for (const { path, method, operation } of operations()) {
      if (path.startsWith("/api/admin/"))
        expect(operation.security, `${method} ${path}`).toEqual(either);
    }
    expect(document.paths["/api/tickets"]!.get!.security).toEqual(either);
    expect(document.paths["/api/contact"]!.post!.security).toBeUndefined();
    expect(document.paths["/api/bookings"]!.post!.security).toBeUndefined();
  });

  it("answers errors in one shape, a component every error answer points at", () => {
    expect(document.components.schemas.Error).toMatchObject({
      type: "object",
      properties: { message: { type: "string" } },
      required: ["message"],
    });
    const error = { $ref: "#/components/schemas/Error" };
    for (const { path, method, operation } of operations()) {
      for (const [code, answer] of Object.entries(operation.responses)) {
        if (!/^[45]/.test(code)) continue;
        const schema = answer.content?.["application/json"]?.schema as
          { $ref?: string; properties?: { message?: unknown } } | undefined;
        // The shape itself, or one that adds to it (a share link's password prompt, say).
        const what = `${method} ${path} ${code}`;
        if (schema?.$ref) expect(schema, what).toEqual(error);
        else expect(schema?.properties?.message, what).toEqual({ type: "string" });
      }
    }
    // Each route's own status codes: a conflict, a not found, the common ones.
    expect(Object.keys(document.paths["/api/admin/clients/{id}"]!.delete!.responses)).toEqual(
      expect.arrayContaining(["204", "404", "409", "400", "401", "403", "429"]),
    );
  });

  it("names every operation with a unique operationId and a one-line summary", () => {
    const ids = new Map<string, string>();
    for (const { path, method, operation } of operations()) {
      const what = `${method} ${path}`;
      expect(operation.operationId, what).toMatch(/^[a-z][A-Za-z0-9]+$/);
      expect(ids.get(operation.operationId!), `${what}: its operationId is taken`).toBeUndefined();
      ids.set(operation.operationId!, what);
      expect(operation.summary, what).toMatch(/^[A-Z][^\n]{4,79}$/);
    }
    // By one rule from the method and the route, unless the route names its own summary.
    expect(document.paths["/api/admin/leads/{kind}/{id}"]!.get).toMatchObject({
      operationId: "getAdminLeadsByKindById",
      summary: "Read a lead",
    });
    expect(document.paths["/api/admin/clients/{id}/websites"]!.post!.summary).toBe(
      "Create a client's website",
    );
    expect(document.paths["/api/admin/invoices/{id}/uncollectible"]!.post!.summary).toBe(
      "Mark an invoice uncollectible",
    );
  });

  it("documents each webhook event, its data the schema of the GET that reads that object", () => {
    expect(Object.keys(document.webhooks)).toEqual([...webhookEventTypes]);
    for (const type of webhookEventTypes) {
      const { route } = webhookEventObjects[type];
      const body = document.webhooks[type]!.post.requestBody.content["application/json"]!.schema;
      expect(body.properties.type, type).toEqual({ type: "string", const: type });
      const answer = document.paths[route]!.get!.responses["200"]!.content!["application/json"]!
        .schema as { properties: { openIncidents: { items: unknown } } };
      const read = route.endsWith("/monitoring") ? answer.properties.openIncidents.items : answer;
      expect(body.properties.data, type).toEqual(read);
      expect(JSON.stringify(read).length, type).toBeGreaterThan(200);
    }
  });

  it("shows integrators how to check a signature in the Webhooks section, and the event log", () => {
    const webhooks = document.tags.find((tag) => tag.name === "Webhooks")!;
    expect(webhooks.description).toContain(signatureCheck);
    expect(webhooks.description).toContain("Harborline-Signature: t=<unix seconds>,v1=");
    expect(document.paths["/api/admin/events"]!.get).toMatchObject({
      tags: ["Webhooks"],
      security: [{ sessionCookie: [] }, { bearerToken: [] }],
    });
  });
});
