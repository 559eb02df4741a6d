import { lazy, Suspense } from "react";
import { Code2 } from "lucide-react";
import type { SiteHealth } from "@shared/schemas/site-health";
import { VitalsSection } from "@/components/vitals/vitals-section";
import { AudienceSections } from "./audience-sections";
import { BandwidthSection } from "./bandwidth-section";
import { CampaignSections, GoalHint } from "./campaign-sections";
import { RenewalsSection } from "./renewals-section";
import { Section } from "./site-parts";
import { TrackingSnippet, type TrackedSite } from "./tracking-code";

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

// The owner's share links, last on the page and only for an owner.
const ShareLinksSection = lazy(() =>
  import("./share-links-section").then((m) => ({
    default: m.ShareLinksSection,
  })),
);

/**
 * A site page below its visitors and uptime charts: where visitors come from, its campaigns and
 * goals, renewals and bandwidth, real-user speed, tracking code and, for the owner, share links.
 * The page fetches this code once the charts are drawn and the browser is idle, so it never
 * delays them.
 */
export function SitePageEnd({
  health,
  now,
  owner,
}: {
  health: SiteHealth;
  now: number;
  owner: boolean;
}) {
  return (
    <>
      <AudienceSections health={health} />
      <CampaignSections health={health} />
      <div className="grid gap-5 sm:gap-6 lg:grid-cols-5">
        <RenewalsSection health={health} now={now} />
        <BandwidthSection health={health} />
      </div>
      <VitalsSection websiteId={health.website.id} />
      <TrackingCode site={health.website} />
      {owner && (
        <Suspense fallback={null}>
          <ShareLinksSection websiteId={health.website.id} domain={health.website.domain} />
        </Suspense>
      )}
    </>
  );
}
