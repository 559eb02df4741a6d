import type { ReactNode } from "react";
import { Link } from "wouter";
import {
  Activity,
  AlertTriangle,
  CalendarClock,
  CheckCircle2,
  type LucideIcon,
} from "lucide-react";
import { causeLabel } from "@shared/check-causes";
import {
  EXPIRY_WINDOW_DAYS,
  RECENT_INCIDENT_DAYS,
  type Expiring,
  type Incident,
  type MonitoredSite,
} from "@shared/schemas/monitoring-overview";
import {
  expiresInText,
  formatDateTime,
  formatDuration,
  formatNumber,
  formatPercent,
  timeAgo,
} from "@shared/format";
import { heartbeatStateText } from "@shared/heartbeat-text";
import type { MonitoredHeartbeat } from "@shared/schemas/heartbeats";
import { backOfficeLists, backOfficePaths } from "@shared/deep-links";
import { Pager } from "@/components/data-table";
import { ListState, ListTable, ListView, type Column } from "@/components/list-view";
import { useListFilters } from "@/lib/use-list-filters";
import { Pill, type Tone } from "@/components/pill";
import { cn } from "@/lib/utils";
import { useMonitoringOverview } from "./api";
import { VitalsMonitor } from "./vitals-monitor";

const statusPill: Record<MonitoredSite["status"], { tone: Tone; label: string }> = {
  up: { tone: "green", label: "Up" },
  down: { tone: "red", label: "Down" },
  unknown: { tone: "neutral", label: "Not checked yet" },
};

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
    href={backOfficePaths.client(companyId)}
    className="font-medium break-words text-foreground underline-offset-4 hover:underline"
  >
    {name}
  </Link>
);

const domainCell = (domain: string) => (
  <span className="font-semibold break-all text-foreground">{domain}</span>
);

function siteColumns(now: number): Column<MonitoredSite>[] {
  return [
    { header: "Website", main: true, cell: (site) => domainCell(site.domain) },
    {
      header: "Status",
      inline: true,
      className: "max-lg:order-first",
      cell: (site) => (
        <Pill tone={statusPill[site.status].tone} dot>
          {statusPill[site.status].label}
        </Pill>
      ),
    },
    { header: "Client", cell: (site) => clientLink(site.companyId, site.companyName) },
    {
      header: "Last check",
      className: "whitespace-nowrap",
      cell: (site) =>
        site.lastCheckedAt ? (
          <time dateTime={site.lastCheckedAt} title={formatDateTime(site.lastCheckedAt)}>
            {timeAgo(site.lastCheckedAt, now)}
          </time>
        ) : (
          <span className="text-muted-foreground">Never</span>
        ),
    },
    {
      header: "Response",
      headerClassName: "text-right",
      className: "whitespace-nowrap tabular-nums lg:text-right",
      cell: (site) =>
        site.lastResponseMs === null ? (
          <span className="text-muted-foreground">—</span>
        ) : (
          <>
            {formatNumber(site.lastResponseMs)} ms
            {site.lastStatusCode !== null && (
              <span className="text-muted-foreground"> · HTTP {site.lastStatusCode}</span>
            )}
          </>
        ),
    },
    {
      header: "Uptime (30 days)",
      headerClassName: "text-right",
      className: "whitespace-nowrap tabular-nums lg:text-right",
      cell: (site) =>
        site.uptimePercent === null ? (
          <span className="text-muted-foreground">No checks yet</span>
        ) : (
          formatPercent(site.uptimePercent)
        ),
    },
  ];
}

