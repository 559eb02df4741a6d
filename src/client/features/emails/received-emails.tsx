import { Link } from "wouter";
import { formatDateTime } from "@/components/format";
import {
  DataTable,
  EmptyState,
  LoadingState,
  QueryError,
  TBody,
  TD,
  TH,
  THead,
  TR,
} from "@/components/parts";
import { InboundOutcomeBadge } from "@/components/status-badge";
import type { useInboundEmails } from "./api";

/**
 * Received emails, newest first: replies added to tickets, tickets opened by email, and what was
 * refused (a stranger, an unknown ticket address, an auto-reply) with the reason.
 */
export function ReceivedEmails({ query }: { query: ReturnType<typeof useInboundEmails> }) {
  const { data, error, isPending, refetch } = query;
  if (error) return <QueryError error={error} onRetry={() => void refetch()} />;
  if (isPending) return <LoadingState label="Loading received emails..." />;
  if (data.length === 0) {
    return (
      <EmptyState title="No emails received yet">
        Replies to ticket emails, and new emails from clients to the support address, show here.
      </EmptyState>
    );
  }
  return (
    <DataTable caption="Received emails, newest first">
      <THead>
        <TH>Subject</TH>
        <TH>From</TH>
        <TH>Outcome</TH>
        <TH>Received</TH>
        <TH>Details</TH>
      </THead>
      <TBody>
        {data.map((email) => (
          <TR key={email.id} className={email.outcome === "rejected" ? "lg:bg-red-50/50" : ""}>
            <TD main className="lg:max-w-80 lg:min-w-56">
              <span className="block font-semibold break-words text-foreground">
                {email.subject || "(no subject)"}
              </span>
              <span className="mt-0.5 block text-xs break-all text-muted-foreground">
                to {email.to}
              </span>
            </TD>
            <TD label="From" className="[overflow-wrap:anywhere] max-lg:order-2 lg:min-w-48">
              {email.from || "—"}
            </TD>
            <TD inline label="Outcome" className="max-lg:order-1">
              <InboundOutcomeBadge outcome={email.outcome} />
            </TD>
            <TD label="Received" className="whitespace-nowrap max-lg:order-2">
              <time dateTime={email.receivedAt}>{formatDateTime(email.receivedAt)}</time>
            </TD>
            <TD
              label="Details"
              hideOnPhone={!email.reason && !email.ticketId}
              className="max-lg:order-2 lg:max-w-72"
            >
              {email.reason || email.ticketId ? (
                <div className="min-w-0 space-y-1">
                  {email.reason && (
                    <p className="[overflow-wrap:anywhere] text-foreground/80">{email.reason}</p>
                  )}
                  {email.ticketId && (
                    <Link
                      href={`/tickets/${email.ticketId}`}
                      className="inline-block font-medium text-foreground underline underline-offset-4 hover:text-foreground/70"
                    >
                      Open the ticket
                    </Link>
                  )}
                </div>
              ) : (
                <span className="text-muted-foreground">—</span>
              )}
            </TD>
          </TR>
        ))}
      </TBody>
    </DataTable>
  );
}
