import { describe, expect, it } from "vitest";
import { pdfContentStreams, pdfText } from "../../../tests/support/pdf";
import { barChart, lineChart, niceMax } from "./pdf-charts";
import { renderPdf } from "./pdf";

/** Whether an operator line sets the brand's gold (#D4AF37), for filling (scn) or stroking (SCN). */
function setsGold(line: string, operator: "scn" | "SCN"): boolean | undefined {
  const color = /^([\d.]+) ([\d.]+) ([\d.]+) (scn|SCN)$/.exec(line);
  if (!color || color[4] !== operator) return undefined;
  return [212, 175, 55].every((value, i) => Math.round(Number(color[i + 1]) * 255) === value);
}

/** Rectangles filled in the brand's gold, as [x, y, width, height]. */
function goldRectangles(stream: string): number[][] {
  const found: number[][] = [];
  let gold = false;
  for (const line of stream.split("\n")) {
    gold = setsGold(line, "scn") ?? gold;
    const rect = /^(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re$/.exec(line);
    if (rect && gold) found.push(rect.slice(1).map(Number));
  }
  return found;
}

/** The points of the polylines stroked in the brand's gold: one list a line. */
function goldLines(stream: string): number[][][] {
  const lines: number[][][] = [];
  let current: number[][] = [];
  for (const line of stream.split("\n")) {
    const point = /^(-?[\d.]+) (-?[\d.]+) ([ml])$/.exec(line);
    if (point) {
      if (point[3] === "m" && current.length > 1) lines.push(current);
      if (point[3] === "m") current = [];
      current.push([Number(point[1]), Number(point[2])]);
    } else if (setsGold(line, "SCN") !== undefined) {
      // The points before a colour is set are stroked in it: kept when it is gold.
      if (setsGold(line, "SCN") && current.length > 1) lines.push(current);
      current = [];
    }
  }
  return lines;
}

describe("vector charts", () => {
  it("rounds the axis up to four even steps", () => {
    expect(niceMax(0)).toBe(1);
    expect(niceMax(37)).toBe(40);
    expect(niceMax(99.2)).toBe(100);
    expect(niceMax(1_234)).toBe(2_000);
  });

  it("draws a bar a value, as high as its value, on one baseline, with its labels", async () => {
    const bytes = await renderPdf({ title: "Chart" }, (doc) => {
      barChart(doc, {
        labels: ["Sep", "Oct", "Nov"],
        series: [{ name: "Visitors", values: [100, 200, 400] }],
        height: 100,
        format: (value) => `${value} visits`,
      });
    });
    const [page] = pdfContentStreams(bytes);
    const bars = goldRectangles(page!).filter(([, , width]) => width! > 20);
    expect(bars).toHaveLength(3);
    const heights = bars.map(([, , , height]) => height!);
    // An axis up to 400: the bars are a quarter, a half and the whole of the plot's 100 points.
    expect(heights).toEqual([25, 50, 100]);
    const baselines = bars.map(([, y, , height]) => y! + height!);
    expect(new Set(baselines).size).toBe(1);
    const text = await pdfText(bytes);
    for (const label of ["Sep", "Oct", "Nov", "0 visits", "400 visits"])
      expect(text).toContain(label);
  });

  it("draws a line through each value, and breaks it where a value is missing", async () => {
    const bytes = await renderPdf({ title: "Chart" }, (doc) => {
      lineChart(doc, {
        labels: ["1", "2", "3", "4", "5"],
        series: [
          { name: "p95", values: [80, 40, NaN, 20, 0] },
          { name: "p50", values: [10, 10, 10, 10, 10] },
        ],
        height: 80,
        format: (value) => `${value} ms`,
      });
    });
    const [page] = pdfContentStreams(bytes);
    // The chart's lines, not the logo's (drawn small, near the page's corner).
    const lines = goldLines(page!).filter((line) => line.every(([x]) => x! > 60));
    expect(lines).toHaveLength(2);
    const [before, after] = lines as [number[][], number[][]];
    expect(before).toHaveLength(2);
    expect(after).toHaveLength(2);
    // On an axis up to 80 over 80 points: 80 at the top, 40 halfway, 20 a quarter up, 0 at the base.
    const base = before[0]![1]! + 80;
    expect(before.map(([, y]) => base - y!)).toEqual([80, 40]);
    expect(after.map(([, y]) => base - y!)).toEqual([20, 0]);
    // Evenly spaced: the points stand at the 1st, 2nd, 4th and 5th of five places.
    const step = before[1]![0]! - before[0]![0]!;
    expect(after[0]![0]! - before[0]![0]!).toBeCloseTo(3 * step);
    const text = await pdfText(bytes);
    expect(text).toContain("p95");
    expect(text).toContain("p50");
    expect(text).toContain("80 ms");
  });
});
