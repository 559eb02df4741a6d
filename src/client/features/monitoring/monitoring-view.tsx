import type { ReactNode } from "react";
import { Link } from "wouter";
import {
  Activity,
  AlertTriangle,
  CalendarClock,
  CheckCircle2,
  type LucideIcon,
} from "lucide-react";
import {
  causeLabels,
  EXPIRY_WINDOW_DAYS,
  RECENT_INCIDENT_DAYS,
  type Expiring,
  type Incident,
  type MonitoredSite,
} from "@shared/schemas/monitoring-overview";
import { formatDateTime, formatNumber, formatPercent, timeAgo } from "@/components/format";
import {
  DataTable,
  EmptyState,
  LoadingState,
  Pill,
  QueryError,
  TBody,
  TD,
  TH,
  THead,
  TR,
  useDocumentTitle,
  ViewHeader,
  type Tone,
} from "@/components/parts";
import { cn } from "@/lib/utils";
import { useMonitoringOverview } from "./api";

const statusPill: Record<MonitoredSite["status"], { tone: Tone; label: string }> = {
  up: { tone: "green", label: "Up" },
  down: { tone: "red", label: "Down" },
  unknown: { tone: "neutral", label: "Not checked yet" },
};

/** "4 min", "2 h 5 min", "3 d 4 h": how long an incident lasted or has lasted. */
export function durationText(seconds: number): string {
  const minutes = Math.max(1, Math.round(seconds / 60));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}

function expiryText(days: number) {
  if (days < 0) return `Expired ${-days} ${days === -1 ? "day" : "days"} ago`;
  if (days === 0) return "Expires today";
  return `In ${days} ${days === 1 ? "day" : "days"}`;
}

function Figure({
  label,
  value,
  icon: Icon,
  tone,
}: {
  label: string;
  value: string;
  icon: LucideIcon;
  tone: "good" | "bad" | "warn" | "plain";
}) {
  return (
    <div
      className={cn(
        "rounded-2xl border bg-card p-4 shadow-[0_1px_2px_rgb(0_0_0/0.04)] sm:p-5",
        tone === "bad" ? "border-red-200" : tone === "warn" ? "border-amber-300" : "border-border",
      )}
    >
      <dt className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
        <Icon
          className={cn(
            "size-4",
            tone === "bad"
              ? "text-red-700"
              : tone === "warn"
                ? "text-amber-700"
                : tone === "good"
                  ? "text-emerald-700"
                  : "text-accent",
          )}
          aria-hidden="true"
        />
        {label}
      </dt>
      <dd className="mt-2 text-2xl font-semibold tracking-tight text-foreground tabular-nums">
        {value}
      </dd>
    </div>
  );
}

function Section({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="min-w-0">
      <h2 id={id} className="font-sans text-lg font-semibold text-foreground">
        {title}
      </h2>
      <p className="mt-0.5 mb-3 text-sm text-muted-foreground">{description}</p>
      {children}
    </section>
  );
}

const clientLink = (companyId: string, name: string) => (
  <Link
    href={`/clients/${companyId}`}
    className="font-medium break-words text-foreground underline-offset-4 hover:underline"
  >
    {name}
  </Link>
);

