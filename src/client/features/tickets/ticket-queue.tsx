import { Globe, UserRound } from "lucide-react";
import { backOfficeLists, backOfficePaths } from "@shared/deep-links";
import { formatCount, formatDateTime, formatDuration, humanize } from "@shared/format";
import {
  ticketAssigneeFilters,
  ticketPriorities,
  ticketQueueSorts,
  ticketStatuses,
  type QueueTicket,
} from "@shared/schemas/tickets";
import { pageSummary, Pager, RowLink } from "@/components/data-table";
import { FilterSelect } from "@/components/filters";
import { ListState, ListTable, ListView, type Column } from "@/components/list-view";
import { PriorityBadge, TicketStatusBadge } from "@/components/status-badge";
import { oneOf, useListFilters } from "@/lib/use-list-filters";
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

/** The client's plan and the level of service it gives, e.g. "VPS Hosting · Standard". */
const planText = (ticket: QueueTicket) =>
  `${ticket.plan ?? "No monthly plan"} · ${ticket.serviceLevel}` +
  (ticket.firstResponse.targetHours
    ? ` (${formatDuration(ticket.firstResponse.targetHours * 3600)})`
    : "");

const columns: Column<QueueTicket>[] = [
  {
    header: "Subject",
    main: true,
    className: "lg:max-w-72",
    cell: (ticket) => (
      <>
        <span className="block break-words">
          <RowLink href={backOfficePaths.ticket(ticket.id)}>{ticket.subject}</RowLink>
        </span>
        <span className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
          {ticket.website && (
            <span className="inline-flex min-w-0 items-center gap-1">
              <Globe className="size-3.5 shrink-0" aria-hidden="true" />
              <span className="break-all">{ticket.website.domain}</span>
            </span>
          )}
          <span className="tabular-nums">
            {formatCount(ticket.messages, "message", "messages")}
          </span>
        </span>
      </>
    ),
  },
  {
    header: "Client and plan",
    label: "Client",
    className: "max-lg:order-2 lg:max-w-60",
    cell: (ticket) => (
      // One block, so a phone's card shows the three lines stacked.
      <span className="block min-w-0">
        <span className="block font-medium break-words text-foreground">{ticket.companyName}</span>
        <span className="block text-xs break-words text-muted-foreground">
          Opened by {ticket.clientName}
        </span>
        <span className="block text-xs break-words text-muted-foreground">{planText(ticket)}</span>
      </span>
    ),
  },
  {
    header: "Status",
    inline: true,
    className: "max-lg:order-1",
    cell: (ticket) => <TicketStatusBadge status={ticket.status} />,
  },
  {
    header: "Priority",
    inline: true,
    className: "max-lg:order-1",
    cell: (ticket) => <PriorityBadge priority={ticket.priority} />,
  },
  {
    header: "Assignee",
    className: "max-lg:order-2",
    cell: (ticket) =>
      ticket.assignee ? (
        <span className="inline-flex items-center gap-1.5 break-words">
          <UserRound className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          {ticket.assignee.name}
        </span>
      ) : (
        <span className="text-muted-foreground">Unassigned</span>
      ),
  },
  {
    header: "First reply",
    inline: true,
    className: "max-lg:order-1",
    cell: (ticket) => <FirstResponseBadge clock={ticket.firstResponse} />,
  },
  {
    header: "Last activity",
    className: "whitespace-nowrap max-lg:order-2",
    cell: (ticket) => <time dateTime={ticket.updatedAt}>{formatDateTime(ticket.updatedAt)}</time>,
  },
];

export function TicketQueue() {
  const [filters, update] = useListFilters(backOfficeLists.tickets);
  const status = oneOf(ticketStatuses, filters.status);
  const priority = oneOf(ticketPriorities, filters.priority);
  const assignee = oneOf(ticketAssigneeFilters, filters.assignee);
  const sort = oneOf(ticketQueueSorts, filters.sort);
  const tickets = useTicketQueue({ status, priority, assignee, sort, page: filters.page });
  const { data } = tickets;
  const filtered = Boolean(status || priority || assignee);
  const order =
    sort === "time-left"
      ? "those waiting for a first reply first, the latest at the top"
      : "most recently active first";

  return (
    <ListView
      title="Tickets"
      description={`Every client's support tickets, ${order}.`}
      filtersClassName="grid gap-4 sm:grid-cols-2 xl:max-w-5xl xl:grid-cols-4"
      filters={
        <>
          <FilterSelect
            label="Status"
            value={status}
            options={statusOptions}
            allLabel="All statuses"
            onChange={(value) => update({ status: value ?? "" })}
          />
          <FilterSelect
            label="Priority"
            value={priority}
            options={priorityOptions}
            allLabel="All priorities"
            onChange={(value) => update({ priority: value ?? "" })}
          />
          <FilterSelect
            label="Assignee"
            value={assignee}
            options={assigneeOptions}
            allLabel="Anyone"
            onChange={(value) => update({ assignee: value ?? "" })}
          />
          <FilterSelect
            label="Sort by"
            value={sort === "time-left" ? sort : undefined}
            options={sortOptions}
            allLabel="Most recent activity"
            onChange={(value) => update({ sort: value ?? "" })}
          />
        </>
      }
      summary={
        <>
          {data && pageSummary({ ...data, shown: data.items.length }, "ticket", "tickets")}
          {tickets.isPlaceholderData && " (updating...)"}
        </>
      }
      footer={
        data && (
          <Pager label="Pages of tickets" list={data} onPage={(next) => update({ page: next })} />
        )
      }
    >
      <ListState query={tickets} loading="Loading tickets...">
        {(page) => (
          <ListTable
            caption={`Support tickets, ${order}`}
            columns={columns}
            rows={page.items}
            rowKey={(ticket) => ticket.id}
            // A late ticket is tinted and barred in red; its badge says "Late by" too.
            rowAlert={(ticket) => ticket.firstResponse.state === "late"}
            empty={
              filtered
                ? {
                    title: "No tickets match these filters",
                    body: "Try another status, priority or assignee.",
                  }
                : {
                    title: "No tickets yet",
                    body: "Tickets that clients open in their portal will appear here.",
                  }
            }
          />
        )}
      </ListState>
    </ListView>
  );
}
