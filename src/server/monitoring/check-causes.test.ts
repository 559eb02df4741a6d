import { describe, expect, it } from "vitest";
import { causeLabel, causeLabels, causeText } from "@shared/check-causes";
import { incidentCauses } from "../db/schema";

/*
 * The causes the monitor records and the words the portal and the back office show for them:
 * one list, so a cause added to the database's list without words fails here.
 */

describe("a failed check's cause in words", () => {
  it("has words for every cause the monitor records, the keyword check's included", () => {
    for (const cause of incidentCauses) {
      expect(causeLabels[cause], cause).toMatch(/^[A-Z]/);
    }
    expect(causeLabel("keyword")).toBe("Wrong page content");
    expect(causeLabel("timeout")).toBe("Timed out");
    expect(Object.keys(causeLabels).sort()).toEqual([...incidentCauses].sort());
  });

  it("adds the monitor's detail only when it says more than the label", () => {
    expect(causeText("http", "HTTP 503")).toBe("Server error · HTTP 503");
    expect(causeText("refused", "connection refused")).toBe("Connection refused");
    expect(causeText("timeout", null)).toBe("Timed out");
  });

  it("shows a cause it does not know yet in title case rather than as a code", () => {
    expect(causeLabel("rate_limited")).toBe("Rate Limited");
  });
});
