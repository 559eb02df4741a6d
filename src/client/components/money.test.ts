import { describe, expect, it } from "vitest";
import { pricingPlans } from "@content/pricing";
import { centsToDollarText, dollarsToCents, parseCataloguePrice, parseQuantity } from "./money";

describe("dollarsToCents", () => {
  it.each([
    ["2000", 200000],
    ["$2,000", 200000],
    ["2,499.5", 249950],
    ["0.29", 29],
    ["1.10", 110],
    ["19.99", 1999],
    [".5", 50],
    ["  $ 40 ", 4000],
    ["0", 0],
    ["10000000", 1_000_000_000],
    ["1,234,567.89", 123456789],
  ])("%s is %i cents", (text, cents) => {
    expect(dollarsToCents(text)).toBe(cents);
  });

  it.each(["", "abc", "1.234", "-5", "1e3", "12,34", "$", "10000000.01", "1.2.3"])(
    "refuses %j",
    (text) => {
      expect(dollarsToCents(text)).toBeNull();
    },
  );

  it("has no floating-point error on any cent amount", () => {
    for (let cents = 0; cents < 100_000; cents += 7) {
      expect(dollarsToCents(centsToDollarText(cents))).toBe(cents);
      expect(dollarsToCents((cents / 100).toFixed(2))).toBe(cents);
    }
  });
});

describe("centsToDollarText", () => {
  it("leaves off zero cents and pads the rest", () => {
    expect(centsToDollarText(200000)).toBe("2000");
    expect(centsToDollarText(249950)).toBe("2499.50");
    expect(centsToDollarText(5)).toBe("0.05");
  });
});

describe("parseCataloguePrice", () => {
  it.each([
    ["$2,000", 200000],
    ["$2,000 - $4,000", 200000],
    ["$40 - $400+", 4000],
    ["$12,000+", 1200000],
    ["$120,000+", 12000000],
  ])("%s starts at %i cents", (text, cents) => {
    expect(parseCataloguePrice(text)).toBe(cents);
  });

  it("is null without a dollar figure", () => {
    expect(parseCataloguePrice("Ask us")).toBeNull();
  });

  it("reads every price of the catalogue", () => {
    for (const plan of pricingPlans) {
      for (const example of plan.examples) {
        expect(parseCataloguePrice(example.price), example.price).toBeGreaterThan(0);
      }
    }
  });
});

describe("parseQuantity", () => {
  it("takes whole numbers only", () => {
    expect(parseQuantity("3")).toBe(3);
    expect(parseQuantity("2.5")).toBeNull();
    expect(parseQuantity("")).toBeNull();
  });
});
