import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api";
import {
  blankLine,
  cardExpiry,
  draftSubtotal,
  emptyInvoiceForm,
  owes,
  paymentForm,
  paymentKind,
  planChoices,
  planForm,
  planRequestText,
  serverFieldErrors,
  toApproval,
  toNewInvoice,
  toPayment,
  toPlan,
} from "./billing-view";

const companyId = "0b7f8a52-54a4-4c4e-9d3c-6f0f2b1a9c11";

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

describe("the new invoice form", () => {
  it("sends dollars as cents, with the quantity as a number", () => {
    const state = {
      ...emptyInvoiceForm(companyId),
      lines: [
        { ...blankLine(), description: "Logo refresh", quantity: "2", price: "1,200.50" },
        { ...blankLine(), description: "Hosting setup", quantity: "1", price: "0.29" },
      ],
      memo: "  Thank you!  ",
    };
    expect(draftSubtotal(state.lines)).toBe(240129);
    expect(toNewInvoice(state, true)).toEqual({
      data: {
        companyId,
        lines: [
          { description: "Logo refresh", quantity: 2, unitPriceCents: 120050 },
          { description: "Hosting setup", quantity: 1, unitPriceCents: 29 },
        ],
        dueDate: undefined,
        memo: "Thank you!",
        issue: true,
      },
    });
  });

  it("says what is wrong, field by field, in the shared schema's words", () => {
    const state = {
      ...emptyInvoiceForm(),
      lines: [{ ...blankLine(), description: "x", quantity: "1.5", price: "12.345" }],
      dueDate: "2027-02-30",
    };
    const { errors } = toNewInvoice(state, false);
    expect(errors).toMatchObject({
      companyId: "Choose a client",
      "lines.0.description": "Each line needs a description of at least 2 characters",
      "lines.0.quantity": "Quantity must be a whole number from 1 to 1,000",
      "lines.0.price": "Enter an amount in dollars, such as 1,200 or 24.99",
      dueDate: "Use a date such as 2027-01-31",
    });
  });

  it("needs a line", () => {
    const { errors } = toNewInvoice({ ...emptyInvoiceForm(companyId), lines: [] }, true);
    expect(errors).toEqual({ lines: "Add at least one line" });
  });
});

describe("the payment, plan and approval forms", () => {
  it("starts a payment at the balance, today", () => {
    expect(paymentForm(249950, new Date(2027, 0, 5))).toEqual({
      amount: "2499.50",
      paidOn: "2027-01-05",
      method: "",
      reference: "",
    });
  });

  it("records a payment in cents and asks how it was paid", () => {
    expect(
      toPayment({ amount: "24.99", paidOn: "2027-01-05", method: "check", reference: " 1042 " }),
    ).toEqual({
      data: { amountCents: 2499, paidOn: "2027-01-05", method: "check", reference: "1042" },
    });
    expect(toPayment({ amount: "0", paidOn: "", method: "", reference: "" }).errors).toMatchObject({
      amount: "Enter an amount of at least $0.01",
      paidOn: "Use a date such as 2027-01-31",
      method: "Choose how it was paid",
    });
  });

  it("fills a plan form from a plan and checks the billing day", () => {
    const plan = {
      id: companyId,
      name: "VPS Hosting",
      amountCents: 2499,
      billingDay: 15,
      startsOn: "2026-01-15",
      status: "active" as const,
      nextBillingDate: "2026-12-15",
    };
    const state = planForm(plan);
    expect(state).toEqual({
      name: "VPS Hosting",
      amount: "24.99",
      billingDay: "15",
      startsOn: "2026-01-15",
    });
    expect(toPlan(state)).toEqual({
      data: { name: "VPS Hosting", amountCents: 2499, billingDay: 15, startsOn: "2026-01-15" },
    });
    expect(toPlan({ ...state, billingDay: "31" }).errors).toEqual({
      billingDay: "Billing day must be a whole number from 1 to 28",
    });
    expect(planForm(undefined, new Date(2027, 0, 30)).billingDay).toBe("28");
  });

  it("approves at a monthly price in cents", () => {
    expect(toApproval("$149")).toEqual({ data: { amountCents: 14900 } });
    expect(toApproval("").errors).toEqual({ amount: "Enter an amount" });
    expect(toApproval("20,000,000").errors).toEqual({
      amount: "Enter an amount of at most $10,000,000",
    });
    expect(toApproval("12.345").errors).toEqual({
      amount: "Enter an amount in dollars, such as 1,200 or 24.99",
    });
  });

  it("puts the server's field errors on the form's fields", () => {
    const error = new ApiError(
      400,
      JSON.stringify({
        message: "Check the fields",
        errors: { amountCents: "Too much", "lines.0.unitPriceCents": "Too much" },
      }),
    );
    expect(serverFieldErrors(error, { amountCents: "amount", unitPriceCents: "price" })).toEqual({
      amount: "Too much",
      "lines.0.price": "Too much",
    });
    expect(serverFieldErrors(new ApiError(409, "{}"))).toBeUndefined();
  });
});
