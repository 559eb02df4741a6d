import { describe, expect, it } from "vitest";
import { serviceLevelFor } from "./response-targets";

describe("first-response targets by plan", () => {
  it("gives maintenance clients 4 hours, whatever the plan is called", () => {
    for (const plan of [
      "Management & Maintenance",
      "Basic Care",
      "premium care",
      "Monthly maintenance",
    ]) {
      expect(serviceLevelFor(["VPS Hosting", plan]), plan).toEqual({
        label: "Maintenance",
        hours: 4,
        plan,
      });
    }
  });

  it("gives everyone else 24 hours, naming their first plan", () => {
    expect(serviceLevelFor(["VPS Hosting", "Business Hosting"])).toEqual({
      label: "Standard",
      hours: 24,
      plan: "VPS Hosting",
    });
    expect(serviceLevelFor([])).toEqual({ label: "Standard", hours: 24, plan: null });
  });
});
