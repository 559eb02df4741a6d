import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { startRdapStandIn, type RdapStandIn } from "../../../tests/support/rdap-stand-in";
import {
  createRdapClient,
  fetchBootstrap,
  RDAP_MEDIA_TYPE,
  rdapBaseUrl,
  RdapLookupError,
  shippedBootstrap,
} from "./rdap";

let standIn: RdapStandIn;
beforeAll(async () => {
  standIn = await startRdapStandIn();
});
afterAll(() => standIn.close());
beforeEach(() => {
  standIn.domains.clear();
  standIn.requests.length = 0;
});

const client = (options: { timeoutMs?: number; maxBytes?: number } = {}) =>
  createRdapClient({ bootstrapUrl: standIn.bootstrapUrl, ...options });

describe("the shipped bootstrap file", () => {
  it("is IANA's, naming the real registries' servers", () => {
    expect(shippedBootstrap.description).toBe(
      "RDAP bootstrap file for Domain Name System registrations",
    );
    expect(Date.parse(shippedBootstrap.publication)).not.toBeNaN();
    expect(shippedBootstrap.services.length).toBeGreaterThan(500);
    expect(rdapBaseUrl(shippedBootstrap, "harborline.com")).toBe(
      "https://rdap.verisign.com/com/v1/",
    );
    expect(rdapBaseUrl(shippedBootstrap, "harborline.net")).toBe(
      "https://rdap.verisign.com/net/v1/",
    );
    expect(rdapBaseUrl(shippedBootstrap, "harborline.org")).toBe(
      "https://rdap.publicinterestregistry.org/rdap/",
    );
    // Reserved for documentation and tests: no registry.
    expect(rdapBaseUrl(shippedBootstrap, "riverabakery.example")).toBeUndefined();
  });

  it("matches the longest ending listed, and prefers an https server", () => {
    const bootstrap = {
      version: "1.0",
      publication: "2026-11-02T09:00:00Z",
      services: [
        [["uk"], ["https://rdap.uk.example/"]],
        [["co.uk"], ["http://rdap.co-uk.example/rdap", "https://rdap.co-uk.example/rdap"]],
      ] as [string[], string[]][],
    };
    expect(rdapBaseUrl(bootstrap, "bakery.co.uk")).toBe("https://rdap.co-uk.example/rdap/");
    expect(rdapBaseUrl(bootstrap, "bakery.org.uk")).toBe("https://rdap.uk.example/");
    expect(rdapBaseUrl(bootstrap, "BAKERY.UK.")).toBe("https://rdap.uk.example/");
  });
});

