import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lineTotals, splitPaymentPlan } from "./payment-plan";

describe("the 50/25/25 payment plan", () => {
  it("always adds up to the total, in whole cents, with the deposit at least half", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (total) => {
        const plan = splitPaymentPlan(total);
        expect(plan.depositCents + plan.midpointCents + plan.completionCents).toBe(total);
        for (const part of Object.values(plan)) expect(Number.isInteger(part)).toBe(true);
        expect(plan.depositCents * 2).toBeGreaterThanOrEqual(total);
        // Each part is within a cent of its share.
        expect(Math.abs(plan.depositCents - total / 2)).toBeLessThanOrEqual(0.5);
        expect(Math.abs(plan.midpointCents - total / 4)).toBeLessThan(1);
        expect(Math.abs(plan.completionCents - total / 4)).toBeLessThan(1);
      }),
    );
  });

  it("splits the seed's prices as a person would", () => {
    expect(splitPaymentPlan(400_000)).toEqual({
      depositCents: 200_000,
      midpointCents: 100_000,
      completionCents: 100_000,
    });
    expect(splitPaymentPlan(1_001)).toEqual({
      depositCents: 501,
      midpointCents: 250,
      completionCents: 250,
    });
    expect(splitPaymentPlan(3)).toEqual({
      depositCents: 2,
      midpointCents: 0,
      completionCents: 1,
    });
  });

  it("refuses a total that is not whole cents", () => {
    expect(() => splitPaymentPlan(10.5)).toThrow(RangeError);
    expect(() => splitPaymentPlan(-1)).toThrow(RangeError);
  });

  it("totals one-off and monthly lines apart", () => {
    expect(
      lineTotals([
        { billing: "one-off", quantity: 1, unitPriceCents: 350_000 },
        { billing: "monthly", quantity: 2, unitPriceCents: 4_000 },
        { billing: "one-off", quantity: 3, unitPriceCents: 15_000 },
      ]),
    ).toEqual({ oneOffCents: 395_000, monthlyCents: 8_000 });
  });
});