function SitesTable({ sites, now }: { sites: MonitoredSite[]; now: number }) {
  return (
    <DataTable caption="Live websites and their state now, down first">
      <THead>
        <TH>Website</TH>
        <TH>Status</TH>
        <TH>Client</TH>
        <TH>Last check</TH>
        <TH className="text-right">Response</TH>
        <TH className="text-right">Uptime (30 days)</TH>
      </THead>
      <TBody>
        {sites.map((site) => (
          <TR key={site.websiteId} className={cn(site.status === "down" && "lg:bg-red-50/40")}>
            <TD main>
              <span className="font-semibold break-all text-foreground">{site.domain}</span>
            </TD>
            <TD inline label="Status" className="max-lg:order-first">
              <Pill tone={statusPill[site.status].tone} dot>
                {statusPill[site.status].label}
              </Pill>
            </TD>
            <TD label="Client">{clientLink(site.companyId, site.companyName)}</TD>
            <TD label="Last check" className="whitespace-nowrap">
              {site.lastCheckedAt ? (
                <time dateTime={site.lastCheckedAt} title={formatDateTime(site.lastCheckedAt)}>
                  {timeAgo(site.lastCheckedAt, now)}
                </time>
              ) : (
                <span className="text-muted-foreground">Never</span>
              )}
            </TD>
            <TD label="Response" className="whitespace-nowrap tabular-nums lg:text-right">
              {site.lastResponseMs === null ? (
                <span className="text-muted-foreground">—</span>
              ) : (
                <>
                  {formatNumber(site.lastResponseMs)} ms
                  {site.lastStatusCode !== null && (
                    <span className="text-muted-foreground"> · HTTP {site.lastStatusCode}</span>
                  )}
                </>
              )}
            </TD>
            <TD label="Uptime (30 days)" className="whitespace-nowrap tabular-nums lg:text-right">
              {site.uptimePercent === null ? (
                <span className="text-muted-foreground">No checks yet</span>
              ) : (
                formatPercent(site.uptimePercent)
              )}
            </TD>
          </TR>
        ))}
      </TBody>
    </DataTable>
  );
}

function IncidentsTable({
  incidents,
  open,
  now,
}: {
  incidents: Incident[];
  open: boolean;
  now: number;
}) {
  return (
    <DataTable caption={open ? "Open incidents, oldest first" : "Incidents closed this week"}>
      <THead>
        <TH>Website</TH>
        <TH>Cause</TH>
        <TH>Client</TH>
        <TH>{open ? "Down since" : "Started"}</TH>
        <TH className="text-right">{open ? "Down for" : "Lasted"}</TH>
      </THead>
      <TBody>
        {incidents.map((incident) => (
          <TR key={incident.id} className={cn(open && "lg:bg-red-50/40")}>
            <TD main>
              <span className="font-semibold break-all text-foreground">{incident.domain}</span>
            </TD>
            <TD label="Cause">
              <span className="font-medium text-foreground">
                {causeLabels[incident.cause] ?? incident.cause}
              </span>
              {incident.detail && (
                <span className="block text-xs break-words text-muted-foreground">
                  {incident.detail}
                </span>
              )}
            </TD>
            <TD label="Client">{clientLink(incident.companyId, incident.companyName)}</TD>
            <TD label={open ? "Down since" : "Started"} className="whitespace-nowrap">
              <time dateTime={incident.startedAt}>{formatDateTime(incident.startedAt)}</time>
            </TD>
            <TD
              label={open ? "Down for" : "Lasted"}
              className={cn(
                "whitespace-nowrap tabular-nums lg:text-right",
                open && "font-semibold text-red-800",
              )}
            >
              {durationText(
                incident.durationSeconds ??
                  Math.max(0, (now - new Date(incident.startedAt).getTime()) / 1000),
              )}
            </TD>
          </TR>
        ))}
      </TBody>
    </DataTable>
  );
}

function ExpiringTable({ items }: { items: Expiring[] }) {
  return (
    <DataTable caption="Certificates and domains expiring soon, soonest first">
      <THead>
        <TH>Name</TH>
        <TH>Kind</TH>
        <TH>Client</TH>
        <TH>Expires</TH>
        <TH className="text-right">When</TH>
      </THead>
      <TBody>
        {items.map((item) => (
          <TR key={`${item.kind}-${item.id}`}>
            <TD main>
              <span className="font-semibold break-all text-foreground">{item.name}</span>
            </TD>
            <TD inline label="Kind" className="max-lg:order-first">
              <Pill tone={item.kind === "certificate" ? "violet" : "blue"}>
                {item.kind === "certificate" ? "TLS certificate" : "Domain"}
              </Pill>
              {item.autoRenew === false && (
                <span className="ml-1.5 text-xs font-medium text-amber-800">No auto-renew</span>
              )}
            </TD>
            <TD label="Client">{clientLink(item.companyId, item.companyName)}</TD>
            <TD label="Expires" className="whitespace-nowrap">
              <time dateTime={item.expiresAt}>{formatDateTime(item.expiresAt)}</time>
            </TD>
            <TD
              label="When"
              className={cn(
                "font-semibold whitespace-nowrap tabular-nums lg:text-right",
                item.daysLeft <= 7 ? "text-red-800" : item.daysLeft <= 14 ? "text-amber-800" : "",
              )}
            >
              {expiryText(item.daysLeft)}
            </TD>
          </TR>
        ))}
      </TBody>
    </DataTable>
  );
}