/** An open incident's columns say since when and for how long; a closed one's, when and how long. */
function incidentColumns(open: boolean, now: number): Column<Incident>[] {
  return [
    { header: "Website", main: true, cell: (incident) => domainCell(incident.domain) },
    {
      header: "Cause",
      cell: (incident) => (
        <>
          <span className="font-medium text-foreground">
            {causeLabel(incident.cause)}
            {incident.heartbeatName && ` · ${incident.heartbeatName}`}
          </span>
          {incident.detail && (
            <span className="block text-xs break-words text-muted-foreground">
              {incident.detail}
            </span>
          )}
        </>
      ),
    },
    { header: "Client", cell: (incident) => clientLink(incident.companyId, incident.companyName) },
    {
      header: open ? "Down since" : "Started",
      className: "whitespace-nowrap",
      cell: (incident) => (
        <time dateTime={incident.startedAt}>{formatDateTime(incident.startedAt)}</time>
      ),
    },
    {
      header: open ? "Down for" : "Lasted",
      headerClassName: "text-right",
      className: cn(
        "whitespace-nowrap tabular-nums lg:text-right",
        open && "font-semibold text-red-800",
      ),
      cell: (incident) =>
        formatDuration(
          incident.durationSeconds ?? (now - new Date(incident.startedAt).getTime()) / 1000,
        ),
    },
  ];
}

const heartbeatTone = { down: "red", new: "neutral", up: "green" } as const;

/** A job's heartbeat: its state, its last beat (and a failed one's message), the next one due. */
function heartbeatColumns(now: number): Column<MonitoredHeartbeat>[] {
  return [
    {
      header: "Job",
      main: true,
      cell: (job) => (
        <>
          <span className="font-medium break-words text-foreground">{job.name}</span>
          <span className="block text-xs text-muted-foreground">{job.domain}</span>
        </>
      ),
    },
    {
      header: "State",
      inline: true,
      className: "max-lg:order-first",
      cell: (job) => (
        <Pill tone={heartbeatTone[job.state]} dot>
          {heartbeatStateText(job)}
        </Pill>
      ),
    },
    { header: "Client", cell: (job) => clientLink(job.companyId, job.companyName) },
    {
      header: "Last beat",
      cell: (job) =>
        job.lastBeatAt ? (
          <>
            <time dateTime={job.lastBeatAt}>{timeAgo(job.lastBeatAt, now)}</time>
            {job.lastMessage && (
              <span className="block text-xs break-words text-muted-foreground">
                {job.lastMessage}
              </span>
            )}
          </>
        ) : (
          <span className="text-muted-foreground">Never</span>
        ),
    },
    {
      header: "Next due",
      className: "whitespace-nowrap",
      cell: (job) => <time dateTime={job.nextDueAt}>{formatDateTime(job.nextDueAt)}</time>,
    },
  ];
}

const expiringColumns: Column<Expiring>[] = [
  { header: "Name", main: true, cell: (item) => domainCell(item.name) },
  {
    header: "Kind",
    inline: true,
    className: "max-lg:order-first",
    cell: (item) => (
      <>
        <Pill tone={item.kind === "certificate" ? "violet" : "blue"}>
          {item.kind === "certificate" ? "TLS certificate" : "Domain"}
        </Pill>
        {item.autoRenew === false && (
          <span className="ml-1.5 text-xs font-medium text-amber-800">No auto-renew</span>
        )}
      </>
    ),
  },
  { header: "Client", cell: (item) => clientLink(item.companyId, item.companyName) },
  {
    header: "Expires",
    className: "whitespace-nowrap",
    cell: (item) => <time dateTime={item.expiresAt}>{formatDateTime(item.expiresAt)}</time>,
  },
  {
    header: "When",
    headerClassName: "text-right",
    className: (item) =>
      cn(
        "font-semibold whitespace-nowrap tabular-nums lg:text-right",
        item.daysLeft <= 7 ? "text-red-800" : item.daysLeft <= 14 ? "text-amber-800" : "",
      ),
    cell: (item) => expiresInText(item.daysLeft),
  },
];

/** The back office's monitoring view: what is up, what is down, what expires soon. */
export function MonitoringView() {
  const [{ page }, update] = useListFilters(backOfficeLists.monitoring);
  const overview = useMonitoringOverview(page);
  return (
    <ListView
      title="Monitoring"
      description="Every live website's state now, its incidents, and the certificates and domains that expire soon. Refreshed every minute."
    >
      <ListState query={overview} loading="Loading the monitor's figures...">
        {(data) => <Overview data={data} onPage={(next) => update({ page: next })} />}
      </ListState>
    </ListView>
  );
}

