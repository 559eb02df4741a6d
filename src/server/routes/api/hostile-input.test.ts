import { count, eq, getTableName } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createTestApp, signInAs, type TestApp } from "../../../../tests/support/app";
import {
  aClient,
  aDomain,
  aProject,
  aStaffMember,
  aTicket,
  aWebsite,
} from "../../../../tests/support/factories";
import {
  concreteUrl,
  validBodies,
  webhookAuth,
  webhookSecret,
  type RouteIds,
} from "../../../../tests/support/routes";
import * as schema from "../../db/schema";
import { SESSION_COOKIE } from "../../plugins/session";

/** Strings that have broken other systems: huge, unicode, control characters, SQL and HTML. */
const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: "grapheme", maxLength: 50 }),
  fc.string({ unit: "binary", maxLength: 50 }),
  fc.constantFrom(
    "'; drop table users; --",
    '" OR 1=1 --',
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    '=HYPERLINK("http://evil.example")',
    "\u0000\u0001\u202e\ufeff",
    "𝕳𝖆𝖗𝖇𝖔𝖗 🚢 ∑",
    "x".repeat(70_000),
  ),
);
const hostileValue = fc.oneof(
  hostileString,
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string(), fc.string(), { maxKeys: 3 }),
);
/** Field names of every write route, and keys that attack the object model. */
const fieldName = fc.constantFrom(
  "name",
  "email",
  "subject",
  "message",
  "phone",
  "company",
  "projectType",
  "budget",
  "timeline",
  "description",
  "priority",
  "body",
  "attachmentIds",
  "status",
  "autoRenew",
  "domain",
  "plan",
  "checkUrl",
  "checkKeyword",
  "checkKeywordMustBe",
  "expiresAt",
  "amountCents",
  "billingDay",
  "startsOn",
  "lines",
  "paidOn",
  "method",
  "requestedPlan",
  "enabled",
  "confirmEmail",
  "companyName",
  "firstName",
  "lastName",
  "role",
  "as",
  "website",
  "formStartedAt",
  "panels",
  "password",
  "scopes",
  "expiresInDays",
  "companyId",
  "__proto__",
  "constructor",
  "prototype",
);
const hostileBody = fc.oneof(
  fc.dictionary(fieldName, hostileValue, { maxKeys: 8 }).map((body) => JSON.stringify(body)),
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc.constantFrom('{"__proto__": {"isAdmin": true}}', "{", "[1,2", "null", '""', "\u0000"),
);

/**
 * Text fields that are not refused, by design, and never stored as given: the honeypot takes
 * anything, so a bot cannot tell it was caught; a return address after sign-in is made safe
 * instead (see the sign-in routes); a sign-in link's token is only hashed and looked up, and a
 * bad one lands on the sign-in page like any dead link.
 */
const notRefused = new Set([
  "website",
  "returnTo",
  "token",
  // A received email's text is stored with its control characters taken out: refusing it would
  // lose someone's mail over a stray byte.
  "OriginalRecipient",
  "Subject",
  "MessageID",
  "TextBody",
  "HtmlBody",
  "FromFull",
  "ToFull",
  "CcFull",
  "BccFull",
  "Headers",
  "Attachments",
]);

type JsonProperty = {
  type?: string;
  anyOf?: JsonProperty[];
  enum?: unknown[];
  pattern?: string;
  format?: string;
  textShape?: string;
  properties?: Record<string, JsonProperty>;
  items?: JsonProperty;
};
type TextField = {
  /** Where the field is: ["lines", 0, "description"] for a line's description. */
  path: (string | number)[];
  /** As the error answer names it: lines.0.description. */
  name: string;
  /** Free text, as opposed to a choice, a pattern or a format with a message of its own. */
  free: boolean;
  /** A one-line field (a name, a subject): refuses line breaks. */
  line: boolean;
};
/**
 * The fields of a route's body or query that take text, from the schema the route validates
 * with, inside objects and (at the first item) lists too.
 */
