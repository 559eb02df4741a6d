import { useCallback } from "react";
import { useSearchParams } from "wouter";
import { Globe, UserRound } from "lucide-react";
import {
  ticketAssigneeFilters,
  ticketPriorities,
  ticketQueueSorts,
  ticketStatuses,
  type QueueTicket,
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
import { FirstResponseBadge } from "./first-response-badge";

const statusOptions = ticketStatuses.map((value) => ({ value, label: humanize(value) }));
const priorityOptions = ticketPriorities.map((value) => ({ value, label: humanize(value) }));
const assigneeOptions = [
  { value: "me", label: "Assigned to me" },
  { value: "none", label: "Unassigned" },
];
// Most recent activity is the default order, "all" in the select.
const sortOptions = [{ value: "time-left", label: "Time left to first reply" }];

const pick = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((v) => v === value);

/** The client's plan and the level of service it gives, e.g. "VPS Hosting · Standard". */
const planText = (ticket: QueueTicket) =>
  `${ticket.plan ?? "No monthly plan"} · ${ticket.serviceLevel}` +
  (ticket.firstResponse.targetHours ? ` (${ticket.firstResponse.targetHours} h)` : "");

export function TicketQueue() {
  useDocumentTitle("Tickets");
  const [params, setParams] = useSearchParams();
  const status = pick<TicketStatus>(ticketStatuses, params.get("status"));
  const priority = pick<TicketPriority>(ticketPriorities, params.get("priority"));
  const assignee = pick(ticketAssigneeFilters, params.get("assignee"));
  const sort = pick(ticketQueueSorts, params.get("sort"));
  const { data, error, isPending, isPlaceholderData, refetch } = useTicketQueue({
    status,
    priority,
    assignee,
    sort,
  });
  const filtered = Boolean(status || priority || assignee);
  const order =
    sort === "time-left"
      ? "those waiting for a first reply first, the latest at the top"
      : "most recently active first";

  const update = useCallback(
    (key: "status" | "priority" | "assignee" | "sort", value: string | undefined) =>
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
      <ViewHeader title="Tickets" description={`Every client's support tickets, ${order}.`} />

      <div className="mb-5 grid gap-4 rounded-2xl border border-border bg-card p-4 sm:grid-cols-2 xl:max-w-5xl xl:grid-cols-4">
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
        <FilterSelect
          label="Assignee"
          value={assignee}
          options={assigneeOptions}
          allLabel="Anyone"
          onChange={(value) => update("assignee", value)}
        />
        <FilterSelect
          label="Sort by"
          value={sort === "time-left" ? sort : undefined}
          options={sortOptions}
          allLabel="Most recent activity"
          onChange={(value) => update("sort", value)}
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
        <EmptyState title={filtered ? "No tickets match these filters" : "No tickets yet"}>
          {filtered
            ? "Try another status, priority or assignee."
            : "Tickets that clients open in their portal will appear here."}
        </EmptyState>
      ) : (
        <div className={isPlaceholderData ? "opacity-60 transition-opacity" : undefined}>
          <DataTable caption={`Support tickets, ${order}`}>
            <THead>
              <TH>Subject</TH>
              <TH>Client and plan</TH>
              <TH>Status</TH>
              <TH>Priority</TH>
              <TH>Assignee</TH>
              <TH>First reply</TH>
              <TH>Last activity</TH>
            </THead>
            <TBody>
              {data.map((ticket) => {
                const late = ticket.firstResponse.state === "late";
                return (
                  // A late ticket is tinted and barred in red; its badge says "Late by" too.
                  <TR key={ticket.id} alert={late}>
                    <TD main className="lg:max-w-72">
                      <span className="block break-words">
                        <RowLink href={`/tickets/${ticket.id}`}>{ticket.subject}</RowLink>
                      </span>
                      <span className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
                        {ticket.website && (
                          <span className="inline-flex min-w-0 items-center gap-1">
                            <Globe className="size-3.5 shrink-0" aria-hidden="true" />
                            <span className="break-all">{ticket.website.domain}</span>
                          </span>
                        )}
                        <span className="tabular-nums">
                          {ticket.messages} {ticket.messages === 1 ? "message" : "messages"}
                        </span>
                      </span>
                    </TD>
                    <TD label="Client" className="max-lg:order-2 lg:max-w-60">
                      {/* One block, so a phone's card shows the three lines stacked. */}
                      <span className="block min-w-0">
                        <span className="block font-medium break-words text-foreground">
                          {ticket.companyName}
                        </span>
                        <span className="block text-xs break-words text-muted-foreground">
                          Opened by {ticket.clientName}
                        </span>
                        <span className="block text-xs break-words text-muted-foreground">
                          {planText(ticket)}
                        </span>
                      </span>
                    </TD>
                    <TD inline label="Status" className="max-lg:order-1">
                      <TicketStatusBadge status={ticket.status} />
                    </TD>
                    <TD inline label="Priority" className="max-lg:order-1">
                      <PriorityBadge priority={ticket.priority} />
                    </TD>
                    <TD label="Assignee" className="max-lg:order-2">
                      {ticket.assignee ? (
                        <span className="inline-flex items-center gap-1.5 break-words">
                          <UserRound
                            className="size-4 shrink-0 text-muted-foreground"
                            aria-hidden="true"
                          />
                          {ticket.assignee.name}
                        </span>
                      ) : (
                        <span className="text-muted-foreground">Unassigned</span>
                      )}
                    </TD>
                    <TD inline label="First reply" className="max-lg:order-1">
                      <FirstResponseBadge clock={ticket.firstResponse} />
                    </TD>
                    <TD label="Last activity" className="whitespace-nowrap max-lg:order-2">
                      <time dateTime={ticket.updatedAt}>{formatDateTime(ticket.updatedAt)}</time>
                    </TD>
                  </TR>
                );
              })}
            </TBody>
          </DataTable>
        </div>
      )}
    </>
  );
}
