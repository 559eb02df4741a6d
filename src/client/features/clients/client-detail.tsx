import type { ComponentType } from "react";
import { Link } from "wouter";
import { ChevronRight, FileText, Mail, ScrollText } from "lucide-react";
import { backOfficeLists, backOfficePaths } from "@shared/deep-links";
import type { ClientDetail } from "@shared/schemas/clients";
import { formatDate, formatDateTime, personName } from "@shared/format";
import { Panel } from "@/components/panel";
import { BackLink, useDocumentTitle, ViewHeader } from "@/components/view-header";
import { DetailPending } from "@/components/view-states";
import { PriorityBadge, TicketStatusBadge } from "@/components/status-badge";
import { Button } from "@/components/ui/button";
import { useClient } from "./api";

/** A section of a client's page that another noun owns (its members, websites, domains, billing). */
type ClientPanel = ComponentType<{ client: ClientDetail }>;

function TicketsPanel({ client }: { client: ClientDetail }) {
  return (
    <Panel
      title={`Tickets (${client.tickets.length})`}
      description="Open one to read the thread and reply."
      headingId="client-tickets"
    >
      {client.tickets.length === 0 ? (
        <p className="text-sm text-muted-foreground">No tickets.</p>
      ) : (
        <ul className="-mx-2 flex flex-col">
          {client.tickets.map((ticket) => (
            <li key={ticket.id}>
              <Link
                href={backOfficePaths.ticket(ticket.id)}
                className="group flex items-center justify-between gap-3 rounded-xl px-2 py-3 transition-colors hover:bg-gold-50"
              >
                <span className="min-w-0">
                  <span className="block text-sm font-semibold break-words text-foreground group-hover:underline">
                    {ticket.subject}
                  </span>
                  <span className="mt-1.5 flex flex-wrap items-center gap-1.5">
                    <TicketStatusBadge status={ticket.status} />
                    <PriorityBadge priority={ticket.priority} />
                  </span>
                  <span className="mt-1 block text-xs text-muted-foreground">
                    Opened by {ticket.openedBy} · Updated{" "}
                    <time dateTime={ticket.updatedAt}>{formatDateTime(ticket.updatedAt)}</time>
                  </span>
                </span>
                <ChevronRight
                  className="size-4 shrink-0 text-muted-foreground"
                  aria-hidden="true"
                />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

/**
 * A client's page: the company, then the panels of its members and what it has (given by the
 * page, as each belongs to its own noun) and its tickets.
 */
export function ClientDetailView({
  id,
  panels: {
    members: MembersPanel,
    websites: WebsitesPanel,
    domains: DomainsPanel,
    billing: BillingPanel,
    proposals: ProposalsPanel,
    projects: ProjectsPanel,
    statusPage: StatusPagePanel,
    maintenance: MaintenancePanel,
    hours: HoursPanel,
  },
}: {
  id: string;
  panels: {
    members: ClientPanel;
    websites: ClientPanel;
    domains: ClientPanel;
    billing: ClientPanel;
    /** The pipeline's panels, when the page has them. */
    proposals?: ClientPanel;
    projects?: ClientPanel;
    /** The client's public status page, when the page has it. */
    statusPage?: ClientPanel;
    /** The monitor's maintenance windows of the client's sites. */
    maintenance?: ClientPanel;
    /** The time logged for the client, and the timer. */
    hours?: ClientPanel;
  };
}) {
  const { data: client, error, isPending, refetch } = useClient(id);
  useDocumentTitle(client ? client.company.name : "Client");
  const back = <BackLink href={backOfficeLists.clients.path()}>All clients</BackLink>;

  if (error || isPending) {
    return (
      <DetailPending
        title="Client"
        back={back}
        error={error}
        onRetry={() => void refetch()}
        loading="Loading the client..."
        notFound="This client does not exist. The company may have been removed."
      />
    );
  }

  const { company, members } = client;
  const owner = members.find((member) => member.role === "owner");
  return (
    <>
      <ViewHeader
        back={back}
        title={company.name}
        description={
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1.5">
            <span>
              {members.length} {members.length === 1 ? "member" : "members"}
            </span>
            {owner && (
              <>
                <span aria-hidden="true" className="max-sm:hidden">
                  ·
                </span>
                <span className="break-all">Owner: {personName(owner)}</span>
              </>
            )}
            <span aria-hidden="true" className="max-sm:hidden">
              ·
            </span>
            <span>
              Client since <time dateTime={company.createdAt}>{formatDate(company.createdAt)}</time>
            </span>
          </span>
        }
        actions={
          <>
            <Button asChild variant="outline">
              <Link href={backOfficePaths.clientReports(company.id)}>
                <FileText aria-hidden="true" />
                Monthly reports
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link href={backOfficeLists.audit.path({ companyId: company.id })}>
                <ScrollText aria-hidden="true" />
                Audit log
              </Link>
            </Button>
            {owner && (
              <Button asChild variant="outline">
                <a href={`mailto:${owner.email}`}>
                  <Mail aria-hidden="true" />
                  Email owner
                </a>
              </Button>
            )}
          </>
        }
      />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] xl:grid-cols-[minmax(0,1fr)_26rem]">
        <div className="flex min-w-0 flex-col gap-6">
          <MembersPanel client={client} />
          {ProposalsPanel && <ProposalsPanel client={client} />}
          {ProjectsPanel && <ProjectsPanel client={client} />}
          {HoursPanel && <HoursPanel client={client} />}
          <WebsitesPanel client={client} />
          {MaintenancePanel && <MaintenancePanel client={client} />}
          <DomainsPanel client={client} />
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <BillingPanel client={client} />
          <TicketsPanel client={client} />
          {StatusPagePanel && <StatusPagePanel client={client} />}
        </div>
      </div>
    </>
  );
}
