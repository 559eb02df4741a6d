import { Link } from "wouter";
import { BarChart3, Globe, Plus, Settings2 } from "lucide-react";
import { sitePagePath } from "@shared/routes";
import type { Website } from "@shared/schemas/websites";
import { DomainName } from "@/components/domain-name";
import { formatNumber, titleCase } from "@shared/format";
import { Pill, type Tone } from "@/components/pill";
import { SectionHeader } from "@/components/view-header";
import { EmptyState, LoadError, LoadingCards } from "@/components/view-states";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { useWebsites } from "./api";
import { MaintenanceNotice } from "./site-maintenance";
import { VisitButton } from "./visit-button";
import { uptimeText } from "./uptime-text";

const websiteTones: Record<string, Tone> = {
  active: "green",
  building: "blue",
  paused: "amber",
  cancelled: "neutral",
};

function WebsiteStatus({ status }: { status: string }) {
  return (
    <Pill tone={websiteTones[status] ?? "neutral"} dot>
      {titleCase(status)}
    </Pill>
  );
}

function WebsiteCard({
  site,
  onManage,
}: {
  site: Website;
  onManage: (domain: string, websiteId: string) => void;
}) {
  return (
    <Card className="flex h-full flex-col p-5 sm:p-6">
      <div className="flex items-start gap-4">
        <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-xl bg-ink-950 text-gold-400">
          <Globe className="size-6" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1">
          <h3 className="font-sans text-lg leading-snug font-semibold break-words text-foreground">
            <Link
              href={sitePagePath(site.id)}
              className="rounded-sm underline-offset-4 hover:text-accent hover:underline"
            >
              <DomainName domain={site.domain} />
            </Link>
          </h3>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <Pill tone="gold">{site.plan}</Pill>
            <WebsiteStatus status={site.status} />
          </div>
        </div>
      </div>

      <dl className="mt-6 grid grid-cols-2 gap-px overflow-hidden rounded-xl border border-border bg-border">
        <div className="bg-paper p-4">
          <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
            Monthly Visitors
          </dt>
          <dd className="mt-1 font-display text-2xl font-semibold tabular-nums">
            {formatNumber(site.monthlyVisitors)}
          </dd>
        </div>
        <div className="bg-paper p-4">
          <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
            Uptime
          </dt>
          <dd className="mt-1 font-display text-2xl font-semibold tabular-nums">
            {uptimeText(site)}
          </dd>
        </div>
      </dl>

      <div className="mt-6 flex flex-wrap gap-3 pt-0 sm:mt-auto sm:pt-6">
        <Button asChild variant="outline" className="grow basis-0">
          <Link href={sitePagePath(site.id)}>
            <BarChart3 aria-hidden="true" />
            Details<span className="sr-only"> of {site.domain}</span>
          </Link>
        </Button>
        <Button
          variant="outline"
          className="grow basis-0"
          onClick={() => onManage(site.domain, site.id)}
        >
          <Settings2 aria-hidden="true" />
          Manage<span className="sr-only"> {site.domain}</span>
        </Button>
        <VisitButton site={site} className="grow basis-0" />
      </div>
    </Card>
  );
}

/** My Websites: one card per site; Manage opens a pre-filled change request. */
export function WebsitesTab({
  onManage,
}: {
  /** Opens a ticket about the site. */
  onManage: (domain: string, websiteId: string) => void;
}) {
  const { data: websites, isPending, isError, refetch } = useWebsites();

  return (
    <section aria-labelledby="websites-heading">
      <SectionHeader
        titleId="websites-heading"
        title="My Websites"
        description="Traffic and uptime for every site we host and maintain for you."
      />
      {isPending ? (
        <LoadingCards label="Loading your websites..." />
      ) : isError ? (
        <LoadError what="your websites" onRetry={() => void refetch()} />
      ) : websites.length === 0 ? (
        <EmptyState
          icon={Globe}
          title="No websites yet"
          action={
            <Button asChild>
              <Link href="/pricing">
                <Plus aria-hidden="true" />
                Add your first website
              </Link>
            </Button>
          }
        >
          Once we launch a site for you, it shows up here with its visitors and uptime. Ready to
          start? Pick a plan and we will take it from there.
        </EmptyState>
      ) : (
        <>
          <MaintenanceNotice />
          <ul className="grid gap-5 md:grid-cols-2 xl:grid-cols-3">
            {websites.map((site) => (
              <li key={site.id}>
                <WebsiteCard site={site} onManage={onManage} />
              </li>
            ))}
            <li>
              <Link
                href="/pricing"
                className="group flex h-full min-h-48 flex-col items-center justify-center gap-3 rounded-2xl border-2 border-dashed border-foreground/15 bg-card/50 p-6 text-center transition-colors hover:border-gold-500 hover:bg-gold-50"
              >
                <span className="inline-flex size-12 items-center justify-center rounded-full border border-gold-500/50 bg-gold-500/10 text-gold-700 transition-colors group-hover:bg-gold-500 group-hover:text-ink-950">
                  <Plus className="size-5" aria-hidden="true" />
                </span>
                <span className="font-semibold text-foreground">Add another website</span>
                <span className="max-w-56 text-sm text-muted-foreground">
                  A new site, a landing page or an online shop: see plans and pricing.
                </span>
              </Link>
            </li>
          </ul>
        </>
      )}
    </section>
  );
}
