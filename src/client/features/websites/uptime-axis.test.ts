import { describe, expect, it } from "vitest";
import { uptimeAxisRange } from "./uptime-axis";

/** The share of the chart's height the day's bar stands. */
const barHeight = (percent: number, [min, max]: [number, number]) => (percent - min) / (max - min);

describe("the uptime chart's axis", () => {
  it("includes a 75% day well above its floor, not as a sliver", () => {
    const range = uptimeAxisRange([100, 99.9, 75, 99.5]);
    expect(range[0]).toBeLessThan(75);
    expect(barHeight(75, range)).toBeGreaterThanOrEqual(0.2);
    expect(range).toEqual([60, 100]);
  });

  it("stays close to 100 on good days and reaches 0 on the worst", () => {
    expect(uptimeAxisRange([100, 100])).toEqual([99, 100]);
    expect(uptimeAxisRange([99.44, 99.02])).toEqual([98.5, 100]);
    expect(barHeight(99.02, uptimeAxisRange([99.44, 99.02]))).toBeGreaterThanOrEqual(0.2);
    expect(uptimeAxisRange([0, 100])).toEqual([0, 100]);
    expect(uptimeAxisRange([])).toEqual([99, 100]);
  });

  it("leaves every bad day a bar of a fifth of the chart or more", () => {
    // Below 25% the axis starts at 0: the bar is as short as the day was bad.
    for (let worst = 25; worst <= 100; worst += 0.37) {
      const range = uptimeAxisRange([worst]);
      expect(barHeight(worst, range), String(worst)).toBeGreaterThanOrEqual(0.2);
    }
  });
});
