import { incidentUpdateStatusLabels } from "@shared/incident-status";
import { lazy, useMemo } from "react";
import { Activity, ShieldCheck } from "lucide-react";
import type { SiteHealth, SiteIncident } from "@shared/schemas/site-health";
import { isLive } from "@shared/website-figures";
import { checkIntervalText } from "@shared/site-range";
import { causeText } from "@shared/check-causes";
import { formatDateTime, formatDuration, formatNumber, timeAgo } from "@shared/format";
import { Pill } from "@/components/pill";
import { MaintenanceList } from "./site-maintenance";
import { ChartFigure, dayLabel, NoData, Section, SimpleTable } from "./site-parts";
import { HeartbeatList } from "./site-heartbeats";

// uPlot comes with this chunk, fetched only on the site page, after its text is shown.
const UptimeChart = lazy(() => import("./site-charts").then((m) => ({ default: m.UptimeChart })));
const ResponseChart = lazy(() =>
  import("./site-charts").then((m) => ({ default: m.ResponseChart })),
);

/**
 * "Checked every 5 minutes. Last check 2 min ago, answered in 180 ms." A failed check did not
 * answer: it says why instead of a response time.
 */
export function checkText(health: SiteHealth, now: number): string {
  const { uptime } = health;
  if (!isLive(health.website.status)) {
    return "Not live yet: we start checking it the day it launches.";
  }
  const every = `Checked ${checkIntervalText(health.checkIntervalSeconds)}`;
  if (!uptime.lastCheckedAt) return `${every} once live.`;
  const last = `Last check ${timeAgo(uptime.lastCheckedAt, now)}`;
  // The page answered, but failed its keyword check.
  if (uptime.lastCause === "keyword") return `${every}. ${last}: wrong page content.`;
  if (uptime.lastCause)
    return `${every}. ${last}: no answer (${causeText(uptime.lastCause, null)}).`;
  return `${every}. ${last}${uptime.lastResponseMs === null ? "" : `, answered in ${uptime.lastResponseMs} ms`}.`;
}

