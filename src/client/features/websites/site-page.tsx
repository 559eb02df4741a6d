import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import { Link } from "wouter";
import { Code2 } from "lucide-react";
import { clientLinks } from "@shared/deep-links";
import type { SiteHealth } from "@shared/schemas/site-health";
import { defaultSiteRange } from "@shared/site-range";
import { LoadError } from "@/components/view-states";
import { Button } from "@/components/ui/button";
import { ApiError } from "@/lib/api";
import { useIdle } from "@/lib/use-idle";
import { useSiteHealth } from "./api";
import { AudienceSections } from "./audience-sections";
import { BandwidthSection } from "./bandwidth-section";
import { RangePicker, rangeText } from "./range-picker";
import { RenewalsSection } from "./renewals-section";
import { SiteHeader } from "./site-header";
import { Section } from "./site-parts";
import { FiguresLoading, SiteStats } from "./site-stats";
import { UptimeSection } from "./site-uptime";
import { CampaignSections, GoalHint } from "./campaign-sections";
import { TrackingSnippet, type TrackedSite } from "./tracking-code";
import { VisitorsSection } from "./visitors-section";
import { VitalsSection } from "@/components/vitals/vitals-section";

function TrackingCode({ site }: { site: TrackedSite }) {
  return (
    <Section
      id="tracking-heading"
      title="Tracking code"
      icon={Code2}
      description="We add this line to your site. It sets no cookies and keeps no personal data."
    >
      <TrackingSnippet site={site} />
      <GoalHint />
    </Section>
  );
}

// The owner's share links, last on the page: fetched only for an owner, once the figures and
// charts are drawn and the browser is idle (useIdle), so they never delay the first paint.
const ShareLinksSection = lazy(() =>
  import("./share-links-section").then((m) => ({
    default: m.ShareLinksSection,
  })),
);

function Body({
  health,
  onRange,
  owner,
}: {
  health: SiteHealth;
  onRange: (range: string) => void;
  owner: boolean;
}) {
  const [now] = useState(() => Date.now());
  const idle = useIdle();
  return (
    <div className="mt-8 grid gap-5 sm:mt-10 sm:gap-6">
      <RangePicker value={health.range} onChange={onRange} />
      <VisitorsSection health={health} />
      <AudienceSections health={health} />
      <CampaignSections health={health} />
      <UptimeSection health={health} now={now} range={rangeText(health.range)} />
      <div className="grid gap-5 sm:gap-6 lg:grid-cols-5">
        <RenewalsSection health={health} now={now} />
        <BandwidthSection health={health} />
      </div>
      <VitalsSection websiteId={health.website.id} />
      <TrackingCode site={health.website} />
      {owner && idle && (
        <Suspense fallback={null}>
          <ShareLinksSection websiteId={health.website.id} domain={health.website.domain} />
        </Suspense>
      )}
    </div>
  );
}

/**
 * A website's page: its visitors, uptime, renewals and bandwidth, measured; for the company's
 * owner, its share links too.
 */
export function SitePageView({
  websiteId,
  bell,
  owner = false,
}: {
  websiteId: string;
  bell?: ReactNode;
  owner?: boolean;
}) {
  const [range, setRange] = useState<string>(defaultSiteRange);
  const { data: health, isPending, error, refetch } = useSiteHealth(websiteId, range);
  useEffect(() => {
    if (health) document.title = `${health.website.domain} · My Websites · Harborline`;
  }, [health]);
  const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);

  return (
    <>
      <SiteHeader health={health} bell={bell} />
      <div className="container-page relative -mt-16 pb-20 sm:-mt-20 sm:pb-28">
        {health ? (
          <>
            <SiteStats health={health} />
            <Body health={health} onRange={setRange} owner={owner} />
          </>
        ) : isPending ? (
          <FiguresLoading />
        ) : missing ? (
          <div className="rounded-2xl border border-border bg-card p-8 text-center">
            <h2 className="text-xl font-semibold">Website not found</h2>
            <p className="mt-2 text-sm text-muted-foreground">
              This website is not one of yours, or it was removed.
            </p>
            <Button asChild className="mt-5">
              <Link href={clientLinks.dashboard()}>Back to My Websites</Link>
            </Button>
          </div>
        ) : (
          <LoadError what="this website's figures" onRetry={() => void refetch()} />
        )}
      </div>
    </>
  );
}
