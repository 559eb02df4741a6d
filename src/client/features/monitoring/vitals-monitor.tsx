import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { LoadError } from "@/components/view-states";
import { useSiteVitals, useVitalsSetting, type VitalsRange } from "@/components/vitals/vitals-api";
import { VitalsPanel } from "@/components/vitals/vitals-panel";
import { useLiveSites } from "./api";

/**
 * The back office's real-user speed: one live site at a time, picked from a list, with the
 * switch that turns the measuring on or off for it (the client's tracking code then carries
 * data-vitals, or not). The panel is the one the client's site page shows.
 */
export function VitalsMonitor() {
  const pickId = useId();
  const [picked, setPicked] = useState<string | undefined>();
  const { data: sites, isPending, error, refetch } = useLiveSites();
  if (!sites) {
    return isPending ? (
      <div data-loading="" className="h-40 animate-pulse rounded-lg bg-muted" />
    ) : (
      error && <LoadError what="the live websites" onRetry={() => void refetch()} />
    );
  }
  const websiteId = picked ?? sites[0]?.websiteId;
  if (!websiteId) {
    return <p className="text-sm text-muted-foreground">No live websites.</p>;
  }
  return (
    // minmax(0, 1fr): a long site name in the picker must not widen the column past a phone's.
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4 rounded-2xl border border-border bg-card p-4 sm:p-5">
      <label htmlFor={pickId} className="flex flex-wrap items-center gap-2 text-sm font-medium">
        Website
        <select
          id={pickId}
          value={websiteId}
          onChange={(event) => setPicked(event.target.value)}
          className="min-h-11 w-full min-w-0 rounded-md sm:w-auto sm:max-w-full border border-input bg-card px-2 text-sm font-normal sm:min-h-9"
        >
          {sites.map((site) => (
            <option key={site.websiteId} value={site.websiteId}>
              {site.domain} ({site.companyName})
            </option>
          ))}
        </select>
      </label>
      <SiteVitals key={websiteId} websiteId={websiteId} />
    </div>
  );
}

function SiteVitals({ websiteId }: { websiteId: string }) {
  const [range, setRange] = useState<VitalsRange>("30d");
  const { data, isPending, error, refetch } = useSiteVitals(websiteId, range, true);
  const setting = useVitalsSetting(websiteId);
  if (!data) {
    return isPending ? (
      <div data-loading="" className="h-40 animate-pulse rounded-lg bg-muted" />
    ) : (
      error && <LoadError what="the site's speed" onRetry={() => void refetch()} />
    );
  }
  return (
    <>
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-sm text-muted-foreground" role="status">
          Real-user speed is{" "}
          <strong className="text-foreground">{data.enabled ? "on" : "off"}</strong> for{" "}
          {data.domain}.
          {data.enabled
            ? " Its tracking code carries data-vitals: the client's site must use the updated code."
            : " Turn it on, then give the client the updated tracking code."}
        </p>
        <Button
          variant="outline"
          disabled={setting.isPending}
          onClick={() => setting.mutate(!data.enabled)}
        >
          {data.enabled ? "Turn real-user speed off" : "Turn real-user speed on"}
        </Button>
      </div>
      <VitalsPanel vitals={data} onRange={setRange} />
    </>
  );
}