function IncidentList({ incidents, range }: { incidents: SiteIncident[]; range: string }) {
  if (incidents.length === 0) {
    return (
      <p className="flex items-center gap-2 rounded-xl bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
        <ShieldCheck className="size-4 shrink-0" aria-hidden="true" />
        No incidents in {range}.
      </p>
    );
  }
  return (
    <ul aria-label="Incidents" className="divide-y divide-border rounded-xl border border-border">
      {incidents.map((incident) => (
        <li
          key={incident.startedAt}
          className="flex flex-col gap-1 px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between"
        >
          <div className="min-w-0">
            <p className="font-medium text-foreground">
              {incident.title ?? causeText(incident.cause, incident.detail)}
            </p>
            <p className="text-muted-foreground">
              <time dateTime={incident.startedAt}>{formatDateTime(incident.startedAt)}</time>
            </p>
            {incident.updates.length > 0 && (
              <ol aria-label="Updates from us" className="mt-2 flex flex-col gap-1.5">
                {[...incident.updates].reverse().map((update) => (
                  <li key={update.id} className="border-l-2 border-gold-400 pl-3">
                    <span className="font-medium">{incidentUpdateStatusLabels[update.status]}</span>{" "}
                    <time dateTime={update.createdAt} className="text-xs text-muted-foreground">
                      {formatDateTime(update.createdAt)}
                    </time>
                    <span className="block whitespace-pre-wrap">{update.message}</span>
                  </li>
                ))}
              </ol>
            )}
          </div>
          {incident.endedAt === null ? (
            <Pill tone="red" dot>
              Ongoing · {formatDuration(incident.durationSeconds)}
            </Pill>
          ) : (
            <span className="text-muted-foreground tabular-nums">
              Down {formatDuration(incident.durationSeconds)}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

const hourLabel = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  hour: "numeric",
  timeZone: "UTC",
});
/** A response-time point's label: its day, or its hour (UTC) for a week. */
export const pointLabel = (at: string, granularity: "hour" | "day") =>
  granularity === "hour" ? `${hourLabel.format(new Date(at))} UTC` : dayLabel(at.slice(0, 10));

/** A day's uptime in the table: the time in maintenance is not counted, and says so. */
const uptimeCell = (d: SiteHealth["days"][number]) => {
  const maintenance = d.maintenanceChecks > 0;
  if (d.uptimePercent === null) return maintenance ? "Maintenance" : "Not checked";
  return maintenance ? `${d.uptimePercent}% (maintenance not counted)` : `${d.uptimePercent}%`;
};

/** Uptime per day and response time, side by side, then the range's incidents and maintenance. */
export function UptimeSection({
  health,
  now,
  range,
}: {
  health: SiteHealth;
  now: number;
  /** "the last 30 days", "October 2026". */
  range: string;
}) {
  const { days, uptime, responseTimes } = health;
  const live = isLive(health.website.status);
  const checked = days.filter((d) => d.uptimePercent !== null);
  const maintained = days.filter((d) => d.maintenanceChecks > 0);
  // One set per answer, so the chart is not built again on every render.
  const incidentDays = useMemo(
    () =>
      new Set(
        health.uptime.incidents.flatMap((i) => {
          const start = i.startedAt.slice(0, 10);
          return start >= health.from ? [start] : [];
        }),
      ),
    [health],
  );
  const lowest = checked.reduce<(typeof days)[number] | undefined>(
    (low, d) => (low && low.uptimePercent! <= d.uptimePercent! ? low : d),
    undefined,
  );
  const answered = responseTimes.points.filter((p) => p.responseMs !== null);
  const slowest = answered.reduce<(typeof answered)[number] | undefined>(
    (top, p) => (top && top.responseMs! >= p.responseMs! ? top : p),
    undefined,
  );
  const average = answered.length
    ? Math.round(answered.reduce((sum, p) => sum + p.responseMs!, 0) / answered.length)
    : null;
  const per = responseTimes.granularity === "hour" ? "hour" : "day";

  return (
    <Section
      id="uptime-heading"
      title="Uptime and incidents"
      icon={Activity}
      description={checkText(health, now)}
    >
      {live && uptime.percent !== null && (
        <p className="mb-4 text-sm text-foreground">
          <span className="font-display text-2xl font-semibold tabular-nums">
            {uptime.percent}%
          </span>{" "}
          <span className="text-muted-foreground">up over {range}</span>
        </p>
      )}
      {checked.length || maintained.length ? (
        <div className="grid gap-6 lg:grid-cols-2">
          <div className="min-w-0">
            <h3 className="mb-2 font-sans text-sm font-semibold text-foreground">Uptime per day</h3>
            <ChartFigure
              height={180}
              summary={`Bar chart of uptime per day over ${range}: ${checked.length} days checked, ${uptime.percent ?? "no"}${uptime.percent === null ? "" : "%"} uptime overall${lowest ? `; lowest ${lowest.uptimePercent}% on ${dayLabel(lowest.day)}` : ""}; ${uptime.incidents.length} ${uptime.incidents.length === 1 ? "incident" : "incidents"}${maintained.length ? `; maintenance on ${maintained.length} ${maintained.length === 1 ? "day" : "days"}, not counted` : ""}.`}
              chart={<UptimeChart days={days} incidentDays={incidentDays} />}
              tableLabel="Uptime per day, as a table"
              table={
                <SimpleTable
                  caption="Uptime and average response time per day"
                  head={["Day", "Uptime", "Avg. response"]}
                  rows={days.map((d) => [
                    dayLabel(d.day),
                    uptimeCell(d),
                    d.responseMs === null ? "-" : `${d.responseMs} ms`,
                  ])}
                />
              }
            />
          </div>
          <div className="min-w-0">
            <h3 className="mb-2 font-sans text-sm font-semibold text-foreground">
              Response time per {per}
            </h3>
            <ChartFigure
              height={180}
              summary={`Line chart of the average response time per ${per} over ${range}${average === null ? ": no check answered" : `: ${formatNumber(average)} ms on average${slowest ? `, slowest ${formatNumber(slowest.responseMs!)} ms (${pointLabel(slowest.at, responseTimes.granularity)})` : ""}`}.`}
              chart={<ResponseChart {...responseTimes} label={pointLabel} />}
              tableLabel={`Response time per ${per}, as a table`}
              table={
                <SimpleTable
                  caption={`Average response time per ${per}`}
                  head={[per === "hour" ? "Hour" : "Day", "Avg. response"]}
                  rows={responseTimes.points.map((p) => [
                    pointLabel(p.at, responseTimes.granularity),
                    `${p.responseMs === null ? "-" : `${formatNumber(p.responseMs)} ms`}${p.maintenance ? " (maintenance)" : ""}`,
                  ])}
                />
              }
            />
          </div>
        </div>
      ) : (
        <NoData>
          {live ? "No checks recorded yet." : "No checks yet: uptime is measured once live."}
        </NoData>
      )}
      <h3 className="mt-6 mb-3 font-sans text-sm font-semibold text-foreground">
        Incidents in {range}
      </h3>
      <IncidentList incidents={uptime.incidents} range={range} />
      <HeartbeatList heartbeats={health.heartbeats} now={now} />
      {health.maintenanceWindows.length > 0 && (
        <>
          <h3 className="mt-6 mb-1 font-sans text-sm font-semibold text-foreground">Maintenance</h3>
          <p className="mb-3 text-sm text-muted-foreground">
            We keep checking during maintenance, but that time does not count against uptime.
          </p>
          <MaintenanceList windows={health.maintenanceWindows} />
        </>
      )}
    </Section>
  );
}
