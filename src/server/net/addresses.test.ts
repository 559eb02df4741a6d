import { describe, expect, it } from "vitest";
import { forbiddenTarget } from "./addresses";

/* The address a host name would lead the server to, checked before it is requested. */

describe("a link's host, by the addresses it stands for", () => {
  it("names the private, loopback or link-local address a host stands for", async () => {
    expect(await forbiddenTarget("169.254.169.254")).toBe("169.254.169.254");
    expect(await forbiddenTarget("10.0.0.7")).toBe("10.0.0.7");
    expect(await forbiddenTarget("[::1]")).toBe("::1");
    expect(await forbiddenTarget("[fe80::1]")).toBe("fe80::1");
    // A name is judged by what it resolves to.
    expect(await forbiddenTarget("localhost")).toMatch(/^(127\.0\.0\.1|::1)$/);
  });

  it("lets a public address through, and refuses a name that does not resolve", async () => {
    expect(await forbiddenTarget("93.184.216.34")).toBeUndefined();
    expect(await forbiddenTarget("[2606:2800:220:1:248:1893:25c8:1946]")).toBeUndefined();
    expect(await forbiddenTarget("registrar.invalid")).toBe("unresolved");
  });
});
