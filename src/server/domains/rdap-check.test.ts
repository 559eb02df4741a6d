import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { formatCalendarDate } from "@shared/format";
import {
  createTestDatabase,
  databaseKinds,
  type TestDatabase,
} from "../../../tests/support/database";
import { startRdapStandIn, type RdapStandIn } from "../../../tests/support/rdap-stand-in";
import { openDatabase, type Db } from "../db/client";
import {
  companies,
  companyMembers,
  domains,
  expiryAlerts,
  outboxEmails,
  users,
} from "../db/schema";
import { runMonitorOnce } from "../monitoring/monitor";
import { createRdapClient } from "./rdap";
import { RDAP_CHECK_EVERY_MS, RDAP_RETRY_AFTER_MS, runRdapCheckOnce } from "./rdap-check";
import { listDomains, listStaffDomains, updateDomain } from "./domains";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const start = Date.UTC(2026, 10, 2, 9);
const at = (ms: number) => new Date(start + ms);

describe.each(databaseKinds)("the daily RDAP check (%s)", (kind) => {
  let database: TestDatabase;
  let db: Db;
  let standIn: RdapStandIn;
  let companyId: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = database.db;
    standIn = await startRdapStandIn();
    const [company] = await db.insert(companies).values({ name: "Rivera Bakery" }).returning();
    companyId = company!.id;
    const [owner] = await db
      .insert(users)
      .values({ email: "owner@riverabakery.test", firstName: "Olive" })
      .returning();
    await db.insert(companyMembers).values({ companyId, userId: owner!.id, role: "owner" });
  });
  afterAll(async () => {
    await standIn.close();
    await database.drop();
  });
  afterEach(async () => {
    await db.delete(domains);
    await db.delete(outboxEmails);
    await db.delete(expiryAlerts);
    standIn.domains.clear();
    standIn.requests.length = 0;
  });

  const rdap = () => createRdapClient({ bootstrapUrl: standIn.bootstrapUrl, timeoutMs: 2_000 });
  const pass = (now: Date, on = db) => runRdapCheckOnce({ db: on, rdap: rdap(), now });
  async function addDomain(domain: string, typed?: Date) {
    const [row] = await db
      .insert(domains)
      .values({ companyId, domain, expiresAt: typed ?? null, rdapNextCheckAt: at(0) })
      .returning();
    return row!;
  }
  const rowOf = async (id: string) =>
    (await db.select().from(domains).where(eq(domains.id, id)))[0]!;

  it("keeps the registry's expiry, registrar and status, marked as measured", async () => {
    standIn.domains.set("riverabakery.com", {
      expiresAt: "2027-03-04T04:00:00Z",
      registrar: "GoDaddy.com, LLC",
      status: ["client transfer prohibited"],
    });
    const domain = await addDomain("riverabakery.com", new Date("2026-12-01T00:00:00Z"));
    expect(await pass(at(0))).toEqual({ measured: 1, noServer: 0, failed: 0 });
    expect(await rowOf(domain.id)).toMatchObject({
      measuredExpiresAt: new Date("2027-03-04T04:00:00Z"),
      // The typed date stays, as the fallback.
      expiresAt: new Date("2026-12-01T00:00:00Z"),
      registrar: "GoDaddy.com, LLC",
      registryStatus: ["client transfer prohibited"],
      rdapCheckedAt: at(0),
      rdapError: null,
      rdapNextCheckAt: at(DAY),
    });
  });

  it("leaves the typed date in use for an ending with no RDAP server, and says why", async () => {
    const domain = await addDomain("riverabakery.example", new Date("2027-05-01T00:00:00Z"));
    expect(await pass(at(0))).toEqual({ measured: 0, noServer: 1, failed: 0 });
    expect(await rowOf(domain.id)).toMatchObject({
      measuredExpiresAt: null,
      expiresAt: new Date("2027-05-01T00:00:00Z"),
      rdapError: "No RDAP server for .example domains: the typed expiry date is used",
      rdapNextCheckAt: at(DAY),
    });
  });

  it("records a failed lookup, keeps what was measured, and tries again an hour later", async () => {
    standIn.domains.set("riverabakery.com", { expiresAt: "2027-03-04T04:00:00Z" });
    const domain = await addDomain("riverabakery.com");
    await pass(at(0));
    standIn.domains.set("riverabakery.com", "malformed");
    expect(await pass(at(DAY))).toEqual({ measured: 0, noServer: 0, failed: 1 });
    expect(await rowOf(domain.id)).toMatchObject({
      measuredExpiresAt: new Date("2027-03-04T04:00:00Z"),
      rdapError: 'The expiry date "in a year or so" is no date',
      rdapNextCheckAt: at(DAY + RDAP_RETRY_AFTER_MS),
    });
    // Not before the retry is due.
    await pass(at(DAY + RDAP_RETRY_AFTER_MS - 1));
    expect(standIn.lookupsOf("riverabakery.com")).toBe(2);
    standIn.domains.set("riverabakery.com", { expiresAt: "2028-03-04T04:00:00Z" });
    expect(await pass(at(DAY + RDAP_RETRY_AFTER_MS))).toMatchObject({ measured: 1 });
    expect(await rowOf(domain.id)).toMatchObject({
      measuredExpiresAt: new Date("2028-03-04T04:00:00Z"),
      rdapError: null,
      rdapNextCheckAt: at(DAY + RDAP_RETRY_AFTER_MS + RDAP_CHECK_EVERY_MS),
    });
    expect(standIn.lookupsOf("riverabakery.com")).toBe(3);
  });

  it("records an unknown domain (404) without stopping the pass for the others", async () => {
    standIn.domains.set("b.com", { expiresAt: "2027-01-01T00:00:00Z" });
    const unknown = await addDomain("a.com");
    const known = await addDomain("b.com");
    expect(await pass(at(0))).toEqual({ measured: 1, noServer: 0, failed: 1 });
    expect((await rowOf(unknown.id)).rdapError).toBe("The registry has no record of it (404)");
    expect((await rowOf(known.id)).measuredExpiresAt).toEqual(new Date("2027-01-01T00:00:00Z"));
  });

  it("tells staff why the registry could not be read, and not the portal; no server is no failure", async () => {
    const unknown = await addDomain("a.com");
    const noServer = await addDomain("riverabakery.example", new Date("2031-03-15T00:00:00Z"));
    await pass(at(0));
    const staff = await listStaffDomains(db, companyId, at(0));
    expect(staff.find((domain) => domain.id === unknown.id)?.registryLookupError).toBe(
      "The registry has no record of it (404)",
    );
    expect(staff.find((domain) => domain.id === noServer.id)).toMatchObject({
      expirySource: "typed",
      registryLookupError: null,
    });
    for (const domain of await listDomains(db, companyId, at(0))) {
      expect(domain).not.toHaveProperty("registryLookupError");
    }
  });

  it("checks a domain once a day, and once after days of downtime (no burst)", async () => {
    standIn.domains.set("riverabakery.com", { expiresAt: "2027-03-04T04:00:00Z" });
    await addDomain("riverabakery.com");
    await pass(at(0));
    await pass(at(HOUR));
    await pass(at(DAY - 1));
    expect(standIn.lookupsOf("riverabakery.com")).toBe(1);
    // Down for a week: one lookup on the way back, the next a day after it.
    await pass(at(8 * DAY));
    await pass(at(8 * DAY + HOUR));
    expect(standIn.lookupsOf("riverabakery.com")).toBe(2);
  });

  it("looks a renamed domain up again at once, forgetting the old name's record", async () => {
    standIn.domains.set("old-name.com", { expiresAt: "2027-03-04T04:00:00Z", registrar: "A" });
    const domain = await addDomain("old-name.com", new Date("2026-12-01T00:00:00Z"));
    await pass(at(0));
    await updateDomain(db, domain.id, {
      domain: "new-name.example",
      autoRenew: true,
      expiresAt: "2027-06-01",
    });
    const renamed = await rowOf(domain.id);
    expect(renamed).toMatchObject({
      measuredExpiresAt: null,
      registrar: null,
      registryStatus: [],
      expiresAt: new Date("2027-06-01T00:00:00Z"),
    });
    expect(renamed.rdapNextCheckAt.getTime()).toBeLessThanOrEqual(Date.now());
    // The same name again keeps what was measured.
    standIn.domains.set("same.com", { expiresAt: "2027-03-04T04:00:00Z" });
    const same = await addDomain("same.com");
    await pass(at(0));
    await updateDomain(db, same.id, { domain: "same.com", autoRenew: false, expiresAt: null });
    expect((await rowOf(same.id)).measuredExpiresAt).toEqual(new Date("2027-03-04T04:00:00Z"));
  });

  it("warns at 30, 14 and 7 days of the measured expiry, not the typed one", async () => {
    const days = (count: number) => new Date(start + count * DAY);
    standIn.domains.set("riverabakery.com", { expiresAt: days(14).toISOString() });
    // Typed a year out: alone, it would warn of nothing yet.
    await addDomain("riverabakery.com", days(365));
    const monitor = (now: Date) =>
      runMonitorOnce({
        db,
        settings: { agencyInbox: "staff@example.test", publicUrl: "https://www.example.test" },
        intervalMs: 60_000,
        probe: { allowPrivate: false },
        now,
      });
    await monitor(days(0));
    expect(await db.select().from(outboxEmails)).toEqual([]);
    await pass(days(0));
    await monitor(days(0));
    const warnings = await db.select().from(outboxEmails);
    expect(warnings.map((email) => [email.to, email.subject]).sort()).toEqual([
      ["owner@riverabakery.test", "Domain riverabakery.com expires in 14 days"],
      ["staff@example.test", "Domain riverabakery.com expires in 14 days"],
    ]);
    expect(warnings[0]!.text).toContain(`on ${formatCalendarDate(days(14))}.`);
  });

  it("checks each domain once when two instances pass at the same time", async () => {
    const names = Array.from({ length: 12 }, (_, index) => `shop${index}.com`);
    for (const name of names) {
      standIn.domains.set(name, { expiresAt: "2027-03-04T04:00:00Z" });
      await addDomain(name);
    }
    // On PostgreSQL the second instance has connections of its own, as another server would.
    const second = database.url ? await openDatabase({ url: database.url }) : undefined;
    try {
      for (const now of [at(0), at(HOUR), at(DAY), at(DAY + 1)]) {
        const options = { rdap: rdap(), now, batchSize: 3, concurrency: 2 };
        await Promise.all([
          runRdapCheckOnce({ db, ...options }),
          runRdapCheckOnce({ db: second?.db ?? db, ...options }),
        ]);
      }
    } finally {
      await second?.close();
    }
    // Two days began (at 0 and at DAY): two lookups each, whichever instance made them.
    expect(names.map((name) => standIn.lookupsOf(name))).toEqual(names.map(() => 2));
  });
});
