import { describe, expect, it } from "vitest";
import { pricingPlans } from "@content/pricing";
import { catalogueLine } from "./money";
import { dateAhead, emptyEditor, freeLine, liveTotals, lineAmount, toDraft } from "./editor-state";

const website = pricingPlans.find((plan) => plan.id === "website")!;
const hosting = pricingPlans.find((plan) => plan.id === "hosting")!;

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
      { ...freeLine(), description: "Logo", price: "333.33" },
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
    expect(liveTotals([{ ...freeLine(), price: "abc" }]).oneOffCents).toBe(0);
  });
});

describe("lineAmount", () => {
  it("is quantity times price, or null", () => {
    expect(lineAmount({ ...freeLine(), quantity: "3", price: "19.99" })).toBe(5997);
    expect(lineAmount({ ...freeLine(), quantity: "x", price: "1" })).toBeNull();
  });
});

describe("toDraft", () => {
  const filled = () => ({
    ...emptyEditor(new Date(2026, 10, 25)),
    title: "A new website",
    scope: "Five pages, designed and built.",
    lines: [catalogueLine(website, 0)],
  });

  it("gives the draft in cents when everything reads", () => {
    expect(toDraft(filled())).toEqual({
      draft: {
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
      },
    });
  });

  it("names the fields that do not", () => {
    const state = {
      ...filled(),
      title: "",
      lines: [{ ...freeLine(), description: "x", price: "1.234", quantity: "0" }],
    };
    const { errors } = toDraft(state);
    expect(errors).toMatchObject({
      title: "Title must be at least 3 characters",
      "lines.0.description": "Each line needs a description of at least 2 characters",
      "lines.0.price": "Enter a price in dollars, such as 2,000 or 49.99",
      "lines.0.quantity": "Quantity must be a whole number from 1 to 1,000",
    });
  });

  it("asks for a line", () => {
    expect(toDraft({ ...filled(), lines: [] }).errors).toMatchObject({
      lines: "Add at least one line",
    });
  });
});
