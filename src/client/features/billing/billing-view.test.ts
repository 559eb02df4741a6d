import { describe, expect, it } from "vitest";
import { cardExpiry, owes, paymentKind, planChoices, planRequestText } from "./billing-view";

describe("what the Billing tab works out", () => {
  it("offers to pay an open invoice with a balance only", () => {
    expect(owes({ status: "open", balanceCents: 2499 })).toBe(true);
    expect(owes({ status: "open", balanceCents: 0 })).toBe(false);
    expect(owes({ status: "paid", balanceCents: 0 })).toBe(false);
    expect(owes({ status: "uncollectible", balanceCents: 2499 })).toBe(false);
  });

  it("writes a card's expiry as MM/YYYY, and nothing without one", () => {
    expect(cardExpiry({ brand: "Visa", last4: "4242", expMonth: 8, expYear: 2028 })).toBe(
      "08/2028",
    );
    expect(cardExpiry({ brand: "Visa", last4: "4242", expMonth: null, expYear: null })).toBeNull();
  });

  it("tells a failed card payment and a refund from a payment", () => {
    expect(paymentKind({ kind: "payment", status: "succeeded" })).toBe("payment");
    expect(paymentKind({ kind: "payment", status: "failed" })).toBe("failed");
    expect(paymentKind({ kind: "refund", status: "succeeded" })).toBe("refund");
  });

  it("lists the catalogue's monthly plans with their price ranges", () => {
    expect(planChoices.map((choice) => choice.name)).toEqual([
      "Starter Hosting",
      "Business Hosting",
      "Enterprise Hosting",
      "Basic Care",
      "Standard Care",
      "Premium Care",
    ]);
    expect(planChoices[1]).toEqual({
      name: "Business Hosting",
      family: "Premium Hosting",
      detail: "4-10 sites",
      price: "$120 - $240/mo",
    });
  });

  it("words a pending plan request", () => {
    expect(planRequestText({ requestedPlan: "Business Hosting", currentPlan: null })).toBe(
      "Requested: Business Hosting, waiting for our team",
    );
    expect(planRequestText({ requestedPlan: "Business Hosting", currentPlan: "VPS Hosting" })).toBe(
      "Requested: Business Hosting instead of VPS Hosting, waiting for our team",
    );
  });
});
