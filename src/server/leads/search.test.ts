import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leadListQuerySchema } from "@shared/schemas/leads";
import {
  createTestDatabase,
  databaseKinds,
  type TestDatabase,
} from "../../../tests/support/database";
import { aLead } from "../../../tests/support/factories";
import { queryRows } from "../db/client";
import { leadPageQuery, listLeads } from "./inbox";

describe.each(databaseKinds)("the leads inbox's search (%s)", (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const db = database.db;
    await aLead(db, {
      kind: "contact",
      name: "Quinn Marlowe",
      email: "quinn@saltworks.example",
      subject: "Lighthouse tours booking",
      message: "Our ferry timetable should be on every page.",
    });
    await aLead(db, {
      kind: "application",
      name: "Ines Okafor",
      email: "ines@kelpfarm.example",
      company: "Bladderwrack & Sons",
      projectType: "maintenance",
      description: "Keep our seaweed shop's catalogue up to date, 100% of it.",
    });
  });
  afterAll(() => database.drop());

  const names = async (q: string) =>
    (await listLeads(database.db, leadListQuerySchema.parse({ q }))).items.map((l) => l.name);

  it.each([
    ["the name", "marlowe", ["Quinn Marlowe"]],
    ["the email", "KELPFARM", ["Ines Okafor"]],
    ["the company", "wrack & so", ["Ines Okafor"]],
    ["a message's subject", "lighthouse tour", ["Quinn Marlowe"]],
    ["an application's project type", "maintenance", ["Ines Okafor"]],
    ["a message", "ferry timetable", ["Quinn Marlowe"]],
    ["an application's description", "seaweed shop", ["Ines Okafor"]],
  ])("finds a lead by %s", async (_column, q, expected) => {
    expect(await names(q)).toEqual(expected);
  });

  it("matches within one field, not across two joined", async () => {
    // The name's end and the email's start, side by side in the index's text.
    expect(await names("marlowe quinn")).toEqual([]);
    expect(await names("okafor ines")).toEqual([]);
  });

  it("finds by one or two characters, and takes % and _ literally", async () => {
    expect(await names("q")).toEqual(["Quinn Marlowe"]);
    expect(await names("fo")).toEqual(["Ines Okafor"]);
    expect(await names("0%")).toEqual(["Ines Okafor"]);
    expect(await names("%")).toEqual(["Ines Okafor"]);
    expect(await names("_")).toEqual([]);
    expect(await names("zz")).toEqual([]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("the leads search's plan on PostgreSQL", () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    // A few thousand leads, then one to find.
    await database.db.execute(sql`
      insert into leads (kind, reference, name, email, subject, message, created_at)
      select 'contact', 'HL-' || lpad(n::text, 5, '0'), 'Person ' || n, 'person' || n || '@example.com',
             'Website number ' || n, 'A message about shop ' || n || ' and its menu.',
             now() - n * interval '1 hour'
        from generate_series(1, 5000) as n`);
    await aLead(database.db, { kind: "contact", name: "Quinn Marlowe", message: "Ferry times." });
    // As autovacuum would: a GIN index's statistics are written by VACUUM, and without them the
    // planner guesses the index costly.
    await database.db.execute(sql`vacuum analyze leads`);
  });
  afterAll(() => database.drop());

  const plan = async (q: string) =>
    (
      await queryRows<{ "QUERY PLAN": string }>(
        database.db,
        sql`explain ${leadPageQuery(leadListQuerySchema.parse({ q }))}`,
      )
    )
      .map((row) => row["QUERY PLAN"])
      .join("\n");

  it("reads a search through the trigram index", async () => {
    expect(await plan("marlowe")).toContain("Bitmap Index Scan on leads_search_text_trgm");
    const found = await listLeads(database.db, leadListQuerySchema.parse({ q: "marlowe" }));
    expect(found.items.map((lead) => lead.name)).toEqual(["Quinn Marlowe"]);
    expect(found.total).toBe(1);
  });
});
