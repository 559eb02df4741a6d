/*
 * Real-user speed (Core Web Vitals) of one site, as the portal's site page and the back office's
 * monitoring view show it: each metric's 75th percentile against Google's thresholds, in words
 * and colour, the share of good visits, a 90-day trend (with its table) and the slowest pages,
 * phones and desktops apart.
 */
import { lazy, useState } from "react";
import { formatNumber } from "@shared/format";
import type { DeviceVitals, SiteVitals, SlowPage, VitalFigure } from "@shared/schemas/vitals";
import {
  vitalMetrics,
  vitalNames,
  vitalThresholds,
  type VitalDevice,
  type VitalMetric,
} from "@shared/vitals";
import { Pill } from "@/components/pill";
import { cn } from "@/lib/utils";
import { ChartFigure, dayLabel, NoData, SimpleTable } from "@/components/site-parts";
import type { VitalsRange } from "./vitals-api";
import { metricLabel, ratingTone, ratingWords, vitalText } from "./vitals-text";

// uPlot comes with this chunk, fetched only once a trend is drawn.
const VitalsTrendChart = lazy(() =>
  import("./vitals-chart").then((m) => ({ default: m.VitalsTrendChart })),
);

const deviceWords: Record<VitalDevice, string> = { mobile: "Mobile", desktop: "Desktop" };
const rangeWords: Record<VitalsRange, string> = {
  "7d": "7 days",
  "30d": "30 days",
  "90d": "90 days",
};

/** Buttons of which one is pressed: the range, the device class, the charted metric. */
function Choice<T extends string>({
  label,
  value,
  options,
  words,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly T[];
  words: (option: T) => string;
  onChange: (value: T) => void;
}) {
  return (
    <div
      role="group"
      aria-label={label}
      className="inline-flex flex-wrap rounded-lg border border-border bg-muted p-0.5"
    >
      {options.map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={value === option}
          onClick={() => onChange(option)}
          className={cn(
            "min-h-11 rounded-md px-3 text-sm font-medium text-muted-foreground transition-colors sm:min-h-9",
            value === option && "bg-card text-foreground shadow-sm",
          )}
        >
          {words(option)}
        </button>
      ))}
    </div>
  );
}

function thresholdText(metric: VitalMetric) {
  const { good, poor } = vitalThresholds[metric];
  return `Good at or under ${vitalText(metric, good)}, poor over ${vitalText(metric, poor)}`;
}

function FigureCard({ figure }: { figure: VitalFigure }) {
  const { metric } = figure;
  return (
    <li
      className="flex min-w-0 flex-col gap-1 rounded-xl border border-border bg-background p-4"
      aria-label={vitalNames[metric].long}
    >
      <div className="flex items-start justify-between gap-2">
        <p className="text-sm font-semibold text-foreground">
          <abbr title={vitalNames[metric].long} className="no-underline">
            {vitalNames[metric].short}
          </abbr>
          <span className="sr-only"> ({vitalNames[metric].long})</span>
        </p>
        {figure.rating && (
          <Pill tone={ratingTone[figure.rating]} dot>
            {ratingWords[figure.rating]}
          </Pill>
        )}
      </div>
      <p className="text-2xl font-semibold tracking-tight text-foreground tabular-nums">
        {figure.p75 === null ? "No data" : vitalText(metric, figure.p75)}
      </p>
      <p className="text-xs text-muted-foreground">
        {figure.goodPercent === null
          ? "No visits reported it yet"
          : `${figure.goodPercent}% of ${formatNumber(figure.visits)} visits good`}
      </p>
      <p className="text-xs text-muted-foreground">{thresholdText(metric)}</p>
    </li>
  );
}

