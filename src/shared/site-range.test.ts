import { describe, expect, it } from "vitest";
import { checkIntervalText, isSiteRange, siteWindow } from "./site-range";

describe("site ranges", () => {
  const now = new Date("2026-11-20T10:00:00Z");

  it("end today for a preset and run a calendar month for a month", () => {
    expect(siteWindow("7d", now)).toEqual({
      from: "2026-11-14",
      to: "2026-11-20",
      days: 7,
      granularity: "hour",
    });
    expect(siteWindow("90d", now)).toMatchObject({
      from: "2026-08-23",
      days: 90,
      granularity: "day",
    });
    expect(siteWindow("2026-02", now)).toEqual({
      from: "2026-02-01",
      to: "2026-02-28",
      days: 28,
      granularity: "day",
    });
    // The current month runs to today; a later one has no window.
    expect(siteWindow("2026-11", now)).toMatchObject({ from: "2026-11-01", to: "2026-11-20" });
    expect(siteWindow("2026-12", now)).toBeUndefined();
  });

  it("accept the presets and YYYY-MM only", () => {
    expect(["7d", "30d", "90d", "2025-01"].every(isSiteRange)).toBe(true);
    expect(["14d", "2025-13", "2025-1", "month", ""].some(isSiteRange)).toBe(false);
  });

  it("word the check interval", () => {
    expect(checkIntervalText(60)).toBe("every minute");
    expect(checkIntervalText(300)).toBe("every 5 minutes");
    expect(checkIntervalText(30)).toBe("every 30 seconds");
    expect(checkIntervalText(90)).toBe("every 90 seconds");
    expect(checkIntervalText(3600)).toBe("every hour");
  });
});
