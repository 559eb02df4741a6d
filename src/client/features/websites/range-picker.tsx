import { useId } from "react";
import { monthPattern, siteRangePresets, type SiteRangePreset } from "@shared/site-range";
import { cn } from "@/lib/utils";

const monthName = new Intl.DateTimeFormat("en-US", {
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** "the last 30 days", or "October 2026" for a month. */
export function rangeText(range: string): string {
  if (monthPattern.test(range)) return monthName.format(new Date(`${range}-01T00:00:00Z`));
  return `the last ${siteRangePresets[range as SiteRangePreset] ?? 30} days`;
}

/** The last 12 calendar months (UTC), newest first, as YYYY-MM. */
function recentMonths(now: Date) {
  return Array.from({ length: 12 }, (_, back) =>
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)).toISOString().slice(0, 7),
  );
}

/** The site page's date range: 7, 30 or 90 days, or a calendar month. Every chart follows it. */
export function RangePicker({
  value,
  onChange,
}: {
  value: string;
  onChange: (range: string) => void;
}) {
  const monthId = useId();
  const months = recentMonths(new Date());
  const isMonth = monthPattern.test(value);
  return (
    <div
      role="group"
      aria-label="Date range"
      className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-2xl border border-border bg-card px-4 py-3"
    >
      <span className="text-sm font-medium text-foreground">Show</span>
      <div className="inline-flex rounded-lg border border-border bg-muted p-0.5">
        {(Object.keys(siteRangePresets) as SiteRangePreset[]).map((preset) => (
          <button
            key={preset}
            type="button"
            aria-pressed={value === preset}
            onClick={() => onChange(preset)}
            className={cn(
              "min-h-11 rounded-md px-3 text-sm font-medium text-muted-foreground transition-colors sm:min-h-9",
              value === preset && "bg-card text-foreground shadow-sm",
            )}
          >
            {siteRangePresets[preset]} days
          </button>
        ))}
      </div>
      <label htmlFor={monthId} className="flex items-center gap-2 text-sm text-foreground">
        Month
        <select
          id={monthId}
          value={isMonth ? value : ""}
          onChange={(event) => event.target.value && onChange(event.target.value)}
          className="min-h-11 rounded-md border border-input bg-card px-2 text-sm sm:min-h-9"
        >
          <option value="">Choose a month</option>
          {months.map((month) => (
            <option key={month} value={month}>
              {rangeText(month)}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
