import { count, getTableName } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signInAs, type TestApp } from "../../../../tests/support/app";
import * as schema from "../../db/schema";
import { demoAdminEmail, demoClientEmail, seedDemoData } from "../../db/seed";
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
  "status",
  "autoRenew",
  "domain",
  "plan",
  "monthlyVisitors",
  "uptimePercent",
  "bandwidthGb",
  "expiresAt",
  "monthlyCostCents",
  "cardLast4",
  "cardBrand",
  "confirmEmail",
  "as",
  "website",
  "formStartedAt",
  "__proto__",
  "constructor",
  "prototype",
);
const hostileBody = fc.oneof(
  fc.dictionary(fieldName, hostileValue, { maxKeys: 8 }).map((body) => JSON.stringify(body)),
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc.constantFrom('{"__proto__": {"isAdmin": true}}', "{", "[1,2", "null", '""', "\u0000"),
);

const counted = [
  schema.users,
  schema.websites,
  schema.domains,
  schema.supportTickets,
  schema.ticketMessages,
  schema.contactMessages,
  schema.quoteRequests,
  schema.billingAccounts,
  schema.leadNotes,
  schema.outboxEmails,
  schema.loginTokens,
];

describe("hostile input on every write route", () => {
  let t: TestApp;
  let staff: string;
  let client: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp("pglite", {
      ADMIN_EMAILS: demoAdminEmail,
      API_RATE_LIMIT: "1000000",
      FORM_RATE_LIMIT: "1000000",
    });
    await seedDemoData(t.database.db);
    staff = await signInAs(t, demoAdminEmail);
    client = await signInAs(t, demoClientEmail);
    const [site] = await t.database.db.select().from(schema.websites);
    const [domain] = await t.database.db.select().from(schema.domains);
    const [ticket] = await t.database.db.select().from(schema.supportTickets);
    const [user] = await t.database.db.select().from(schema.users);
    ids.website = site!.id;
    ids.domain = domain!.id;
    ids.ticket = ticket!.id;
    ids.user = user!.id;
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

  /** A real id for each path parameter, so a body reaches the handler's validation. */
  function concreteUrl(url: string): string {
    return url
      .replace("/api/admin/leads/:kind/:id", `/api/admin/leads/contact/${ids.user}`)
      .replace("/api/admin/websites/:id", `/api/admin/websites/${ids.website}`)
      .replace("/api/admin/domains/:id", `/api/admin/domains/${ids.domain}`)
      .replace("/api/domains/:id", `/api/domains/${ids.domain}`)
      .replace(
        /\/api\/(admin\/)?tickets\/:id/,
        (_m, admin = "") => `/api/${admin}tickets/${ids.ticket}`,
      )
      .replace("/api/admin/clients/:id", `/api/admin/clients/${ids.user}`);
  }

  it("never answers 5xx, and stores nothing when it answers 4xx", async () => {
    const writeRoutes = t.app.routeTable.filter(
      (route) =>
        ["POST", "PUT", "PATCH", "DELETE"].includes(route.method) &&
        route.url !== "/api/login/demo",
    );
    expect(writeRoutes.length).toBeGreaterThanOrEqual(15);
    for (const route of writeRoutes) {
      const url = concreteUrl(route.url);
      const cookie = url.startsWith("/api/admin") ? staff : client;
      await fc.assert(
        fc.asyncProperty(hostileBody, async (payload) => {
          const before = await rowCounts();
          const response = await t.app.inject({
            method: route.method as "POST",
            url,
            cookies: { [SESSION_COOKIE]: cookie },
            headers: { "content-type": "application/json" },
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
  }, 240_000);
});
