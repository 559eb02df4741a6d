import { describe, expect, it } from "vitest";
import { linesEstimateMinutes } from "./estimates";

const line = (description: string, detail: string | null, quantity = 1, billing = "one-off") => ({
  description,
  detail,
  planId: null,
  billing: billing as "one-off" | "monthly",
  quantity,
  unitPriceCents: 10_000,
});

describe("a proposal's hours estimate", () => {
  it("counts the hours its one-off lines name, and the quantity of lines sold by the hour", () => {
    expect(
      linesEstimateMinutes([
        line("Content migration, 12 hours", null),
        line("Training session", "1.5 hrs", 2),
        line("Development (per hour)", null, 20),
        line("Small Business Site", "5-10 pages"),
        line("Monthly care hours", null, 3, "monthly"),
      ]),
    ).toBe((12 + 3 + 20) * 60);
  });

  it("is none when no line speaks of hours", () => {
    expect(linesEstimateMinutes([line("Small Business Site", "5-10 pages")])).toBeNull();
  });
});
