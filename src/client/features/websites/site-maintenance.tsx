import { useQuery } from "@tanstack/react-query";
import { Wrench } from "lucide-react";
import type { MaintenanceWindow, MaintenanceWindowList } from "@shared/schemas/maintenance";
import { formatDateTime } from "@shared/format";
import { Pill } from "@/components/pill";

/** The company's ongoing and coming maintenance windows (the portal's default query function). */
export const useMaintenanceWindows = () =>
  useQuery<MaintenanceWindowList>({ queryKey: ["/api/maintenance-windows"] });

const stateText = { upcoming: "Planned", ongoing: "Under maintenance", over: "Done" } as const;
const stateTone = { upcoming: "violet", ongoing: "amber", over: "neutral" } as const;

/**
 * Maintenance windows as the client reads them: the sites, when, and the agency's note. Checks
 * inside a window raise no alert and do not count against uptime.
 */
export function MaintenanceList({
  windows,
  showSites = false,
  label = "Maintenance windows",
}: {
  windows: MaintenanceWindow[];
  /** Name the sites (on the dashboard, where windows of several sites are listed). */
  showSites?: boolean;
  label?: string;
}) {
  return (
    <ul aria-label={label} className="flex flex-col gap-3">
      {windows.map((window) => (
        <li
          key={window.id}
          className="rounded-xl border border-violet-200 bg-violet-50/60 px-4 py-3 text-sm"
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="flex min-w-0 items-center gap-2 font-medium text-foreground">
              <Wrench className="size-4 shrink-0 text-violet-800" aria-hidden="true" />
              <span className="min-w-0 break-words">
                {showSites && `${window.sites.map((site) => site.domain).join(", ")}: `}
                <time dateTime={window.startsAt}>{formatDateTime(window.startsAt)}</time> to{" "}
                <time dateTime={window.endsAt}>{formatDateTime(window.endsAt)}</time>
              </span>
            </p>
            <Pill tone={stateTone[window.state]}>{stateText[window.state]}</Pill>
          </div>
          <p className="mt-1.5 whitespace-pre-line text-foreground">{window.note}</p>
        </li>
      ))}
    </ul>
  );
}

/** The dashboard's notice of ongoing and coming maintenance; nothing when there is none. */
export function MaintenanceNotice() {
  const { data } = useMaintenanceWindows();
  if (!data || data.windows.length === 0) return null;
  return (
    <section aria-labelledby="maintenance-heading" className="mb-6">
      <h2 id="maintenance-heading" className="mb-1 font-sans text-base font-semibold">
        Planned maintenance
      </h2>
      <p className="mb-3 text-sm text-muted-foreground">
        We keep checking your sites during maintenance; that time does not count against uptime.
      </p>
      <MaintenanceList windows={data.windows} showSites label="Planned maintenance" />
    </section>
  );
}
