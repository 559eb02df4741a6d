import { useState } from "react";
import { ChevronRight, Clock, Globe, LifeBuoy, Plus } from "lucide-react";
import type { Ticket } from "@shared/schemas/tickets";
import { formatDateTime, timeAgo } from "@shared/format";
import { EmptyState, LoadError, LoadingCards } from "@/components/view-states";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { useTickets } from "./api";
import { TicketPriorityBadge, TicketStatusBadge } from "./ticket-badges";

function TicketCard({
  ticket,
  now,
  onView,
}: {
  ticket: Ticket;
  now: number;
  onView: (id: string) => void;
}) {
  return (
    <Card className="flex flex-col gap-4 p-5 transition-shadow hover:shadow-[0_1px_2px_rgb(0_0_0/0.04),0_18px_40px_-20px_rgb(0_0_0/0.35)] sm:flex-row sm:items-center sm:justify-between sm:p-6">
      <div className="min-w-0">
        <h3 className="font-sans text-base leading-snug font-semibold break-words text-foreground sm:text-lg">
          {ticket.subject}
        </h3>
        <p className="mt-1 flex items-center gap-1.5 text-sm text-muted-foreground">
          <Clock className="size-3.5 shrink-0" aria-hidden="true" />
          <span>
            Opened{" "}
            <time dateTime={ticket.createdAt} title={formatDateTime(ticket.createdAt)}>
              {timeAgo(ticket.createdAt, now)}
            </time>{" "}
            by {ticket.openedBy}
          </span>
        </p>
        {ticket.website && (
          <p className="mt-1 flex min-w-0 items-center gap-1.5 text-sm text-muted-foreground">
            <Globe className="size-3.5 shrink-0" aria-hidden="true" />
            <span className="min-w-0 break-all">{ticket.website.domain}</span>
          </p>
        )}
        <div className="mt-3 flex flex-wrap gap-2">
          <TicketStatusBadge status={ticket.status} />
          <TicketPriorityBadge priority={ticket.priority} />
        </div>
      </div>
      <Button
        variant="outline"
        className="w-full shrink-0 sm:w-auto"
        onClick={() => onView(ticket.id)}
      >
        View<span className="sr-only"> ticket: {ticket.subject}</span>
        <ChevronRight aria-hidden="true" />
      </Button>
    </Card>
  );
}

/** The client's tickets, newest first, each with a View button that opens its thread. */
export function TicketList({ onView, onNew }: { onView: (id: string) => void; onNew: () => void }) {
  const { data: tickets, isPending, isError, refetch } = useTickets();
  const [now] = useState(() => Date.now());

  if (isPending) return <LoadingCards label="Loading your tickets..." count={2} columns={1} />;
  if (isError) return <LoadError what="your tickets" onRetry={() => void refetch()} />;
  if (tickets.length === 0) {
    return (
      <EmptyState
        icon={LifeBuoy}
        title="No tickets yet"
        action={
          <Button onClick={onNew}>
            <Plus aria-hidden="true" />
            Open your first ticket
          </Button>
        }
      >
        Need a change to your site, or is something not working? Open a ticket and we will reply
        within 24 hours.
      </EmptyState>
    );
  }
  return (
    <ul className="flex flex-col gap-3">
      {tickets.map((ticket) => (
        <li key={ticket.id}>
          <TicketCard ticket={ticket} now={now} onView={onView} />
        </li>
      ))}
    </ul>
  );
}
