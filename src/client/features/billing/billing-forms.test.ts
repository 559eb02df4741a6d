import { describe, expect, it } from "vitest";
import type { z } from "@shared/schemas/zod";
import { blankLineItem } from "@/components/line-items-editor";
import {
  addBeside,
  approvalFormSchema,
  emptyInvoiceForm,
  invoiceFormSchema,
  invoiceSubtotal,
  paymentForm,
  paymentFormSchema,
  planForm,
  planFormSchema,
  planRequestFormSchema,
  refundForm,
  refundFormSchema,
} from "./billing-forms";

const companyId = "0b7f8a52-54a4-4c4e-9d3c-6f0f2b1a9c11";
const paymentId = "7d1e9c1a-2b3c-4d5e-8f90-a1b2c3d4e5f6";

/** What the form shows beside each field: the first message for it, as the resolver keeps it. */
function messages(schema: z.ZodType, values: unknown): Record<string, string> {
  const shown: Record<string, string> = {};
  for (const issue of schema.safeParse(values).error?.issues ?? []) {
    shown[issue.path.join(".")] ??= issue.message;
  }
  return shown;
}

describe("the new invoice form", () => {
  it("sends dollars as cents, with the quantity as a number", () => {
    const values = {
      ...emptyInvoiceForm(companyId),
      lines: [
        { ...blankLineItem(), description: "Logo refresh", quantity: "2", price: "1,200.50" },
        { ...blankLineItem(), description: "Hosting setup", quantity: "1", price: "0.29" },
      ],
      memo: "  Thank you!  ",
    };
    expect(invoiceSubtotal(values.lines)).toBe(240129);
    expect(invoiceFormSchema.parse(values)).toEqual({
      companyId,
      lines: [
        { description: "Logo refresh", quantity: 2, unitPriceCents: 120050 },
        { description: "Hosting setup", quantity: 1, unitPriceCents: 29 },
      ],
      dueDate: undefined,
      memo: "Thank you!",
    });
  });

  it("says what is wrong, field by field, in the shared schema's words", () => {
    const values = {
      ...emptyInvoiceForm(),
      lines: [{ ...blankLineItem(), description: "x", quantity: "1.5", price: "12.345" }],
      dueDate: "2027-02-30",
    };
    expect(messages(invoiceFormSchema, values)).toEqual({
      companyId: "Choose a client",
      "lines.0.description": "Each line needs a description of at least 2 characters",
      "lines.0.quantity": "Quantity must be a whole number from 1 to 1,000",
      "lines.0.price": "Enter an amount in dollars, such as 1,200 or 24.99",
      dueDate: "Use a date such as 2027-01-31",
    });
    expect(messages(invoiceFormSchema, emptyInvoiceForm(companyId))).toEqual({
      "lines.0.description": "Each line needs a description of at least 2 characters",
      "lines.0.price": "Enter an amount",
    });
  });

  it("needs a line", () => {
    expect(messages(invoiceFormSchema, { ...emptyInvoiceForm(companyId), lines: [] })).toEqual({
      lines: "Add at least one line",
    });
  });
});

describe("the payment, refund, plan and approval forms", () => {
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
      paymentFormSchema.parse({
        amount: "24.99",
        paidOn: "2027-01-05",
        method: "check",
        reference: " 1042 ",
      }),
    ).toEqual({ amountCents: 2499, paidOn: "2027-01-05", method: "check", reference: "1042" });
    expect(
      messages(paymentFormSchema, { amount: "0", paidOn: "", method: "", reference: "" }),
    ).toEqual({
      amount: "Enter an amount of at least $0.01",
      paidOn: "Use a date such as 2027-01-31",
      method: "Choose how it was paid",
    });
  });

  it("refunds a card payment to the card, and asks how anything else went back", () => {
    const card = [{ id: paymentId, method: "card" as const }];
    const check = [{ id: paymentId, method: "check" as const }];
    expect(
      refundFormSchema(card).parse({ ...refundForm(paymentId, 2499), reason: " Cancelled " }),
    ).toEqual({ paymentId, amountCents: 2499, reason: "Cancelled" });
    expect(messages(refundFormSchema(check), refundForm(paymentId, 2499))).toEqual({
      method: "Choose how the money was returned",
    });
    expect(
      refundFormSchema(check).parse({ ...refundForm(paymentId, 100), method: "check" }),
    ).toEqual({
      paymentId,
      amountCents: 100,
      method: "check",
      reference: undefined,
      reason: undefined,
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
    const values = planForm(plan);
    expect(values).toEqual({
      name: "VPS Hosting",
      amount: "24.99",
      billingDay: "15",
      startsOn: "2026-01-15",
    });
    expect(planFormSchema.parse(values)).toEqual({
      name: "VPS Hosting",
      amountCents: 2499,
      billingDay: 15,
      startsOn: "2026-01-15",
    });
    expect(messages(planFormSchema, { ...values, billingDay: "31" })).toEqual({
      billingDay: "Billing day must be a whole number from 1 to 28",
    });
    expect(planForm(undefined, new Date(2027, 0, 30)).billingDay).toBe("28");
  });

  it("approves at a monthly price in cents", () => {
    expect(approvalFormSchema.parse({ amount: "$149" })).toEqual({ amountCents: 14900 });
    expect(messages(approvalFormSchema, { amount: "" })).toEqual({ amount: "Enter an amount" });
    expect(messages(approvalFormSchema, { amount: "20,000,000" })).toEqual({
      amount: "Enter an amount of at most $10,000,000",
    });
    expect(messages(approvalFormSchema, { amount: "12.345" })).toEqual({
      amount: "Enter an amount in dollars, such as 1,200 or 24.99",
    });
  });
});

describe("the Upgrade Plan form", () => {
  it("asks for a plan, and sends the one it replaces, or none", () => {
    expect(
      messages(planRequestFormSchema, { requestedPlan: "", replaces: addBeside, note: "" }),
    ).toEqual({ requestedPlan: "Choose the plan you would like" });
    expect(
      planRequestFormSchema.parse({
        requestedPlan: "Business Hosting",
        replaces: addBeside,
        note: "  ",
      }),
    ).toEqual({ requestedPlan: "Business Hosting", planId: undefined, note: undefined });
    expect(
      planRequestFormSchema.parse({
        requestedPlan: "Business Hosting",
        replaces: paymentId,
        note: "Soon",
      }),
    ).toEqual({ requestedPlan: "Business Hosting", planId: paymentId, note: "Soon" });
  });
});