function textFields(schema: unknown): TextField[] {
  const json = z.toJSONSchema(schema as z.ZodType, { io: "input", unrepresentable: "any" });
  const walk = (properties: Record<string, JsonProperty>, at: (string | number)[]): TextField[] =>
    Object.entries(properties).flatMap(([name, property]) => {
      if (notRefused.has(name)) return [];
      const kinds = property.anyOf ?? [property];
      const path = [...at, name];
      const nested = kinds.flatMap((kind) => [
        ...(kind.properties ? walk(kind.properties, path) : []),
        ...(kind.items?.properties ? walk(kind.items.properties, [...path, 0]) : []),
      ]);
      if (!kinds.some((kind) => kind.type === "string")) return nested;
      const field = {
        path,
        name: path.join("."),
        free: !property.anyOf && !property.enum && !property.pattern && !property.format,
        line: kinds.some((kind) => kind.textShape === "line"),
      };
      return [field, ...nested];
    });
  return walk((json.properties ?? {}) as Record<string, JsonProperty>, []);
}
/** A copy of a body with the value at a path replaced. */
function withValue(body: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [key, ...rest] = path;
  const copy = (Array.isArray(body) ? [...body] : { ...(body as object) }) as Record<
    string | number,
    unknown
  >;
  copy[key!] = withValue(copy[key!], rest, value);
  return copy;
}
/** The value at a path of a body. */
const valueAt = (body: unknown, path: (string | number)[]): unknown =>
  path.reduce<unknown>((value, key) => (value as Record<string | number, unknown>)?.[key], body);
/** A NUL after the first character: PostgreSQL refuses it in text, so it must not get there. */
const withNul = (value: unknown) => {
  const text = typeof value === "string" && value ? value : "Some text";
  return `${text.slice(0, 1)}\u0000${text.slice(1)}`;
};

const counted = [
  schema.users,
  schema.companies,
  schema.companyMembers,
  schema.websites,
  schema.domains,
  schema.supportTickets,
  schema.ticketMessages,
  schema.leads,
  schema.billingAccounts,
  schema.recurringPlans,
  schema.planChangeRequests,
  schema.invoices,
  schema.payments,
  schema.leadNotes,
  schema.outboxEmails,
  schema.loginTokens,
  schema.auditEvents,
  schema.usageTokens,
  schema.apiTokens,
  schema.heartbeats,
  schema.webhookEndpoints,
  schema.webhookDeliveries,
  schema.shareLinks,
  schema.bandwidthUsage,
  schema.ticketAttachments,
];

const staffEmail = "avery@harborline.example";

