/**
 * The site page's charts, drawn with uPlot on a canvas. This module (and uPlot with its CSS) is
 * its own chunk, fetched only by the site page. Each chart is decoration for sighted readers:
 * the page gives every one a summary and a table (see site-page.tsx).
 */
import { useMemo, useState } from "react";
import uPlot from "uplot";
import { Chart, chartAxis, chartColors } from "@/components/uplot-chart";
import { uptimeAxisRange } from "./uptime-axis";

const { ink, gold, goldDeep, red, violet } = chartColors;
const axis = chartAxis;

type Hover = number | null;

const shortDay = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});
const dayLabel = (day: string) => shortDay.format(new Date(`${day}T00:00:00Z`));
const compact = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 });

/** The hover line above a chart: what the pointer is on, or the hint. */
function Readout({ children }: { children: React.ReactNode }) {
  return (
    <p aria-hidden="true" className="mb-2 min-h-5 text-xs text-muted-foreground tabular-nums">
      {children}
    </p>
  );
}

function dayTicks(days: string[]) {
  return (_u: uPlot, splits: number[]) =>
    splits.map((i) => (Number.isInteger(i) && days[i] ? dayLabel(days[i]) : ""));
}

export function VisitorsChart({
  days,
}: {
  days: { day: string; visitors: number; pageViews: number }[];
}) {
  const [at, setAt] = useState<Hover>(null);
  // Built again for another range's days.
  const setup = useMemo(() => {
    const labels = days.map((d) => d.day);
    const options: Omit<uPlot.Options, "width" | "height"> = {
      scales: { x: { time: false }, y: { range: (_u, _min, max) => [0, Math.max(10, max * 1.1)] } },
      cursor: { points: { size: 7 }, y: false, drag: { x: false, y: false } },
      series: [
        {},
        {
          label: "Page views",
          stroke: ink,
          width: 1.5,
          dash: [4, 3],
          points: { show: false },
        },
        {
          label: "Visitors",
          stroke: goldDeep,
          width: 2.25,
          fill: "rgba(212,175,55,0.22)",
          points: { show: false },
        },
      ],
      axes: [
        axis(dayTicks(labels), 56),
        axis((_u, splits) => splits.map((v) => compact.format(v)), 32, 40),
      ],
    };
    const data: uPlot.AlignedData = [
      days.map((_, i) => i),
      days.map((d) => d.pageViews),
      days.map((d) => d.visitors),
    ];
    return { options, data };
  }, [days]);
  const point = at === null ? undefined : days[at];
  return (
    <>
      <Readout>
        {point
          ? `${dayLabel(point.day)}: ${point.visitors.toLocaleString("en-US")} visitors, ${point.pageViews.toLocaleString("en-US")} page views`
          : "Point at the chart to see a day."}
      </Readout>
      <Chart {...setup} height={240} onHover={setAt} />
      <Legend
        items={[
          { label: "Visitors", swatch: "bg-gold-500" },
          { label: "Page views", swatch: "h-0 border-t-2 border-dashed border-ink-700" },
        ]}
      />
    </>
  );
}

export function UptimeChart({
  days,
  incidentDays,
}: {
  days: {
    day: string;
    uptimePercent: number | null;
    responseMs: number | null;
    maintenanceChecks: number;
  }[];
  /** The days an incident began on. */
  incidentDays: Set<string>;
}) {
  const [at, setAt] = useState<Hover>(null);
  const setup = useMemo(() => {
    const labels = days.map((d) => d.day);
    const measured = days.flatMap((d) =>
      d.uptimePercent === null ? (d.maintenanceChecks > 0 ? [100] : []) : [d.uptimePercent],
    );
    const bars = uPlot.paths.bars!({ size: [0.7, 28], gap: 1 });
    const options: Omit<uPlot.Options, "width" | "height"> = {
      scales: {
        x: { time: false, range: [-0.5, days.length - 0.5] },
        y: { range: uptimeAxisRange(measured) },
      },
      cursor: { points: { show: false }, y: false, drag: { x: false, y: false } },
      series: [
        {},
        { label: "Uptime", fill: ink, stroke: ink, paths: bars, points: { show: false } },
        { label: "Incident", fill: red, stroke: red, paths: bars, points: { show: false } },
        {
          label: "Maintenance",
          fill: violet,
          stroke: violet,
          paths: bars,
          points: { show: false },
        },
      ],
      axes: [
        axis(dayTicks(labels), 56),
        axis((_u, splits) => splits.map((v) => `${Number(v.toFixed(2))}%`), 30, 52),
      ],
    };
    // An incident's day is red; a day with maintenance (not counted in its uptime) is violet,
    // drawn full when the whole day was maintenance.
    const kind = (d: (typeof days)[number]) =>
      incidentDays.has(d.day) ? "incident" : d.maintenanceChecks > 0 ? "maintenance" : "up";
    const data: uPlot.AlignedData = [
      days.map((_, i) => i),
      days.map((d) => (kind(d) === "up" ? d.uptimePercent : null)),
      days.map((d) => (kind(d) === "incident" ? d.uptimePercent : null)),
      days.map((d) => (kind(d) === "maintenance" ? (d.uptimePercent ?? 100) : null)),
    ];
    return { options, data };
  }, [days, incidentDays]);
  const point = at === null ? undefined : days[at];
  return (
    <>
      <Readout>
        {point
          ? point.uptimePercent === null
            ? `${dayLabel(point.day)}: ${point.maintenanceChecks > 0 ? "maintenance" : "not checked"}`
            : `${dayLabel(point.day)}: ${point.uptimePercent}% up${point.responseMs === null ? "" : `, ${point.responseMs} ms average response`}${incidentDays.has(point.day) ? ", incident" : ""}${point.maintenanceChecks > 0 ? ", maintenance not counted" : ""}`
          : "Point at a bar to see a day."}
      </Readout>
      <Chart {...setup} height={180} onHover={setAt} />
      <Legend
        items={[
          { label: "Uptime per day", swatch: "bg-ink-700" },
          { label: "Day with an incident", swatch: "bg-red-700" },
          { label: "Day with maintenance (not counted)", swatch: "bg-violet-700" },
        ]}
      />
    </>
  );
}

