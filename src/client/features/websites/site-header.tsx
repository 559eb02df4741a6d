import type { ReactNode } from "react";
import { Link } from "wouter";
import { ArrowLeft, Globe } from "lucide-react";
import type { SiteHealth } from "@shared/schemas/site-health";
import { clientLinks } from "@shared/deep-links";
import { DomainName } from "@/components/domain-name";
import { titleCase } from "@shared/format";
import { HeroBackdrop } from "@/components/page-hero";
import { Pill, type Tone } from "@/components/pill";
import { VisitButton } from "./visit-button";

const statusTones: Record<string, Tone> = {
  active: "green",
  building: "blue",
  paused: "amber",
  cancelled: "neutral",
};

/** The site page's dark header: back to My Websites, the domain, its plan and status. */
export function SiteHeader({ health, bell }: { health?: SiteHealth; bell?: ReactNode }) {
  const site = health?.website;
  const status = health?.uptime.status;
  return (
    <section className="theme-dark relative isolate overflow-hidden">
      <HeroBackdrop />
      <div className="container-page relative pt-8 pb-24 sm:pt-10 sm:pb-28">
        <div className="flex items-center justify-between gap-4">
          <Link
            href={clientLinks.dashboard()}
            className="-ml-2 inline-flex min-h-11 items-center gap-1.5 rounded-full px-2 text-sm font-medium text-ink-300 transition-colors hover:text-ink-50"
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
            My Websites
          </Link>
          {bell}
        </div>
        <div className="mt-3 flex flex-col gap-5 sm:flex-row sm:items-end sm:justify-between">
          <div className="flex min-w-0 items-center gap-4">
            <span className="inline-flex size-14 shrink-0 items-center justify-center rounded-2xl bg-gold-500 text-ink-950 sm:size-16">
              <Globe className="size-7" aria-hidden="true" />
            </span>
            <div className="min-w-0">
              <h1 className="text-3xl font-semibold tracking-tight break-words text-ink-50 sm:text-4xl">
                {site ? <DomainName domain={site.domain} /> : "Your website"}
              </h1>
              {site && (
                <div className="mt-2 flex flex-wrap items-center gap-2">
                  <span className="inline-flex items-center rounded-full border border-gold-500/50 bg-gold-500/15 px-2.5 py-0.5 text-xs font-semibold text-gold-200">
                    {site.plan}
                  </span>
                  <Pill tone={statusTones[site.status] ?? "neutral"} dot>
                    {titleCase(site.status)}
                  </Pill>
                  {status && (
                    <Pill tone={status === "up" ? "green" : status === "down" ? "red" : "neutral"}>
                      {status === "up" ? "Online" : status === "down" ? "Down" : "Checking..."}
                    </Pill>
                  )}
                </div>
              )}
            </div>
          </div>
          {site && <VisitButton site={site} className="self-start sm:self-auto" />}
        </div>
      </div>
    </section>
  );
}