describe("hostile input on every write route", () => {
  let t: TestApp;
  let staff: string;
  let client: string;
  const ids = {} as RouteIds;

  beforeAll(async () => {
    t = await createTestApp("pglite", {
      ADMIN_EMAILS: staffEmail,
      API_RATE_LIMIT: "1000000",
      FORM_RATE_LIMIT: "1000000",
      INBOUND_WEBHOOK_SECRET: webhookSecret,
    });
    const { db } = t.database;
    await aStaffMember(db, { email: staffEmail });
    // A client with a website, a domain, a ticket and a project for the routes that name one;
    // the others are sent an id of no row of theirs (the client's own), and refuse before that.
    const { company, owner } = await aClient(db);
    const site = await aWebsite(db, company.id);
    const project = await aProject(db, company.id);
    const [milestone] = await db
      .select()
      .from(schema.projectMilestones)
      .where(eq(schema.projectMilestones.projectId, project.id));
    staff = await signInAs(t, staffEmail);
    client = await signInAs(t, owner.email);
    ids.website = site.id;
    ids.domain = (await aDomain(db, company.id)).id;
    ids.ticket = (await aTicket(db, owner, company.id)).id;
    ids.project = project.id;
    ids.milestone = milestone!.id;
    ids.client = company.id;
    ids.member = owner.id;
    ids.usage = { website: site.id, token: owner.id };
    ids.lead = owner.id;
    ids.proposal = owner.id;
    ids.version = owner.id;
    ids.plan = owner.id;
    ids.planRequests = { approve: owner.id, decline: owner.id };
    ids.invoices = {
      issue: owner.id,
      delete: owner.id,
      void: owner.id,
      uncollectible: owner.id,
      payments: owner.id,
      read: owner.id,
    };
  });
  afterAll(() => t.close());

  async function rowCounts() {
    const entries = await Promise.all(
      counted.map(async (table) => {
        const [row] = await t.database.db.select({ n: count() }).from(table);
        return [getTableName(table), row!.n] as const;
      }),
    );
    return Object.fromEntries(entries);
  }

  const auditCount = async () =>
    (await t.database.db.select({ n: count() }).from(schema.auditEvents))[0]!.n;

  /** Every stored row, to prove a refused request changed nothing. */
  async function storedRows() {
    const tables = await Promise.all(counted.map((table) => t.database.db.select().from(table)));
    return Object.fromEntries(
      counted.map((table, i) => [getTableName(table), JSON.stringify(tables[i])]),
    );
  }

  it("never answers 5xx, and stores nothing when it answers 4xx", async () => {
    const writeRoutes = t.app.routeTable.filter(
      (route) =>
        ["POST", "PUT", "PATCH", "DELETE"].includes(route.method) &&
        // Demo sign-in takes no body worth fuzzing; logout would end the sessions used here.
        !["/api/login/demo", "/api/logout"].includes(route.url),
    );
    expect(writeRoutes.length).toBeGreaterThanOrEqual(15);
    for (const route of writeRoutes) {
      const url = concreteUrl(route.url, ids);
      const cookie = url.startsWith("/api/admin") ? staff : client;
      await fc.assert(
        fc.asyncProperty(hostileBody, async (payload) => {
          const before = await rowCounts();
          const response = await t.app.inject({
            method: route.method as "POST",
            url,
            cookies: { [SESSION_COOKIE]: cookie },
            headers: { "content-type": "application/json", ...webhookAuth(route.url) },
            payload,
          });
          expect(
            response.statusCode,
            `${route.method} ${url} ${payload.slice(0, 200)}`,
          ).toBeLessThan(500);
          if (response.statusCode >= 400) {
            expect(
              await rowCounts(),
              `${route.method} ${url} stored on ${response.statusCode}`,
            ).toEqual(before);
            expect(response.json().message).toEqual(expect.any(String));
          }
          expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
        }),
        { numRuns: 20, seed: 20261121 },
      );
    }
    // Every write route, 20 bodies each, beside the other suites on a shared two-core machine:
    // about 80 s when quiet, over 240 s in CI beside the API fuzzer.
  }, 480_000);

  type Where = "body" | "query";
  /**
   * Sends each route's valid body (or no query) with one text field spoiled, for every text field
   * of every route: expects 400 naming the field, nothing stored, and no audit row either.
   */
  async function walkTextFields(options: {
    where: Where[];
    only?: (field: TextField) => boolean;
    spoil: (given: unknown) => string;
    message: (field: TextField, message: string, what: string) => void;
  }): Promise<string[]> {
    const checked: string[] = [];
    for (const route of t.app.routeTable) {
      const { body, querystring } = route.schema ?? {};
      // HEAD answers without a body: its GET shows the message.
      if ((!body && !querystring) || route.method === "HEAD") continue;
      const url = concreteUrl(route.url, ids);
      const cookie = url.startsWith("/api/admin") ? staff : client;
      const valid = validBodies[`${route.method} ${route.url}`];
      if (body) {
        expect(valid, `a valid body for ${route.method} ${route.url}`).toBeDefined();
        // The valid body passes, so the spoiled field is the only thing wrong below.
        expect((body as z.ZodType).safeParse(valid).success).toBe(true);
      }
      const fields = (where: Where, schema: unknown) =>
        options.where.includes(where) && schema
          ? textFields(schema)
              .filter((field) => options.only?.(field) ?? true)
              .map((field) => ({ field, where }))
          : [];
      for (const { field, where } of [...fields("body", body), ...fields("query", querystring)]) {
        const value = options.spoil(where === "body" ? valueAt(valid, field.path) : undefined);
        const before = await storedRows();
        const audited = await auditCount();
        const n = checked.length;
        const response = await t.app.inject({
          method: route.method as "POST",
          url,
          // An address of its own, so no rate limit answers before validation does.
          remoteAddress: `10.12.${Math.floor(n / 250)}.${(n % 250) + 1}`,
          cookies: { [SESSION_COOKIE]: cookie },
          headers: webhookAuth(route.url),
          ...(where === "body"
            ? { payload: withValue(valid, field.path, value) as Record<string, unknown> }
            : { query: { [field.name]: value } }),
        });
        const what = `${route.method} ${route.url} ${where} ${field.name}`;
        expect(response.statusCode, what).toBe(400);
        const message = response.json().errors?.[field.name];
        expect(message, what).toEqual(expect.any(String));
        if (field.free) options.message(field, message, what);
        expect(await storedRows(), `${what} stored nothing`).toEqual(before);
        expect(await auditCount(), `${what} audited nothing`).toBe(audited);
        checked.push(what);
      }
    }
    return checked;
  }

  it("refuses a NUL in any text field of a body or a query with 400 naming the field", async () => {
    const checked = await walkTextFields({
      where: ["body", "query"],
      spoil: withNul,
      message: (_field, message, what) =>
        expect(message, what).toMatch(/ must not contain control characters$/),
    });
    // The public forms' fields, and those inside a list, are among those walked.
    expect(checked).toEqual(
      expect.arrayContaining([
        "POST /api/contact body message",
        "POST /api/apply body description",
        "GET /api/admin/leads query q",
        "POST /api/admin/invoices body lines.0.description",
      ]),
    );
  }, 120_000);

  it("refuses a lone UTF-16 surrogate in any text field of a body, storing and auditing nothing", async () => {
    // Only a JSON body can carry one: a query's %ED%BF%BF is decoded as U+FFFD.
    const checked = await walkTextFields({
      where: ["body"],
      spoil: (given) => `${typeof given === "string" && given ? given : "Biz"}\udfff`,
      message: (_field, message, what) =>
        expect(message, what).toMatch(/ must not contain broken characters /),
    });
    expect(checked).toEqual(
      expect.arrayContaining([
        "POST /api/admin/clients/:id/websites body plan",
        "POST /api/admin/tickets/:id/messages body body",
        "POST /api/admin/clients body companyName",
        "POST /api/admin/invoices body lines.0.description",
        "POST /api/admin/proposals body title",
        "POST /api/proposals/:id/accept body signedName",
        "POST /api/proposals/:id/decline body reason",
      ]),
    );
  }, 120_000);

  it("refuses line breaks in every one-line field: names, subjects, titles", async () => {
    const checked = await walkTextFields({
      where: ["body", "query"],
      only: (field) => field.line,
      spoil: (given) =>
        `${typeof given === "string" && given ? given : "Some text"}\r\nBcc: x@example.com`,
      message: (_field, message, what) =>
        expect(message, what).toMatch(/ must be on one line: remove the line breaks$/),
    });
    expect(checked).toEqual(
      expect.arrayContaining([
        "POST /api/contact body name",
        "POST /api/contact body subject",
        "POST /api/tickets body subject",
        "POST /api/admin/clients body companyName",
        "POST /api/admin/clients/:id/websites body plan",
        "POST /api/admin/proposals body title",
      ]),
    );
  }, 120_000);

  it("refuses names made only of invisible characters in every one-line field", async () => {
    // Zero-width space and joiner, a right-to-left override, an isolate, a Hangul filler.
    const invisible = "\u200b\u202e\u2066\u200d\u3164".repeat(4);
    const checked = await walkTextFields({
      where: ["body", "query"],
      only: (field) => field.line,
      spoil: () => invisible,
      message: (_field, message, what) =>
        expect(message, what).toMatch(/ must contain visible characters, not only spaces/),
    });
    expect(checked).toEqual(
      expect.arrayContaining([
        "POST /api/contact body name",
        "POST /api/admin/clients body companyName",
        "PATCH /api/account body firstName",
        "POST /api/team/members body firstName",
      ]),
    );
  }, 120_000);
});
