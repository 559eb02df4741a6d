import { useCallback } from "react";
import { useSearchParams } from "wouter";
import {
  ticketPriorities,
  ticketStatuses,
  type TicketPriority,
  type TicketStatus,
} from "@shared/schemas/tickets";
import { FilterSelect } from "@/components/filters";
import { formatDateTime, humanize } from "@/components/format";
import {
  DataTable,
  EmptyState,
  LoadingState,
  QueryError,
  RowLink,
  TBody,
  TD,
  TH,
  THead,
  TR,
  useDocumentTitle,
  ViewHeader,
} from "@/components/parts";
import { PriorityBadge, TicketStatusBadge } from "@/components/status-badge";
import { useTicketQueue } from "./api";

const statusOptions = ticketStatuses.map((value) => ({ value, label: humanize(value) }));
const priorityOptions = ticketPriorities.map((value) => ({ value, label: humanize(value) }));

const pick = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((v) => v === value);

export function TicketQueue() {
  useDocumentTitle("Tickets");
  const [params, setParams] = useSearchParams();
  const status = pick<TicketStatus>(ticketStatuses, params.get("status"));
  const priority = pick<TicketPriority>(ticketPriorities, params.get("priority"));
  const { data, error, isPending, isPlaceholderData, refetch } = useTicketQueue({
    status,
    priority,
  });

  const update = useCallback(
    (key: "status" | "priority", value: string | undefined) =>
      setParams((previous) => {
        const next = new URLSearchParams(previous);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      }),
    [setParams],
  );

  return (
    <>
      <ViewHeader
        title="Tickets"
        description="Every client's support tickets, most recently active first."
      />

      <div className="mb-5 grid gap-4 rounded-2xl border border-border bg-card p-4 sm:grid-cols-2 lg:max-w-2xl">
        <FilterSelect
          label="Status"
          value={status}
          options={statusOptions}
          allLabel="All statuses"
          onChange={(value) => update("status", value)}
        />
        <FilterSelect
          label="Priority"
          value={priority}
          options={priorityOptions}
          allLabel="All priorities"
          onChange={(value) => update("priority", value)}
        />
      </div>

      <p aria-live="polite" className="mb-3 min-h-5 text-sm text-muted-foreground">
        {data && `${data.length} ${data.length === 1 ? "ticket" : "tickets"}`}
      </p>

      {error ? (
        <QueryError error={error} onRetry={() => void refetch()} />
      ) : isPending ? (
        <LoadingState label="Loading tickets..." />
      ) : data.length === 0 ? (
        <EmptyState
          title={status || priority ? "No tickets match these filters" : "No tickets yet"}
        >
          {status || priority
            ? "Try another status or priority."
            : "Tickets that clients open in their portal will appear here."}
        </EmptyState>
      ) : (
        <div className={isPlaceholderData ? "opacity-60 transition-opacity" : undefined}>
          <DataTable caption="Support tickets, most recently active first">
            <THead>
              <TH>Subject</TH>
              <TH>Client</TH>
              <TH>Status</TH>
              <TH>Priority</TH>
              <TH className="text-right">Messages</TH>
              <TH>Last activity</TH>
            </THead>
            <TBody>
              {data.map((ticket) => (
                <TR key={ticket.id}>
                  <TD main className="lg:max-w-80">
                    <span className="break-words">
                      <RowLink href={`/tickets/${ticket.id}`}>{ticket.subject}</RowLink>
                    </span>
                  </TD>
                  <TD label="Client" className="max-lg:order-2 lg:max-w-56">
                    <span className="block font-medium break-words text-foreground">
                      {ticket.companyName}
                    </span>
                    <span className="block text-xs break-words text-muted-foreground">
                      Opened by {ticket.clientName}
                    </span>
                    <span className="block text-xs break-all text-muted-foreground max-lg:hidden">
                      {ticket.clientEmail}
                    </span>
                  </TD>
                  <TD inline label="Status" className="max-lg:order-1">
                    <TicketStatusBadge status={ticket.status} />
                  </TD>
                  <TD inline label="Priority" className="max-lg:order-1">
                    <PriorityBadge priority={ticket.priority} />
                  </TD>
                  <TD label="Messages" className="tabular-nums max-lg:order-2 lg:text-right">
                    {ticket.messages}
                  </TD>
                  <TD label="Last activity" className="whitespace-nowrap max-lg:order-2">
                    <time dateTime={ticket.updatedAt}>{formatDateTime(ticket.updatedAt)}</time>
                  </TD>
                </TR>
              ))}
            </TBody>
          </DataTable>
        </div>
      )}
    </>
  );
}