function Overview({
  data,
  onPage,
}: {
  data: NonNullable<ReturnType<typeof useMonitoringOverview>["data"]>;
  onPage: (page: number) => void;
}) {
  const now = new Date(data.generatedAt).getTime();
  const { live, up, down } = data.siteCounts;
  const soon = data.expiring.filter((item) => item.daysLeft <= 14).length;

  return (
    <>
      <dl className="mb-8 grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Figure label="Live sites" value={formatNumber(live)} icon={Activity} tone="plain" />
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
          description="Sites down now (two failed checks in a row) and jobs whose heartbeat was missed or failed. The client and staff were emailed."
        >
          <ListTable
            caption="Open incidents, oldest first"
            columns={incidentColumns(true, now)}
            rows={data.openIncidents}
            rowKey={(incident) => incident.id}
            rowClassName={() => "lg:bg-red-50/40"}
            empty={{
              title: "No open incidents",
              body: "Every checked site answered its last check. Incidents open here when a site fails two checks in a row.",
            }}
          />
        </Section>

        <Section
          id="sites-now"
          title={`Websites now (${formatNumber(live)})`}
          description="Live websites as the monitor last saw them. Building and paused sites are not checked."
        >
          <ListTable
            caption="Live websites and their state now, down first"
            columns={siteColumns(now)}
            rows={data.sites}
            rowKey={(site) => site.websiteId}
            rowClassName={(site) => cn(site.status === "down" && "lg:bg-red-50/40")}
            empty={{
              title: "No live websites",
              body: "A website is checked once its status is Active. Add or change websites on a client's page.",
            }}
          />
          <Pager
            label="Pages of live websites"
            list={{ page: data.page, total: live, pageSize: data.pageSize }}
            onPage={onPage}
          />
        </Section>

        <Section
          id="real-user-speed"
          title="Real-user speed (Core Web Vitals)"
          description="How fast each live site is for its visitors, measured in their browsers, against Google's thresholds."
        >
          <VitalsMonitor />
        </Section>

        <Section
          id="expiring"
          title={`Expiring within ${EXPIRY_WINDOW_DAYS} days (${data.expiring.length})`}
          description="TLS certificates as the monitor last saw them, and registered domains, soonest first."
        >
          <ListTable
            caption="Certificates and domains expiring soon, soonest first"
            columns={expiringColumns}
            rows={data.expiring}
            rowKey={(item) => `${item.kind}-${item.id}`}
            empty={{
              title: "Nothing expires soon",
              body: `No certificate or domain expires in the next ${EXPIRY_WINDOW_DAYS} days.`,
            }}
          />
        </Section>

        <Section
          id="heartbeats"
          title={`Heartbeats (${data.heartbeats.length})`}
          description="Jobs of the sites (backups, imports) that call their heartbeat URL when done; missed or failed first."
        >
          <ListTable
            caption="Heartbeats of the live sites' jobs"
            columns={heartbeatColumns(now)}
            rows={data.heartbeats}
            rowKey={(job) => job.id}
            empty={{
              title: "No heartbeats",
              body: "Add one to a site from its client's page, for a job such as a nightly backup.",
            }}
          />
        </Section>

        <Section
          id="recent-incidents"
          title={`Closed in the last ${RECENT_INCIDENT_DAYS} days (${data.recentIncidents.length})`}
          description="Incidents that ended this week, newest first, with how long each lasted."
        >
          <ListTable
            caption="Incidents closed this week"
            columns={incidentColumns(false, now)}
            rows={data.recentIncidents}
            rowKey={(incident) => incident.id}
            empty={{
              title: "A quiet week",
              body: `No incident closed in the last ${RECENT_INCIDENT_DAYS} days.`,
            }}
          />
        </Section>
      </div>
    </>
  );
}
