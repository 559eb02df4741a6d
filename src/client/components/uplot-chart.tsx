/**
 * A uPlot chart on a canvas, and the site page's colours and axes for it. Importing this module
 * brings uPlot and its CSS: import it only from lazily loaded chart modules.
 */
import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";

const ink = "#2a2a30";
const inkSoft = "#6b6b73";
const grid = "rgba(17,17,19,0.07)";
const gold = "#d4af37";
const goldDeep = "#7a5f16";
const red = "#b42318";
const violet = "#6d28d9";
const font = '11px "Inter Variable", system-ui, sans-serif';

type Hover = number | null;

/** A uPlot chart that fills its box's width and follows it (ResizeObserver). */
export function Chart({
  options,
  data,
  height,
  onHover,
}: {
  options: Omit<uPlot.Options, "width" | "height">;
  data: uPlot.AlignedData;
  height: number;
  /** Must be stable (a state setter): the chart is built again when it changes. */
  onHover?: (index: Hover) => void;
}) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const target = box.current;
    if (!target) return;
    const width = () => Math.max(200, Math.floor(target.clientWidth));
    const chart = new uPlot(
      {
        ...options,
        width: width(),
        height,
        legend: { show: false },
        hooks: {
          setCursor: [(u) => onHover?.(u.cursor.idx ?? null)],
        },
      },
      data,
      target,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: width(), height }));
    resize.observe(target);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [options, data, height, onHover]);

  return <div ref={box} className="w-full" data-chart="" />;
}

export const chartAxis = (
  values: uPlot.Axis["values"],
  space: number,
  size?: number,
): uPlot.Axis => ({
  stroke: inkSoft,
  font,
  values,
  space,
  ...(size === undefined ? {} : { size }),
  gap: 6,
  grid: { stroke: grid, width: 1 },
  ticks: { show: false },
});

export const chartColors = { ink, inkSoft, grid, gold, goldDeep, red, violet, font };
