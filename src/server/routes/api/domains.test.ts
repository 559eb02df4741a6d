import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  callApi,
  companyOf,
  createTestApp,
  signInAs,
  type TestApp,
  type CallArgs,
} from "../../../../tests/support/app";
import { databaseKinds } from "../../../../tests/support/database";
import { startRdapStandIn, type RdapStandIn } from "../../../../tests/support/rdap-stand-in";
import { domains } from "../../db/schema";

const staffEmail = "staff@harborline.example";
const clientEmail = "owner@riverabakery.test";

describe.each(databaseKinds)("domains measured by RDAP, through the API on %s", (kind) => {
  let t: TestApp;
  let standIn: RdapStandIn;
  let staff: string;
  let client: string;
  let clientPage: string;

  beforeAll(async () => {
    standIn = await startRdapStandIn();
    standIn.domains.set("riverabakery.com", {
      expiresAt: "2027-03-04T04:00:00Z",
      registrar: "GoDaddy.com, LLC",
      status: ["client transfer prohibited"],
    });
    // The app's own worker, on the stand-in's bootstrap file; its first pass runs at start.
    t = await createTestApp(
      kind,
      { ADMIN_EMAILS: staffEmail, RDAP_BOOTSTRAP_URL: standIn.bootstrapUrl },
      { rdap: { passMs: 100 } },
    );
    staff = await signInAs(t, staffEmail);
    client = await signInAs(t, clientEmail);
    clientPage = `/api/admin/clients/${await companyOf(t, clientEmail)}`;
  });
  afterAll(async () => {
    await t.close();
    await standIn.close();
  });

  const call = (...args: CallArgs) => callApi(t, ...args);
  /** The client's list once the worker has been at a domain (or after 5 s, to fail plainly). */
  async function domainsOnceChecked(name: string) {
    for (let tries = 0; tries < 100; tries++) {
      const [row] = await t.database.db.select().from(domains).where(eq(domains.domain, name));
      if (row?.rdapCheckedAt) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return (await call(client, "GET", "/api/domains")).json() as Record<string, unknown>[];
  }

  it("answers with the registry's expiry, marked measured, with registrar and status", async () => {
    const added = await call(staff, "POST", `${clientPage}/domains`, {
      domain: "RiveraBakery.com",
      autoRenew: true,
      expiresAt: "2026-12-01",
    });
    expect(added.statusCode).toBe(200);
    // Before the lookup: the typed date, said to be typed.
    expect(added.json().domains).toEqual([
      expect.objectContaining({
        domain: "riverabakery.com",
        expiresAt: "2026-12-01T00:00:00.000Z",
        expirySource: "typed",
        typedExpiresAt: "2026-12-01T00:00:00.000Z",
        registrar: null,
        registryStatus: [],
      }),
    ]);

    const list = await domainsOnceChecked("riverabakery.com");
    expect(list).toEqual([
      {
        id: expect.any(String),
        domain: "riverabakery.com",
        autoRenew: true,
        expiresAt: "2027-03-04T04:00:00.000Z",
        expirySource: "measured",
        typedExpiresAt: "2026-12-01T00:00:00.000Z",
        registrar: "GoDaddy.com, LLC",
        registryStatus: ["client transfer prohibited"],
        expiringSoon: false,
      },
    ]);
    // Staff see the same on the client's page (and that the lookup went well), and the client's
    // switch answers the same way.
    const page = (await call(staff, "GET", clientPage)).json();
    expect(page.domains).toEqual(list.map((domain) => ({ ...domain, registryLookupError: null })));
    const switched = await call(client, "PATCH", `/api/domains/${list[0]!.id}`, {
      autoRenew: false,
    });
    expect(switched.json()).toEqual({ ...list[0], autoRenew: false });
  });

  it("tells staff, not the client, why the registry could not be read", async () => {
    // The stand-in's registry has no record of this name: it answers 404.
    await call(staff, "POST", `${clientPage}/domains`, { domain: "unregistered.com" });
    const list = await domainsOnceChecked("unregistered.com");
    const mine = list.find((domain) => domain.domain === "unregistered.com");
    expect(mine).toMatchObject({ expirySource: null });
    expect(mine).not.toHaveProperty("registryLookupError");
    const page = (await call(staff, "GET", clientPage)).json() as {
      domains: Record<string, unknown>[];
    };
    expect(page.domains.find((domain) => domain.domain === "unregistered.com")).toMatchObject({
      registryLookupError: "The registry has no record of it (404)",
    });
  });

  it("keeps the typed date, said to be typed, for an ending with no RDAP server", async () => {
    await call(staff, "POST", `${clientPage}/domains`, {
      domain: "riverabakery.example",
      expiresAt: "2027-05-01",
    });
    const list = await domainsOnceChecked("riverabakery.example");
    expect(list.find((domain) => domain.domain === "riverabakery.example")).toMatchObject({
      expiresAt: "2027-05-01T00:00:00.000Z",
      expirySource: "typed",
      registrar: null,
    });
  });

  it("says nothing of a source when there is no date at all", async () => {
    await call(staff, "POST", `${clientPage}/domains`, { domain: "undated.example" });
    const list = await domainsOnceChecked("undated.example");
    expect(list.find((domain) => domain.domain === "undated.example")).toMatchObject({
      expiresAt: null,
      expirySource: null,
    });
  });

  it("answers 400 naming the field to a host name that is not a name, and stores nothing", async () => {
    const before = await t.database.db.select().from(domains);
    for (const domain of [
      "not a domain",
      "https://riverabakery.com/",
      "riverabakery",
      "-riverabakery.com",
      "riverabakery-.com",
      "river..bakery.com",
      "192.168.0.1",
      `${"a".repeat(64)}.com`,
      "",
      42,
    ]) {
      const response = await call(staff, "POST", `${clientPage}/domains`, { domain });
      expect(response.statusCode, String(domain)).toBe(400);
      expect(response.json().errors, String(domain)).toEqual({
        domain: "Enter a domain such as example.com",
      });
    }
    const [one] = before;
    const renamed = await call(staff, "PUT", `/api/admin/domains/${one!.id}`, {
      domain: "bakery .com",
    });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().errors).toEqual({ domain: "Enter a domain such as example.com" });
    expect(await t.database.db.select().from(domains)).toEqual(before);
  });
});
