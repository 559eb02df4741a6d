import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import { Link } from "wouter";
import { clientLinks } from "@shared/deep-links";
import type { SiteHealth } from "@shared/schemas/site-health";
import { defaultSiteRange } from "@shared/site-range";
import { LoadError } from "@/components/view-states";
import { Button } from "@/components/ui/button";
import { ApiError } from "@/lib/api";
import { useIdle } from "@/lib/use-idle";
import { useSiteHealth } from "./api";
import { RangePicker, rangeText } from "./range-picker";
import { SiteHeader } from "./site-header";
import { FiguresLoading, SiteStats } from "./site-stats";
import { UptimeSection } from "./site-uptime";
import { VisitorsSection } from "./visitors-section";

// What follows the two charts (audience, campaigns, renewals, bandwidth, speed, tracking code,
// share links): fetched once the figures and charts are drawn and the browser is idle (useIdle),
// so it never delays the first paint.
const SitePageEnd = lazy(() =>
  import("./site-page-end").then((m) => ({
    default: m.SitePageEnd,
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
      <UptimeSection health={health} now={now} range={rangeText(health.range)} />
      {idle && (
        <Suspense fallback={null}>
          <SitePageEnd health={health} now={now} owner={owner} />
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
