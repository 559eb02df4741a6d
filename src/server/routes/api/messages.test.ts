import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createTestApp } from "../../../../tests/support/app";

/*
 * What people and API clients send us must be refused in words written for them, naming the
 * field and what to do. What counts as sent is found, not listed: every body, query and path a
 * route checks (and the objects within them), and every shared schema no route answers with (a
 * form's own, say). A new schema is checked the day it is written; an answer never is.
 */

const exported = import.meta.glob<Record<string, unknown>>(
  ["../../../shared/schemas/*.ts", "!../../../shared/schemas/*.test.ts"],
  { eager: true },
);

/** The route table is the app's: built once, on the embedded database, with nothing in it. */
const t = await createTestApp("pglite");
afterAll(() => t.close());

type Def = Record<string, unknown> & { shape?: Record<string, unknown>; options?: unknown[] };

/**
 * Calls `visit` with the schema and every schema inside it (fields, list items, options, wrapped
 * and piped ones), each with where it is: "body.lines[]" for an invoice's line.
 */
function walk(
  schema: unknown,
  at: string,
  visit: (schema: z.ZodType, at: string) => void,
  seen = new Set<unknown>(),
) {
  if (!(schema instanceof z.ZodType) || seen.has(schema)) return;
  seen.add(schema);
  visit(schema, at);
  const def = schema._zod.def as unknown as Def;
  for (const key of ["innerType", "in", "out", "keyType", "valueType", "left", "right"]) {
    walk(def[key], at, visit, seen);
  }
  walk(def.element, `${at}[]`, visit, seen);
  for (const option of def.options ?? []) walk(option, at, visit, seen);
  for (const [field, inner] of Object.entries(def.shape ?? {})) {
    walk(inner, `${at}.${field}`, visit, seen);
  }
}

const routes = t.app.routeTable.filter((route) => route.method !== "HEAD");
const parts = (schema: unknown) =>
  (schema ?? {}) as Partial<Record<"body" | "querystring" | "params", unknown>> & {
    response?: Record<string, unknown>;
  };

/** What routes answer with, and inside it. */
const answered = new Set<z.ZodType>();
for (const { schema } of routes) {
  for (const answer of Object.values(parts(schema).response ?? {})) {
    walk(answer, "", (inner) => answered.add(inner));
  }
}
/** Every object people send, by where it is first met. */
const sent = new Map<z.ZodObject, string>();
const isSent = (schema: z.ZodType, at: string) => {
  if (schema instanceof z.ZodObject && !sent.has(schema)) sent.set(schema, at);
};
for (const { method, url, schema } of routes) {
  for (const where of ["body", "querystring", "params"] as const) {
    walk(parts(schema)[where], `${method} ${url} ${where}`, isSent);
  }
}
for (const [file, module] of Object.entries(exported)) {
  for (const [name, value] of Object.entries(module)) {
    if (value instanceof z.ZodType && !answered.has(value)) {
      walk(value, `${name} (${file.split("/").pop()})`, (inner, at) => {
        if (!answered.has(inner)) isSent(inner, at);
      });
    }
  }
}

/** Wrong types, out-of-range numbers and dates, too-long text, control characters. */
const wrongValues: unknown[] = [
  null,
  true,
  123,
  -1,
  1.5,
  1e308,
  -1e308,
  "abc",
  "",
  "0000-01-01",
  "x".repeat(6000),
  "\u0000",
  {},
  [],
];

/** zod's own words, which name neither the field nor what to do. */
const zodDefault = /Invalid input|Invalid option|Too small|Too big|expected|received/i;

describe("what people send us is refused in words written for them", () => {
  it("finds every route's body, query and path, the objects inside them, and the forms' own", () => {
    for (const { method, url, schema } of routes) {
      for (const where of ["body", "querystring", "params"] as const) {
        const checked: z.ZodType[] = [];
        walk(parts(schema)[where], "", (inner) => {
          if (sent.has(inner as z.ZodObject)) checked.push(inner);
        });
        if (parts(schema)[where]) expect(checked, `${method} ${url} ${where}`).not.toEqual([]);
      }
    }
    expect([...sent.values()]).toEqual(
      expect.arrayContaining([
        "POST /api/contact body",
        "POST /api/admin/invoices body.lines[]",
        "GET /api/admin/leads querystring",
        "contactSchema (leads.ts)",
      ]),
    );
  });

  it.each([...sent].map(([schema, at]) => [at, schema] as const))("%s", (_at, schema) => {
    for (const [field, rule] of Object.entries(schema.shape)) {
      for (const value of [undefined, ...wrongValues]) {
        const result = (rule as z.ZodType).safeParse(value);
        for (const issue of result.error?.issues ?? []) {
          expect(issue.message, `${field} = ${JSON.stringify(value)?.slice(0, 20)}`).not.toMatch(
            zodDefault,
          );
        }
      }
    }
  });
});
