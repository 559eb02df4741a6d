import { describe, expect, it } from "vitest";
import { pricingPlans } from "@content/pricing";
import { blankLineItem } from "@/components/line-items-editor";
import { catalogueLine } from "./catalogue-picker";
import {
  dateAhead,
  emptyProposalForm,
  liveTotals,
  proposalFormSchema,
  type ProposalFormValues,
} from "./proposal-form";

const website = pricingPlans.find((plan) => plan.id === "website")!;
const hosting = pricingPlans.find((plan) => plan.id === "hosting")!;

/** What the form shows beside each field: the first message for it, as the resolver keeps it. */
function messages(values: ProposalFormValues): Record<string, string> {
  const shown: Record<string, string> = {};
  for (const issue of proposalFormSchema.safeParse(values).error?.issues ?? []) {
    shown[issue.path.join(".")] ??= issue.message;
  }
  return shown;
}

describe("dateAhead", () => {
  it("counts calendar days, across months and years", () => {
    expect(dateAhead(30, new Date(2026, 10, 25))).toBe("2026-12-25");
    expect(dateAhead(30, new Date(2026, 11, 15))).toBe("2027-01-14");
  });
});

describe("liveTotals", () => {
  it("adds one-off and monthly lines apart, and splits the one-off 50 / 25 / 25", () => {
    const lines = [
      catalogueLine(website, 0),
      { ...blankLineItem(), description: "Logo", price: "333.33" },
      catalogueLine(hosting, 0),
    ];
    expect(liveTotals(lines)).toEqual({
      oneOffCents: 233333,
      monthlyCents: 4000,
      depositCents: 116667,
      midpointCents: 58333,
      completionCents: 58333,
    });
  });

  it("counts a line it cannot read yet as nothing", () => {
    expect(liveTotals([{ ...blankLineItem(), price: "abc" }]).oneOffCents).toBe(0);
  });
});

describe("the proposal form", () => {
  const filled = (): ProposalFormValues => ({
    ...emptyProposalForm(new Date(2026, 10, 25)),
    title: "A new website",
    scope: "Five pages, designed and built.",
    lines: [catalogueLine(website, 0)],
  });

  it("gives the draft in cents when everything reads", () => {
    expect(proposalFormSchema.parse(filled())).toEqual({
      title: "A new website",
      scope: "Five pages, designed and built.",
      validUntil: "2026-12-25",
      lines: [
        {
          description: "Website Design & Build: Small Business Site",
          detail: "5-10 pages",
          planId: "website",
          billing: "one-off",
          quantity: 1,
          unitPriceCents: 200000,
        },
      ],
    });
  });

  it("names the fields that do not, in the shared schema's words", () => {
    const values = {
      ...filled(),
      title: "",
      lines: [{ ...blankLineItem(), description: "x", price: "1.234", quantity: "0" }],
    };
    expect(messages(values)).toEqual({
      title: "Title must be at least 3 characters",
      "lines.0.description": "Each line needs a description of at least 2 characters",
      "lines.0.price": "Enter a price in dollars, such as 2,000 or 49.99",
      "lines.0.quantity": "Quantity must be a whole number from 1 to 1,000",
    });
    expect(messages({ ...filled(), lines: [blankLineItem()] })).toMatchObject({
      "lines.0.price": "Enter a price (0 for free)",
    });
  });

  it("asks for a line", () => {
    expect(messages({ ...filled(), lines: [] })).toEqual({ lines: "Add at least one line" });
  });
});