describe("a domain's lookup at its registry (stand-in)", () => {
  it("reads the expiry, the registrar and the status from a Verisign-shaped answer", async () => {
    standIn.domains.set("riverabakery.com", {
      expiresAt: "2027-03-04T04:00:00Z",
      registrar: "GoDaddy.com, LLC",
      status: ["client delete prohibited", "client transfer prohibited"],
    });
    const registration = await client().lookup("riverabakery.com");
    expect(registration).toEqual({
      expiresAt: new Date("2027-03-04T04:00:00Z"),
      registrar: "GoDaddy.com, LLC",
      status: ["client delete prohibited", "client transfer prohibited"],
    });
    const asked = standIn.requests.find((request) => request.path.endsWith("riverabakery.com"));
    expect(asked).toEqual({ path: "/com/v1/domain/riverabakery.com", accept: RDAP_MEDIA_TYPE });
  });

  it("follows the registry's link to the registrar when the registry gives no expiry", async () => {
    standIn.domains.set("riverabakery.net", {
      expiresAt: "2028-01-15T18:22:05.000+00:00",
      registrar: "Namecheap, Inc.",
    });
    const registration = await client().lookup("riverabakery.net");
    expect(registration).toMatchObject({
      expiresAt: new Date("2028-01-15T18:22:05Z"),
      // The registry's word for who the registrar is.
      registrar: "Namecheap, Inc.",
    });
    expect(standIn.requests.map((request) => request.path)).toContain(
      "/registrar/domain/RIVERABAKERY.NET",
    );
  });

  it("does not follow a registrar link into a private, loopback or link-local address", async () => {
    const port = new URL(standIn.url).port;
    const fetched = vi.spyOn(globalThis, "fetch");
    try {
      for (const registrarBase of [
        `https://localhost:${port}/registrar/`,
        "https://169.254.169.254/latest/",
        `https://[::1]:${port}/registrar/`,
        "https://10.0.0.7/rdap/",
      ]) {
        standIn.domains.set("riverabakery.net", {
          expiresAt: "2028-01-15T18:22:05Z",
          registrar: "Namecheap, Inc.",
          registrarBase,
        });
        fetched.mockClear();
        // The registry's answer stands, without the date only the registrar had.
        await expect(client().lookup("riverabakery.net"), registrarBase).resolves.toEqual({
          expiresAt: null,
          registrar: "Namecheap, Inc.",
          status: ["client transfer prohibited"],
        });
        const asked = fetched.mock.calls.map(([url]) => String(url));
        expect(asked, registrarBase).toEqual([
          standIn.bootstrapUrl,
          `${standIn.url}net/v1/domain/riverabakery.net`,
        ]);
      }
    } finally {
      fetched.mockRestore();
    }
  });

  it("trusts a private address only as the bootstrap file's own host", async () => {
    standIn.domains.set("riverabakery.net", { expiresAt: "2028-01-15T18:22:05Z" });
    // The same stand-in, its bootstrap file named as localhost: the registry (at 127.0.0.1, as
    // the file lists it) is asked, but its link to 127.0.0.1 is not the bootstrap's host.
    const byName = createRdapClient({
      bootstrapUrl: standIn.bootstrapUrl.replace("127.0.0.1", "localhost"),
    });
    await expect(byName.lookup("riverabakery.net")).resolves.toMatchObject({ expiresAt: null });
    expect(standIn.requests.map((request) => request.path)).not.toContain(
      "/registrar/domain/RIVERABAKERY.NET",
    );
  });

  it("answers nothing for an ending with no RDAP server, without asking anyone", async () => {
    await expect(client().lookup("riverabakery.example")).resolves.toBeUndefined();
    expect(standIn.requests.map((request) => request.path)).toEqual(["/dns.json"]);
  });

  it("reads the bootstrap file from its URL once, not once per lookup", async () => {
    standIn.domains.set("one.com", { expiresAt: "2027-01-01T00:00:00Z" });
    standIn.domains.set("two.com", { expiresAt: "2027-01-01T00:00:00Z" });
    const lookups = client();
    await lookups.lookup("one.com");
    await lookups.lookup("two.com");
    expect(standIn.requests.filter((request) => request.path === "/dns.json")).toHaveLength(1);
  });

  it.each([
    ["unknown.com", undefined, "The registry has no record of it (404)"],
    ["malformed.com", "malformed", 'The expiry date "in a year or so" is no date'],
    ["maintenance.com", "not-json", "The registry's answer is not JSON"],
    ["busy.com", "unavailable", "The registry answered 503"],
    ["huge.com", "huge", "The registry's answer is larger than 65536 bytes"],
    ["silent.com", "silent", "The registry did not answer within 0.5 s"],
  ] as const)("fails with what went wrong: %s", async (name, answer, message) => {
    if (answer) standIn.domains.set(name, answer);
    const lookup = client({ timeoutMs: 500, maxBytes: 65_536 }).lookup(name);
    await expect(lookup).rejects.toThrow(new RdapLookupError(message));
  });

  it("fails when the registry cannot be reached", async () => {
    const gone = await startRdapStandIn();
    const lookups = createRdapClient({ bootstrapUrl: gone.bootstrapUrl });
    await lookups.lookup("nothing.example"); // reads the bootstrap file while it is up
    await gone.close();
    await expect(lookups.lookup("riverabakery.com")).rejects.toThrow(
      /^The registry could not be reached \(ECONNREFUSED\)$/,
    );
  });

  it("refuses a bootstrap file that is not one", async () => {
    await expect(
      fetchBootstrap(`${standIn.url}com/v1/domain/none.com`, { timeoutMs: 1_000, maxBytes: 1e6 }),
    ).rejects.toThrow("The bootstrap server has no record of it (404)");
    standIn.domains.set("looks-like.com", { expiresAt: "2027-01-01T00:00:00Z" });
    await expect(
      fetchBootstrap(`${standIn.url}com/v1/domain/looks-like.com`, {
        timeoutMs: 1_000,
        maxBytes: 1e6,
      }),
    ).rejects.toThrow(/is not an RDAP bootstrap file$/);
  });
});
