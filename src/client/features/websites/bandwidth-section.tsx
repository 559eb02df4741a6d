import { lazy } from "react";
import { HardDrive } from "lucide-react";
import type { SiteHealth } from "@shared/schemas/site-health";
import { formatBytes } from "@shared/format";
import { ChartFigure, NoData, Section, SimpleTable } from "./site-parts";

// uPlot and its CSS come with this chunk, fetched only here, after the page's text is shown.
const BandwidthChart = lazy(() =>
  import("./site-charts").then((m) => ({ default: m.BandwidthChart })),
);

const monthName = new Intl.DateTimeFormat("en-US", {
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});
const monthLabel = (month: string) => monthName.format(new Date(`${month}-01T00:00:00Z`));

/** Bandwidth a month over the last 12 months, as a chart and as a table. */
export function BandwidthSection({ health }: { health: SiteHealth }) {
  const { bandwidth } = health;
  const anyBandwidth = bandwidth.months.some((m) => m.bytes > 0);
  const biggestMonth = bandwidth.months.reduce((a, b) => (b.bytes > a.bytes ? b : a));
  return (
    <Section
      id="bandwidth-heading"
      title="Bandwidth"
      icon={HardDrive}
      description={`${formatBytes(bandwidth.thisMonthBytes)} so far this month`}
      className="lg:col-span-3"
    >
      {anyBandwidth ? (
        <ChartFigure
          height={200}
          summary={`Bar chart of bandwidth per month over the last 12 months: ${formatBytes(bandwidth.thisMonthBytes)} this month; the most was ${formatBytes(biggestMonth.bytes)} in ${monthLabel(biggestMonth.month)}.`}
          chart={<BandwidthChart months={bandwidth.months} format={formatBytes} />}
          tableLabel="Bandwidth per month, as a table"
          table={
            <SimpleTable
              caption="Bandwidth per month"
              head={["Month", "Bandwidth"]}
              rows={bandwidth.months.map((m) => [monthLabel(m.month), formatBytes(m.bytes)])}
            />
          }
        />
      ) : (
        <NoData>No bandwidth reported yet.</NoData>
      )}
    </Section>
  );
}
