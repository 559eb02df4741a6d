import { useState } from "react";
import { Gauge } from "lucide-react";
import { LoadError } from "@/components/view-states";
import { Section } from "@/components/site-parts";
import { useSiteVitals, type VitalsRange } from "./vitals-api";
import { VitalsPanel } from "./vitals-panel";

/** The site page's real-user speed, measured in visitors' browsers (when staff turned it on). */
export function VitalsSection({
  websiteId,
  staff = false,
}: {
  websiteId: string;
  staff?: boolean;
}) {
  const [range, setRange] = useState<VitalsRange>("30d");
  const { data, isPending, error, refetch } = useSiteVitals(websiteId, range, staff);
  return (
    <Section
      id={`vitals-heading-${websiteId}`}
      title="Real-user speed (Core Web Vitals)"
      icon={Gauge}
      description="How fast the site is for its visitors, measured in their browsers, against Google's thresholds."
    >
      {data ? (
        <VitalsPanel vitals={data} onRange={setRange} />
      ) : isPending ? (
        <div data-loading="" className="h-40 animate-pulse rounded-lg bg-muted" />
      ) : (
        error && <LoadError what="the site's speed" onRetry={() => void refetch()} />
      )}
    </Section>
  );
}
