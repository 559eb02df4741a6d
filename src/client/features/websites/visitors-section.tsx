import { lazy } from "react";
import { Users } from "lucide-react";
import type { SiteHealth, SiteHealthDay } from "@shared/schemas/site-health";
import { formatNumber } from "@shared/format";
import { rangeText } from "./range-picker";
import { ChartFigure, dayLabel, NoData, noVisits, Section, SimpleTable } from "./site-parts";

// uPlot and its CSS come with this chunk, fetched only here, after the page's text is shown.
const VisitorsChart = lazy(() =>
  import("./site-charts").then((m) => ({ default: m.VisitorsChart })),
);

/** What the visitors panel draws: the range's totals and its days' visitors and page views. */
export type VisitorFigures = Pick<
  SiteHealth,
  "range" | "from" | "to" | "visitors" | "pageViews"
> & {
  days: Pick<SiteHealthDay, "day" | "visitors" | "pageViews">[];
};

/** Visitors and page views a day over the range picked, as a chart and as a table. */
export function VisitorsSection({ health }: { health: VisitorFigures }) {
  const { days } = health;
  const span = `${dayLabel(health.from)} to ${dayLabel(health.to)}`;
  const range = rangeText(health.range);
  const anyVisits = days.some((d) => d.pageViews > 0);
  const busiest = days.reduce((best, d) => (d.visitors > best.visitors ? d : best), days[0]!);
  return (
    <Section
      id="visitors-heading"
      title="Visitors and page views"
      icon={Users}
      description={`${range.charAt(0).toUpperCase()}${range.slice(1)}, ${span} (UTC)`}
    >
      {anyVisits ? (
        <ChartFigure
          height={240}
          summary={`Line chart of ${range}: ${formatNumber(health.visitors)} visitors and ${formatNumber(health.pageViews)} page views in all; the busiest day was ${dayLabel(busiest.day)} with ${formatNumber(busiest.visitors)} visitors.`}
          chart={<VisitorsChart days={days} />}
          tableLabel="Visitors and page views per day, as a table"
          table={
            <SimpleTable
              caption="Visitors and page views per day"
              head={["Day", "Visitors", "Page views"]}
              rows={days.map((d) => [
                dayLabel(d.day),
                formatNumber(d.visitors),
                formatNumber(d.pageViews),
              ])}
            />
          }
        />
      ) : (
        <NoData>{noVisits}</NoData>
      )}
    </Section>
  );
}
