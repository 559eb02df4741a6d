import { describe, expect, it } from "vitest";
import { pricingPlans, type PricingExample } from "@content/pricing";
import { catalogueLine } from "./catalogue-picker";

/**
 * The catalogue is the agency's to edit: what a line must say is read from it. Its price is the
 * example's first dollar figure, as the dollars typed in the editor ("$2,000 - $4,000": "2000").
 */
const firstFigure = (example: PricingExample) =>
  /\$([\d,]+)/.exec(example.price)![1]!.replaceAll(",", "");

describe("catalogueLine", () => {
  it("describes a one-off build from its plan and example", () => {
    const oneOff = pricingPlans.find((plan) => !plan.period)!;
    const example = oneOff.examples[0]!;
    expect(catalogueLine(oneOff, 0)).toMatchObject({
      description: `${oneOff.name}: ${example.type}`,
      detail: example.pages,
      planId: oneOff.id,
      billing: "one-off",
      quantity: "1",
      price: firstFigure(example),
    });
  });

  it("bills a monthly plan monthly", () => {
    const monthly = pricingPlans.find((plan) => plan.period === "/mo")!;
    expect(catalogueLine(monthly, 0)).toMatchObject({
      billing: "monthly",
      price: firstFigure(monthly.examples[0]!),
    });
  });
});
