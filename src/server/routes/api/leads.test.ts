import { randomInt } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../../tests/support/app";
import { databaseKinds } from "../../../../tests/support/database";
import { leadReferencePattern } from "@shared/schemas/leads";
import { leads } from "../../db/schema";

const validContact = {
  name: "Maria Lopez",
  email: "maria@lopezflorals.example",
  subject: "New website for our flower shop",
  message: "We need a site with online ordering before Valentine's Day.",
};

const validApplication = {
  name: "Dev Patel",
  email: "dev@harborcoffee.example",
  phone: "(253) 555-0199",
  company: "Harbor Coffee Co.",
  projectType: "app",
  budget: "15k-50k",
  timeline: "3-6months",
  description: "A loyalty app for our three coffee shops with mobile ordering.",
};

describe.each(databaseKinds)("lead APIs on %s", (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.database.db.delete(leads);
  });

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: "POST",
      url,
      headers: { "content-type": "application/json", ...headers },
      payload: typeof payload === "string" ? payload : JSON.stringify(payload),
    });

  async function storedLeads() {
    const [stored] = await t.database.db.select({ n: count() }).from(leads);
    return stored?.n ?? 0;
  }

  describe("POST /api/contact", () => {
    it("stores a valid message and answers 201 with its id and reference", async () => {
      const response = await post("/api/contact", {
        ...validContact,
        name: "  Maria Lopez  ",
        isAdmin: true,
        status: "won",
      });
      expect(response.statusCode).toBe(201);
      const body = response.json<{ id: string; reference: string }>();
      expect(Object.keys(body).sort()).toEqual(["id", "reference"]);
      expect(body.reference).toMatch(leadReferencePattern);

      const [row] = await t.database.db.select().from(leads).where(eq(leads.id, body.id));
      expect(row).toMatchObject({
        ...validContact,
        kind: "contact",
        reference: body.reference,
        status: "new",
        phone: null,
        company: null,
        projectType: null,
        description: null,
      });
      expect(row?.createdAt).toBeInstanceOf(Date);
    });

    it.each([
      ["name", "A", "Name must be at least 2 characters"],
      ["name", "   Al   ".replace("Al", "A"), "Name must be at least 2 characters"],
      ["email", "not-an-email", "Invalid email address"],
      ["email", "maria@", "Invalid email address"],
      ["subject", "Hey", "Subject must be at least 5 characters"],
      ["message", "Too short", "Message must be at least 10 characters"],
      ["message", 12345678901, "Message must be at least 10 characters"],
      ["name", "x".repeat(101), "Name must be at most 100 characters"],
      ["message", "x".repeat(5001), "Message must be at most 5,000 characters"],
    ])("refuses %s = %j with its message, storing nothing", async (field, value, message) => {
      const response = await post("/api/contact", { ...validContact, [field]: value });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: expect.any(String),
        errors: { [field]: message },
      });
      expect(await storedLeads()).toBe(0);
    });

    it("names every missing field with the form's message", async () => {
      const response = await post("/api/contact", {});
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({
        name: "Name must be at least 2 characters",
        email: "Invalid email address",
        subject: "Subject must be at least 5 characters",
        message: "Message must be at least 10 characters",
      });
    });
  });

  describe("POST /api/apply", () => {
    it("stores a full application and answers 201", async () => {
      const response = await post("/api/apply", validApplication);
      expect(response.statusCode).toBe(201);
      const { id, reference } = response.json<{ id: string; reference: string }>();
      expect(reference).toMatch(leadReferencePattern);
      const [row] = await t.database.db.select().from(leads).where(eq(leads.id, id));
      expect(row).toMatchObject({
        ...validApplication,
        kind: "application",
        reference,
        status: "new",
        subject: null,
        message: null,
      });
    });

    it("stores optional fields left empty as absent", async () => {
      const response = await post("/api/apply", {
        ...validApplication,
        phone: "",
        company: "  ",
        budget: "",
        timeline: "",
      });
      expect(response.statusCode).toBe(201);
      const [row] = await t.database.db.select().from(leads);
      expect(row).toMatchObject({ phone: null, company: null, budget: null, timeline: null });
    });

    it("accepts every option value of the form's selects", async () => {
      const options = [
        ["website", "<5k", "asap"],
        ["hosting", "5k-15k", "1-3months"],
        ["maintenance", "50k-100k", "6months+"],
        ["other", ">100k", "flexible"],
        ["app", "not-sure", "3-6months"],
      ];
      for (const [projectType, budget, timeline] of options) {
        const response = await post("/api/apply", {
          ...validApplication,
          projectType,
          budget,
          timeline,
        });
        expect(response.statusCode, `${projectType} ${budget} ${timeline}`).toBe(201);
      }
      expect(await storedLeads()).toBe(options.length);
    });

    it.each([
      ["name", "J", "Name must be at least 2 characters"],
      ["email", "dev at harborcoffee", "Invalid email address"],
      ["projectType", "", "Please select a project type"],
      ["projectType", "spaceship", "Please select a project type"],
      ["budget", "a lot", "Please choose one of the budget options"],
      ["timeline", "yesterday", "Please choose one of the timeline options"],
      [
        "description",
        "Need an app soon.",
        "Please provide at least 20 characters describing your project",
      ],
      ["phone", "5".repeat(41), "Phone number must be at most 40 characters"],
      ["company", "C".repeat(201), "Company name must be at most 200 characters"],
    ])("refuses %s = %j with its message, storing nothing", async (field, value, message) => {
      const response = await post("/api/apply", { ...validApplication, [field]: value });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: expect.any(String),
        errors: { [field]: message },
      });
      expect(await storedLeads()).toBe(0);
    });
  });

  describe.each(["/api/contact", "/api/apply"])("bad requests to %s", (url) => {
    it("answers 415 to a body that is not JSON", async () => {
      const response = await post(url, "name=Maria", {
        "content-type": "application/x-www-form-urlencoded",
      });
      expect(response.statusCode).toBe(415);
      expect(response.json().message).toMatch(/application\/json/);
      const plain = await post(url, JSON.stringify(validContact), { "content-type": "text/plain" });
      expect(plain.statusCode).toBe(415);
      expect(await storedLeads()).toBe(0);
    });

    it("answers 400 to malformed JSON", async () => {
      const response = await post(url, '{"name": "Maria",');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: "The request body is not valid JSON." });
      expect(await storedLeads()).toBe(0);
    });

    it("answers 400 to a body that is not an object", async () => {
      for (const payload of ["[]", "null", '"hello"', "42"]) {
        const response = await post(url, payload);
        expect(response.statusCode, payload).toBe(400);
        expect(response.json().message).toEqual(expect.any(String));
      }
      const empty = await t.app.inject({ method: "POST", url });
      expect(empty.statusCode).toBe(400);
      expect(await storedLeads()).toBe(0);
    });

    it("answers 413 to a body over the limit", async () => {
      const response = await post(url, {
        ...validApplication,
        ...validContact,
        message: "x".repeat(40_000),
        description: "x".repeat(40_000),
      });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ message: "The request body is too large." });
      expect(await storedLeads()).toBe(0);
    });

    it("ignores prototype-pollution keys", async () => {
      const payload = `{"__proto__": {"isAdmin": true}, "constructor": {"prototype": {"x": 1}}, ${JSON.stringify(
        { ...validApplication, ...validContact },
      ).slice(1)}`;
      const response = await post(url, payload);
      expect([201, 400]).toContain(response.statusCode);
      expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    });
  });

  it("GET /api/auth/user answers 401 while nobody can sign in", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/auth/user" });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: "Unauthorized" });
  });

  it("answers an unknown API path with a JSON 404", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/nothing-here" });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toMatch(/Not found/);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

const rateLimitStores: [string, NodeJS.ProcessEnv][] = [["in memory", {}]];
if (redisUrl) rateLimitStores.push(["in Redis", { REDIS_URL: redisUrl }]);

describe.each(rateLimitStores)("the lead forms' rate limit, kept %s", (_store, env) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("pglite", { FORM_RATE_LIMIT: "10", ...env });
  });
  afterAll(() => t.close());

  // Redis keeps counts across test runs for the window: a fresh address each run.
  const address = () => `10.${randomInt(1, 255)}.${randomInt(255)}.${randomInt(255)}`;
  const post = (url: string, payload: unknown, remoteAddress: string) =>
    t.app.inject({
      method: "POST",
      url,
      remoteAddress,
      headers: { "content-type": "application/json" },
      payload: JSON.stringify(payload),
    });

  it("counts contact messages and applications together against FORM_RATE_LIMIT", async () => {
    const sender = address();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const [url, payload] =
        i % 2 === 0 ? ["/api/contact", validContact] : ["/api/apply", validApplication];
      statuses.push((await post(url, payload, sender)).statusCode);
    }
    expect(statuses).toEqual(Array(10).fill(201));
    const contact = await post("/api/contact", validContact, sender);
    expect(contact.statusCode).toBe(429);
    expect(Number(contact.headers["retry-after"])).toBeGreaterThan(0);
    expect((await post("/api/apply", validApplication, sender)).statusCode).toBe(429);
    // Another address has its own count.
    expect((await post("/api/apply", validApplication, address())).statusCode).toBe(201);
  });
});
