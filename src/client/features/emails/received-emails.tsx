import { Link } from "wouter";
import { backOfficePaths } from "@shared/deep-links";
import { formatDateTime } from "@shared/format";
import type { InboundEmailView } from "@shared/schemas/emails";
import { ListState, ListTable, type Column } from "@/components/list-view";
import { InboundOutcomeBadge } from "@/components/status-badge";
import type { useInboundEmails } from "./api";

const columns: Column<InboundEmailView>[] = [
  {
    header: "Subject",
    main: true,
    className: "lg:max-w-80 lg:min-w-56",
    cell: (email) => (
      <>
        <span className="block font-semibold break-words text-foreground">
          {email.subject || "(no subject)"}
        </span>
        <span className="mt-0.5 block text-xs break-all text-muted-foreground">to {email.to}</span>
      </>
    ),
  },
  {
    header: "From",
    className: "[overflow-wrap:anywhere] max-lg:order-2 lg:min-w-48",
    cell: (email) => email.from || "—",
  },
  {
    header: "Outcome",
    inline: true,
    className: "max-lg:order-1",
    cell: (email) => <InboundOutcomeBadge outcome={email.outcome} />,
  },
  {
    header: "Received",
    className: "whitespace-nowrap max-lg:order-2",
    cell: (email) => <time dateTime={email.receivedAt}>{formatDateTime(email.receivedAt)}</time>,
  },
  {
    header: "Details",
    hideOnPhone: (email) => !email.reason && !email.ticketId,
    className: "max-lg:order-2 lg:max-w-72",
    cell: (email) =>
      email.reason || email.ticketId ? (
        <div className="min-w-0 space-y-1">
          {email.reason && (
            <p className="[overflow-wrap:anywhere] text-foreground/80">{email.reason}</p>
          )}
          {email.ticketId && (
            <Link
              href={backOfficePaths.ticket(email.ticketId)}
              className="inline-block font-medium text-foreground underline underline-offset-4 hover:text-foreground/70"
            >
              Open the ticket
            </Link>
          )}
        </div>
      ) : (
        <span className="text-muted-foreground">—</span>
      ),
  },
];

/**
 * Received emails, newest first: replies added to tickets, tickets opened by email, and what was
 * refused (a stranger, an unknown ticket address, an auto-reply) with the reason.
 */
export function ReceivedEmails({ query }: { query: ReturnType<typeof useInboundEmails> }) {
  return (
    <ListState query={query} loading="Loading received emails...">
      {(emails) => (
        <ListTable
          caption="Received emails, newest first"
          columns={columns}
          rows={emails}
          rowKey={(email) => email.id}
          rowClassName={(email) => (email.outcome === "rejected" ? "lg:bg-red-50/50" : "")}
          empty={{
            title: "No emails received yet",
            body: "Replies to ticket emails, and new emails from clients to the support address, show here.",
          }}
        />
      )}
    </ListState>
  );
}
