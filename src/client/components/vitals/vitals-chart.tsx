/**
 * The real-user speed trend: one metric's p75 a day over 90 days, with Google's good and poor
 * lines. Decoration for sighted readers: the panel gives a summary and a table (vitals-panel.tsx).
 */
import { useMemo } from "react";
import type uPlot from "uplot";
import type { VitalDay } from "@shared/schemas/vitals";
import { vitalThresholds, type VitalMetric } from "@shared/vitals";
import { dayLabel } from "@/components/site-parts";
import { Chart, chartAxis, chartColors } from "@/components/uplot-chart";
import { vitalText } from "./vitals-text";

export function VitalsTrendChart({ days, metric }: { days: VitalDay[]; metric: VitalMetric }) {
  const setup = useMemo(() => {
    const { good, poor } = vitalThresholds[metric];
    const values = days.map((d) => d[metric]);
    const top = Math.max(poor * 1.2, ...values.map((v) => v ?? 0));
    const options: Omit<uPlot.Options, "width" | "height"> = {
      scales: { x: { time: false }, y: { range: () => [0, top * 1.05] } },
      cursor: { points: { size: 7 }, y: false, drag: { x: false, y: false } },
      series: [
        {},
        { label: "Good", stroke: "#047857", width: 1, dash: [4, 4], points: { show: false } },
        { label: "Poor", stroke: chartColors.red, width: 1, dash: [4, 4], points: { show: false } },
        {
          label: "p75",
          stroke: chartColors.goldDeep,
          width: 2.25,
          spanGaps: true,
          points: { show: true, size: 4 },
        },
      ],
      axes: [
        chartAxis(
          (_u, splits) =>
            splits.map((i) => (Number.isInteger(i) && days[i] ? dayLabel(days[i].day) : "")),
          56,
        ),
        chartAxis((_u, splits) => splits.map((v) => vitalText(metric, v)), 32, 56),
      ],
    };
    const data: uPlot.AlignedData = [
      days.map((_, i) => i),
      days.map(() => good),
      days.map(() => poor),
      values,
    ];
    return { options, data };
  }, [days, metric]);
  return <Chart {...setup} height={220} />;
}
