import type { ComponentType } from "react";
import { Link } from "wouter";
import { ChevronRight, Mail } from "lucide-react";
import type { ClientDetail } from "@shared/schemas/clients";
import { formatDate, formatDateTime, personName } from "@/components/format";
import { BackLink, DetailPending, Panel, useDocumentTitle, ViewHeader } from "@/components/parts";
import { PriorityBadge, StaffBadge, TicketStatusBadge } from "@/components/status-badge";
import { Button } from "@/components/ui/button";
import { useClient } from "./api";

/** A section of a client's page that another noun owns (its websites, domains, billing). */
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
                href={`/tickets/${ticket.id}`}
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
                    Updated{" "}
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
 * A client's page: the account, then the panels of what they have (given by the page, as each
 * belongs to its own noun) and their tickets.
 */
export function ClientDetailView({
  id,
  panels: { websites: WebsitesPanel, domains: DomainsPanel, billing: BillingPanel },
}: {
  id: string;
  panels: { websites: ClientPanel; domains: ClientPanel; billing: ClientPanel };
}) {
  const { data: client, error, isPending, refetch } = useClient(id);
  useDocumentTitle(client ? personName(client.user) : "Client");
  const back = <BackLink href="/clients">All clients</BackLink>;

  if (error || isPending) {
    return (
      <DetailPending
        title="Client"
        back={back}
        error={error}
        onRetry={() => void refetch()}
        loading="Loading the client..."
        notFound="This client does not exist. The account may have been removed."
      />
    );
  }

  const { user } = client;
  return (
    <>
      <ViewHeader
        back={back}
        title={personName(user)}
        description={
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1.5">
            {user.isAdmin && <StaffBadge />}
            <span className="break-all">{user.email}</span>
            <span aria-hidden="true" className="max-sm:hidden">
              ·
            </span>
            <span>
              Client since <time dateTime={user.createdAt}>{formatDate(user.createdAt)}</time>
            </span>
          </span>
        }
        actions={
          <Button asChild variant="outline">
            <a href={`mailto:${user.email}`}>
              <Mail aria-hidden="true" />
              Email client
            </a>
          </Button>
        }
      />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] xl:grid-cols-[minmax(0,1fr)_26rem]">
        <div className="flex min-w-0 flex-col gap-6">
          <WebsitesPanel client={client} />
          <DomainsPanel client={client} />
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <BillingPanel client={client} />
          <TicketsPanel client={client} />
        </div>
      </div>
    </>
  );
}