function SlowPages({
  title,
  metric,
  pages,
}: {
  title: string;
  metric: VitalMetric;
  pages: SlowPage[];
}) {
  return (
    <div className="min-w-0">
      <h3 className="mb-2 text-sm font-semibold text-foreground">{title}</h3>
      {pages.length === 0 ? (
        <NoData>No page has reported {vitalNames[metric].short} yet.</NoData>
      ) : (
        // Focusable, so a keyboard can scroll it on a narrow screen.
        <div
          role="region"
          aria-label={title}
          tabIndex={0}
          className="overflow-x-auto rounded-lg border border-border"
        >
          <table className="w-full text-left text-sm tabular-nums">
            <caption className="sr-only">{title}, slowest first</caption>
            <thead className="bg-muted">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  Page
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  p75
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Rating
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Visits
                </th>
              </tr>
            </thead>
            <tbody>
              {pages.map((page) => (
                <tr key={page.path} className="border-t border-border">
                  <th
                    scope="row"
                    className="max-w-48 min-w-24 px-3 py-1.5 font-normal [overflow-wrap:anywhere] text-foreground"
                  >
                    {page.path}
                  </th>
                  <td className="px-3 py-1.5 text-right whitespace-nowrap">
                    {vitalText(metric, page.p75)}
                  </td>
                  <td className="px-3 py-1.5">
                    <Pill tone={ratingTone[page.rating]}>{ratingWords[page.rating]}</Pill>
                  </td>
                  <td className="px-3 py-1.5 text-right text-muted-foreground">
                    {formatNumber(page.visits)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function Trend({ device }: { device: DeviceVitals }) {
  const [metric, setMetric] = useState<VitalMetric>("lcp");
  const days = device.trend;
  const measured = days.filter((d) => d[metric] !== null);
  const cell = (m: VitalMetric, value: number | null) =>
    value === null ? "-" : vitalText(m, value);
  const last = measured.at(-1);
  const summary = last
    ? `Line chart of the daily p75 ${vitalNames[metric].short} over 90 days, ${deviceWords[device.device].toLowerCase()}: ${measured.length} days with visits; on ${dayLabel(last.day)} it was ${cell(metric, last[metric])}. ${thresholdText(metric)}.`
    : `No ${vitalNames[metric].short} reported in the last 90 days.`;
  return (
    <div className="min-w-0">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-foreground">Trend, last 90 days (p75 a day)</h3>
        <Choice
          label="Metric charted"
          value={metric}
          options={vitalMetrics}
          words={(m) => vitalNames[m].short}
          onChange={setMetric}
        />
      </div>
      {measured.length === 0 ? (
        <NoData>{summary}</NoData>
      ) : (
        <ChartFigure
          height={220}
          summary={summary}
          chart={<VitalsTrendChart days={days} metric={metric} />}
          tableLabel="Daily p75 of each metric, as a table"
          table={
            <SimpleTable
              caption={`Daily p75 of each metric, ${deviceWords[device.device].toLowerCase()}`}
              head={["Day", ...vitalMetrics.map((m) => vitalNames[m].short)]}
              rows={days
                .filter((d) => vitalMetrics.some((m) => d[m] !== null))
                .map((d) => [dayLabel(d.day), ...vitalMetrics.map((m) => cell(m, d[m]))])}
            />
          }
        />
      )}
    </div>
  );
}

const visitsOf = (device: DeviceVitals) =>
  Math.max(0, ...device.figures.map((figure) => figure.visits));

/**
 * The panel's body for one site's vitals; `onRange` picks the figures' window (a shared view,
 * whose window follows its own range, has none).
 */
export function VitalsPanel({
  vitals,
  onRange,
}: {
  vitals: Omit<SiteVitals, "websiteId" | "domain">;
  onRange?: (range: VitalsRange) => void;
}) {
  const busiest = vitals.devices.reduce((a, b) => (visitsOf(b) > visitsOf(a) ? b : a));
  const [chosen, setChosen] = useState<VitalDevice | undefined>();
  const device = vitals.devices.find((d) => d.device === (chosen ?? busiest.device))!;
  const anyVisits = vitals.devices.some(
    (d) => visitsOf(d) > 0 || d.trend.some((day) => day.lcp !== null),
  );
  return (
    <div className="grid gap-5">
      <div className="flex flex-wrap items-center gap-3">
        <Choice
          label="Device"
          value={device.device}
          options={vitals.devices.map((d) => d.device)}
          words={(d) => deviceWords[d]}
          onChange={setChosen}
        />
        {onRange && (
          <Choice
            label="Figures over"
            value={vitals.range as VitalsRange}
            options={["7d", "30d", "90d"] as const}
            words={(r) => `${rangeWords[r]}`}
            onChange={onRange}
          />
        )}
      </div>
      {!anyVisits ? (
        <NoData>
          {vitals.enabled
            ? "No speed measured yet. Figures appear once visitors load pages with the tracking code."
            : "Real-user speed is off for this site."}
        </NoData>
      ) : (
        <>
          <div>
            <h3 className="mb-2 text-sm font-semibold text-foreground">
              {deviceWords[device.device]}, {dayLabel(vitals.from)} to {dayLabel(vitals.to)}: 75th
              percentile of each metric
            </h3>
            <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-5">
              {device.figures.map((figure) => (
                <FigureCard key={figure.metric} figure={figure} />
              ))}
            </ul>
            <p className="mt-2 text-xs text-muted-foreground">
              Three visits in four were at least this fast. {metricLabel("lcp")}: when the main
              content showed; {metricLabel("inp")}: how quickly the page answered clicks and taps.
            </p>
          </div>
          <Trend key={device.device} device={device} />
          <div className="grid gap-5 lg:grid-cols-2">
            <SlowPages title="Slowest pages by LCP" metric="lcp" pages={device.slowestByLcp} />
            <SlowPages title="Slowest pages by INP" metric="inp" pages={device.slowestByInp} />
          </div>
        </>
      )}
    </div>
  );
}