/** The back office's monitoring view: what is up, what is down, what expires soon. */
export function MonitoringView() {
  useDocumentTitle("Monitoring");
  const overview = useMonitoringOverview();
  const header = (
    <ViewHeader
      title="Monitoring"
      description="Every live website's state now, its incidents, and the certificates and domains that expire soon. Refreshed every minute."
    />
  );
  if (overview.isPending) {
    return (
      <>
        {header}
        <LoadingState label="Loading the monitor's figures..." />
      </>
    );
  }
  if (overview.isError) {
    return (
      <>
        {header}
        <QueryError error={overview.error} onRetry={() => void overview.refetch()} />
      </>
    );
  }
  const data = overview.data;
  const now = new Date(data.generatedAt).getTime();
  const down = data.sites.filter((site) => site.status === "down").length;
  const up = data.sites.filter((site) => site.status === "up").length;
  const soon = data.expiring.filter((item) => item.daysLeft <= 14).length;

  return (
    <>
      {header}
      <dl className="mb-8 grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Figure
          label="Live sites"
          value={formatNumber(data.sites.length)}
          icon={Activity}
          tone="plain"
        />
        <Figure label="Up now" value={formatNumber(up)} icon={CheckCircle2} tone="good" />
        <Figure
          label="Down now"
          value={formatNumber(down)}
          icon={AlertTriangle}
          tone={down > 0 ? "bad" : "plain"}
        />
        <Figure
          label={`Expiring in ${EXPIRY_WINDOW_DAYS} days`}
          value={formatNumber(data.expiring.length)}
          icon={CalendarClock}
          tone={soon > 0 ? "warn" : "plain"}
        />
      </dl>

      <div className="flex flex-col gap-10">
        <Section
          id="open-incidents"
          title={`Open incidents (${data.openIncidents.length})`}
          description="Sites down now: two failed checks in a row. The client and staff were emailed."
        >
          {data.openIncidents.length === 0 ? (
            <EmptyState title="No open incidents">
              Every checked site answered its last check. Incidents open here when a site fails two
              checks in a row.
            </EmptyState>
          ) : (
            <IncidentsTable incidents={data.openIncidents} open now={now} />
          )}
        </Section>

        <Section
          id="sites-now"
          title={`Websites now (${data.sites.length})`}
          description="Live websites as the monitor last saw them. Building and paused sites are not checked."
        >
          {data.sites.length === 0 ? (
            <EmptyState title="No live websites">
              A website is checked once its status is Active. Add or change websites on a
              client&apos;s page.
            </EmptyState>
          ) : (
            <SitesTable sites={data.sites} now={now} />
          )}
        </Section>

        <Section
          id="expiring"
          title={`Expiring within ${EXPIRY_WINDOW_DAYS} days (${data.expiring.length})`}
          description="TLS certificates as the monitor last saw them, and registered domains, soonest first."
        >
          {data.expiring.length === 0 ? (
            <EmptyState title="Nothing expires soon">
              No certificate or domain expires in the next {EXPIRY_WINDOW_DAYS} days.
            </EmptyState>
          ) : (
            <ExpiringTable items={data.expiring} />
          )}
        </Section>

        <Section
          id="recent-incidents"
          title={`Closed in the last ${RECENT_INCIDENT_DAYS} days (${data.recentIncidents.length})`}
          description="Incidents that ended this week, newest first, with how long each lasted."
        >
          {data.recentIncidents.length === 0 ? (
            <EmptyState title="A quiet week">
              No incident closed in the last {RECENT_INCIDENT_DAYS} days.
            </EmptyState>
          ) : (
            <IncidentsTable incidents={data.recentIncidents} open={false} now={now} />
          )}
        </Section>
      </div>
    </>
  );
}