/** Average response time per hour (a week) or per day, as a line; gaps where none answered. */
export function ResponseChart({
  granularity,
  points,
  label,
}: {
  granularity: "hour" | "day";
  points: { at: string; responseMs: number | null; maintenance: boolean }[];
  label: (at: string, granularity: "hour" | "day") => string;
}) {
  const [at, setAt] = useState<Hover>(null);
  const anyMaintenance = points.some((p) => p.maintenance);
  const setup = useMemo(() => {
    const days = points.map((p) => p.at.slice(0, 10));
    // Time inside a maintenance window is shaded violet, the chart's full height.
    const top = Math.max(100, ...points.map((p) => p.responseMs ?? 0));
    const options: Omit<uPlot.Options, "width" | "height"> = {
      scales: {
        x: { time: false },
        y: { range: (_u, _min, max) => [0, Math.max(100, max * 1.15)] },
      },
      cursor: { points: { size: 6 }, y: false, drag: { x: false, y: false } },
      series: [
        {},
        { label: "Response time", stroke: goldDeep, width: 1.75, points: { show: false } },
        {
          label: "Maintenance",
          fill: "rgba(109,40,217,0.16)",
          stroke: "transparent",
          paths: uPlot.paths.bars!({ size: [1, Infinity], gap: 0 }),
          points: { show: false },
        },
      ],
      axes: [
        granularity === "hour"
          ? {
              // A week per hour: a tick at each midnight, labelled every other day when narrow.
              ...axis(
                (u, splits) =>
                  splits.map((i) =>
                    days[i] && (u.width >= 480 || i % 48 === 0) ? dayLabel(days[i]) : "",
                  ),
                56,
              ),
              splits: () => points.flatMap((_, i) => (i % 24 === 0 ? [i] : [])),
            }
          : axis(dayTicks(days), 56),
        axis((_u, splits) => splits.map((v) => `${compact.format(v)} ms`), 30, 52),
      ],
    };
    const data: uPlot.AlignedData = [
      points.map((_, i) => i),
      points.map((p) => p.responseMs),
      points.map((p) => (p.maintenance ? top : null)),
    ];
    return { options, data };
  }, [points, granularity]);
  const point = at === null ? undefined : points[at];
  return (
    <>
      <Readout>
        {point
          ? `${label(point.at, granularity)}: ${point.responseMs === null ? "no answer" : `${point.responseMs.toLocaleString("en-US")} ms average`}${point.maintenance ? ", maintenance" : ""}`
          : `Point at the line to see ${granularity === "hour" ? "an hour" : "a day"}.`}
      </Readout>
      <Chart {...setup} height={180} onHover={setAt} />
      {anyMaintenance && (
        <Legend
          items={[
            { label: "Response time", swatch: "bg-gold-700" },
            { label: "Maintenance", swatch: "bg-violet-200" },
          ]}
        />
      )}
    </>
  );
}

const monthLabel = new Intl.DateTimeFormat("en-US", { month: "short", timeZone: "UTC" });
const monthYear = new Intl.DateTimeFormat("en-US", {
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

export function BandwidthChart({
  months,
  format,
}: {
  months: { month: string; bytes: number }[];
  format: (bytes: number) => string;
}) {
  const [at, setAt] = useState<Hover>(null);
  const setup = useMemo(() => {
    const gb = months.map((m) => m.bytes / 1e9);
    const options: Omit<uPlot.Options, "width" | "height"> = {
      scales: {
        x: { time: false, range: [-0.5, months.length - 0.5] },
        y: { range: (_u, _min, max) => [0, Math.max(1, max * 1.15)] },
      },
      cursor: { points: { show: false }, y: false, drag: { x: false, y: false } },
      series: [
        {},
        {
          label: "Bandwidth",
          fill: gold,
          stroke: goldDeep,
          width: 1,
          paths: uPlot.paths.bars!({ size: [0.66, 40], gap: 2 }),
          points: { show: false },
        },
      ],
      axes: [
        axis(
          (_u, splits) =>
            splits.map((i) =>
              Number.isInteger(i) && months[i]
                ? monthLabel.format(new Date(`${months[i].month}-01T00:00:00Z`))
                : "",
            ),
          34,
        ),
        axis((_u, splits) => splits.map((v) => `${Number(v.toFixed(1))} GB`), 30, 56),
      ],
    };
    return { options, data: [months.map((_, i) => i), gb] as uPlot.AlignedData };
  }, [months]);
  const point = at === null ? undefined : months[at];
  return (
    <>
      <Readout>
        {point
          ? `${monthYear.format(new Date(`${point.month}-01T00:00:00Z`))}: ${format(point.bytes)}`
          : "Point at a bar to see a month."}
      </Readout>
      <Chart {...setup} height={200} onHover={setAt} />
    </>
  );
}

function Legend({ items }: { items: { label: string; swatch: string }[] }) {
  return (
    <ul
      aria-hidden="true"
      className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-xs text-muted-foreground"
    >
      {items.map(({ label, swatch }) => (
        <li key={label} className="flex items-center gap-2">
          <span
            className={`inline-block w-4 rounded-sm ${swatch.startsWith("h-0") ? "" : "h-2.5"} ${swatch}`}
          />
          {label}
        </li>
      ))}
    </ul>
  );
}
