import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { returnToMaxLength, safeReturnTo } from "./return-to";

const origin = "https://harborline.example";

/** Pieces that have sent browsers to another host: slashes of every kind, controls, hosts. */
const piece = fc.oneof(
  fc.constantFrom(
    "/",
    "\\",
    "\t",
    "\n",
    "\r",
    " ",
    "\u0000",
    "\u001f",
    "\u007f",
    "\u00a0",
    ".",
    "..",
    ":",
    "@",
    "?",
    "#",
    "%2F",
    "%2f",
    "%5C",
    "%09",
    "%00",
    "／",
    "＼",
    "。",
    "．",
    "evil.test",
    "https:",
    "javascript:",
    "dashboard",
  ),
  fc.string({ maxLength: 3 }),
  fc.string({ unit: "binary", maxLength: 3 }),
);
const hostileAddress = fc.array(piece, { maxLength: 12 }).map((parts) => parts.join(""));

describe("safeReturnTo", () => {
  it("keeps a path on this site, query included", () => {
    expect(safeReturnTo("/dashboard?tab=support&new=1", origin)).toBe(
      "/dashboard?tab=support&new=1",
    );
  });

  it.each([
    null,
    undefined,
    "",
    "dashboard",
    "//evil.example",
    "/\\evil.example",
    "https://x.io",
    "/\t/evil.test/phish",
    "\t//evil.test",
    " //evil.test",
    "/\n/x",
    "/.//evil.test",
    "/a/..//evil.test",
    `${origin}/dashboard`,
  ])("has none for %j (the user lands on their home)", (value) => {
    expect(safeReturnTo(value, origin)).toBeUndefined();
  });

  it("percent-encodes what a Location header cannot carry", () => {
    expect(safeReturnTo("/café", origin)).toBe("/caf%C3%A9");
    expect(safeReturnTo("/。/x", origin)).toBe("/%E3%80%82/x");
    expect(safeReturnTo("/a b?q=é#ü", origin)).toBe("/a%20b?q=%C3%A9#%C3%BC");
  });

  it("has none when the encoded address outgrows what is stored", () => {
    expect(safeReturnTo(`/${"é".repeat(returnToMaxLength / 2)}`, origin)).toBeUndefined();
  });

  it("never leads a browser off this site, whatever it is given", () => {
    fc.assert(
      fc.property(fc.oneof(hostileAddress, fc.string(), fc.webUrl()), (value) => {
        const result = safeReturnTo(value, origin) ?? "/dashboard";
        // What a browser does with the Location header: resolve it against the page's origin.
        expect(new URL(result, origin).origin).toBe(origin);
        expect(result).toMatch(/^\/(?![/\\])/);
        // Printable ASCII only, so it is a valid header value.
        expect(result).toMatch(/^[\u0021-\u007e]*$/);
        expect(result.length).toBeLessThanOrEqual(returnToMaxLength);
      }),
      { numRuns: 5000 },
    );
  });
});
