import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  billingDatesUntil,
  firstBillingDate,
  invoiceTotals,
  nextBillingDate,
  percentToPpm,
  periodEnd,
  taxOf,
} from "./invoice-math";

const line = fc.record({
  quantity: fc.integer({ min: 1, max: 1000 }),
  unitPriceCents: fc.integer({ min: 0, max: 1_000_000 }),
});
const rate = fc.integer({ min: 0, max: 1_000_000 });

describe("invoice arithmetic in cents", () => {
  it("totals: the lines add up to the subtotal, subtotal and tax to the total, all whole cents", () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 50 }), rate, (lines, ppm) => {
        const totals = invoiceTotals(lines, ppm);
        const sum = lines.reduce((all, l) => all + l.quantity * l.unitPriceCents, 0);
        expect(totals.subtotalCents).toBe(sum);
        expect(totals.subtotalCents + totals.taxCents).toBe(totals.totalCents);
        for (const value of Object.values(totals)) expect(Number.isSafeInteger(value)).toBe(true);
      }),
    );
  });

  it("tax is the exact share rounded half up: never more than half a cent off", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), rate, (subtotal, ppm) => {
        const tax = taxOf(subtotal, ppm);
        // Exact in integers: |tax·10^6 − subtotal·ppm| ≤ 10^6 / 2.
        const error = BigInt(tax) * 1_000_000n - BigInt(subtotal) * BigInt(ppm);
        expect(error <= 500_000n && error > -500_000n).toBe(true);
      }),
    );
    expect(taxOf(1000, 101_000)).toBe(101); // 10.1% of $10.00
    expect(taxOf(5, 100_000)).toBe(1); // 0.5 of a cent rounds up
    expect(taxOf(4, 100_000)).toBe(0);
  });

  it("reads a tax rate as a percentage with up to four decimals", () => {
    expect(percentToPpm("10.1")).toBe(101_000);
    expect(percentToPpm("8.875")).toBe(88_750);
    expect(percentToPpm("0")).toBe(0);
    expect(percentToPpm("100")).toBe(1_000_000);
    for (const bad of ["100.01", "-1", "abc", "1.23456", "", "1e2"]) {
      expect(percentToPpm(bad), bad).toBeUndefined();
    }
  });
});

describe("the calendar of a monthly plan", () => {
  const plan = { billingDay: 15, startsOn: "2026-01-20" };

  it("bills on its day from the first one on or after its start", () => {
    expect(firstBillingDate(plan)).toBe("2026-02-15");
    expect(firstBillingDate({ billingDay: 20, startsOn: "2026-01-20" })).toBe("2026-01-20");
    expect(billingDatesUntil(plan, "2026-05-14")).toEqual([
      "2026-02-15",
      "2026-03-15",
      "2026-04-15",
    ]);
    expect(billingDatesUntil(plan, "2026-02-14")).toEqual([]);
  });

  it("runs each period to the day before the next billing date, across year ends", () => {
    expect(periodEnd("2026-01-28")).toBe("2026-02-27");
    expect(periodEnd("2026-12-15")).toBe("2027-01-14");
    expect(nextBillingDate(plan, "2026-12-15")).toBe("2027-01-15");
    expect(nextBillingDate(plan, "2026-01-01")).toBe("2026-02-15");
  });
});
