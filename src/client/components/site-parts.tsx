/*
 * The building blocks of a website's page: its panels, and charts that come with a summary and
 * a table for those who cannot see them.
 */
import { Suspense, type ReactNode } from "react";
import type { LucideIcon } from "lucide-react";
import { cn } from "@/lib/utils";

const shortDay = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});
export const dayLabel = (day: string) => shortDay.format(new Date(`${day}T00:00:00Z`));

/** A white panel with a heading, used for each part of the page. */
export function Section({
  id,
  title,
  icon: Icon,
  description,
  children,
  className,
}: {
  id: string;
  title: string;
  icon: LucideIcon;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-labelledby={id}
      className={cn(
        "min-w-0 rounded-2xl border border-border bg-card p-5 shadow-[0_1px_2px_rgb(0_0_0/0.04),0_18px_40px_-28px_rgb(0_0_0/0.3)] sm:p-6",
        className,
      )}
    >
      <div className="mb-4 flex items-start gap-3">
        <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-ink-950 text-gold-400">
          <Icon className="size-4.5" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <h2 id={id} className="font-sans text-lg leading-tight font-semibold text-foreground">
            {title}
          </h2>
          {description && <p className="mt-0.5 text-sm text-muted-foreground">{description}</p>}
        </div>
      </div>
      {children}
    </section>
  );
}

/**
 * A chart's place while uPlot is on its way, at the chart's own height so nothing moves after.
 * data-loading: what waits for idle waits for it (lib/use-idle).
 */
function ChartLoading({ height }: { height: number }) {
  return <div data-loading="" className="animate-pulse rounded-lg bg-muted" style={{ height }} />;
}

/** A chart with its summary for screen readers, and the same figures as a table on request. */
export function ChartFigure({
  summary,
  chart,
  table,
  tableLabel,
  height,
}: {
  summary: string;
  tableLabel: string;
  chart: ReactNode;
  table: ReactNode;
  height: number;
}) {
  return (
    <figure aria-label={summary} className="m-0">
      <div aria-hidden="true">
        <Suspense fallback={<ChartLoading height={height} />}>{chart}</Suspense>
      </div>
      <figcaption className="sr-only">{summary}</figcaption>
      <details className="group mt-3 text-sm">
        <summary className="inline-flex min-h-11 cursor-pointer items-center rounded-md font-medium text-accent hover:underline">
          Show as table
        </summary>
        {/* Focusable, so a keyboard can scroll it. */}
        <div
          role="region"
          aria-label={tableLabel}
          tabIndex={0}
          className="mt-2 max-h-80 overflow-auto rounded-lg border border-border"
        >
          {table}
        </div>
      </details>
    </figure>
  );
}

export function SimpleTable({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: string[];
  rows: (string | number)[][];
}) {
  return (
    <table className="w-full text-left text-sm tabular-nums">
      <caption className="sr-only">{caption}</caption>
      <thead className="sticky top-0 bg-muted">
        <tr>
          {head.map((cell, i) => (
            <th
              // By place: a head may repeat a word ("Good visits" for each month).
              key={i}
              scope="col"
              className={cn("px-3 py-2 font-medium text-foreground", i > 0 && "text-right")}
            >
              {cell}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, r) => (
          <tr key={r} className="border-t border-border">
            {row.map((cell, i) =>
              i === 0 ? (
                <th key={i} scope="row" className="px-3 py-1.5 font-normal text-foreground">
                  {cell}
                </th>
              ) : (
                <td key={i} className="px-3 py-1.5 text-right text-muted-foreground">
                  {cell}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** What a panel of visits says before the site has any. */
export const noVisits =
  "No visits recorded yet. Figures appear once the tracking code is on the site.";

export function NoData({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-xl border border-dashed border-border bg-muted/50 px-4 py-8 text-center text-sm text-muted-foreground">
      {children}
    </p>
  );
}
