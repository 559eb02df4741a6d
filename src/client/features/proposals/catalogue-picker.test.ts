import { describe, expect, it } from "vitest";
import { pricingPlans } from "@content/pricing";
import { catalogueLine } from "./catalogue-picker";

describe("catalogueLine", () => {
  it("describes a one-off build from its plan and example", () => {
    const website = pricingPlans.find((plan) => plan.id === "website")!;
    expect(catalogueLine(website, 0)).toMatchObject({
      description: "Website Design & Build: Small Business Site",
      detail: "5-10 pages",
      planId: "website",
      billing: "one-off",
      quantity: "1",
      price: "2000",
    });
  });

  it("bills a monthly plan monthly", () => {
    const hosting = pricingPlans.find((plan) => plan.id === "hosting")!;
    expect(catalogueLine(hosting, 0)).toMatchObject({ billing: "monthly", price: "40" });
  });
});
