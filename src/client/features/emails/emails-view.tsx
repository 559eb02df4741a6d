import { useState } from "react";
import { Inbox, RefreshCw, Send } from "lucide-react";
import { Segmented } from "@/components/filters";
import { formatDateTime, humanize } from "@/components/format";
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
  useDocumentTitle,
  ViewHeader,
} from "@/components/parts";
import { EmailStatusBadge } from "@/components/status-badge";
import { Button } from "@/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useInboundEmails, useOutbox } from "./api";
import { EmailTextButton } from "./email-text";
import { ReceivedEmails } from "./received-emails";

const emailKinds: Record<string, string> = {
  "lead-notification": "New lead (to agency)",
  "lead-acknowledgement": "Lead acknowledgement",
  "sign-in-link": "Sign-in link",
  "ticket-new": "New ticket",
  "ticket-client-reply": "Client reply (to agency)",
  "ticket-staff-reply": "Staff reply (to client)",
  "ticket-acknowledgement": "Ticket receipt (to client)",
  "ticket-status": "Ticket status change (to client)",
  "website-added": "Website added (to client)",
  "domain-added": "Domain added (to client)",
  "auto-renew-switched": "Auto-renew switched (to agency)",
  "client-invitation": "Client invitation",
  "project-approval-request": "Approval request (to client)",
  "project-update": "Project update (to client)",
  "project-milestone-answer": "Client's answer to an approval (to agency)",
};

const emailKindLabel = (kind: string) => emailKinds[kind] ?? humanize(kind);

const statuses = ["failed", "pending", "sent"] as const;

/** The outbox (the latest emails the site queued, by status) and the emails it received. */
export function EmailsView() {
  useDocumentTitle("Emails");
  const { data, error, isPending, isFetching, refetch } = useOutbox();
  const received = useInboundEmails();
  const [shown, setShown] = useState<string>("all");
  const [list, setList] = useState<string>("sent");
  const refreshing = isFetching || received.isFetching;

  const count = (status: string) => data?.filter((email) => email.status === status).length ?? 0;
  const options = [
    { value: "all", label: `All (${data?.length ?? 0})` },
    ...statuses.map((status) => ({
      value: status,
      label: `${status.charAt(0).toUpperCase()}${status.slice(1)} (${count(status)})`,
    })),
  ];
  const emails = data?.filter((email) => shown === "all" || email.status === shown) ?? [];

  return (
    <>
      <ViewHeader
        title="Emails"
        description="The latest 100 emails the site sent (failed sends are retried) and received: replies that landed in tickets, tickets opened by email, and what was refused."
        actions={
          <Button
            variant="outline"
            onClick={() => void Promise.all([refetch(), received.refetch()])}
            disabled={refreshing}
          >
            <RefreshCw
              className={refreshing ? "animate-spin motion-reduce:animate-none" : undefined}
              aria-hidden="true"
            />
            {refreshing ? "Refreshing..." : "Refresh"}
          </Button>
        }
      />

      <Tabs value={list} onValueChange={setList}>
        <TabsList
          aria-label="Sent or received"
          className="mb-5 grid w-full grid-cols-2 rounded-2xl sm:inline-flex sm:w-auto sm:rounded-full"
        >
          <TabsTrigger value="sent" className="rounded-xl sm:rounded-full sm:px-5">
            <Send aria-hidden="true" />
            Sent
          </TabsTrigger>
          <TabsTrigger value="received" className="rounded-xl sm:rounded-full sm:px-5">
            <Inbox aria-hidden="true" />
            Received
          </TabsTrigger>
        </TabsList>
        <TabsContent value="received">
          <ReceivedEmails query={received} />
        </TabsContent>
        <TabsContent value="sent">
          <div className="mb-5 rounded-2xl border border-border bg-card p-4">
            <Segmented
              label="Show"
              value={shown}
              options={options}
              onChange={setShown}
              className="max-w-xl [&_[role=group]>button]:px-2"
            />
          </div>

          {error ? (
            <QueryError error={error} onRetry={() => void refetch()} />
          ) : isPending ? (
            <LoadingState label="Loading emails..." />
          ) : emails.length === 0 ? (
            <EmptyState title={shown === "all" ? "No emails yet" : `No ${shown} emails`}>
              {shown === "failed" ? "Every email went out or is on its way." : undefined}
            </EmptyState>
          ) : (
            <DataTable caption="Emails, newest first">
              <THead>
                <TH>Subject</TH>
                <TH>To</TH>
                <TH>Status</TH>
                <TH className="text-right">Attempts</TH>
                <TH>Queued</TH>
                <TH>Last error</TH>
              </THead>
              <TBody>
                {emails.map((email) => (
                  <TR key={email.id} className={email.status === "failed" ? "lg:bg-red-50/50" : ""}>
                    <TD main className="lg:max-w-80 lg:min-w-56">
                      <span className="block font-semibold break-words text-foreground">
                        {email.subject}
                      </span>
                      <span className="mt-0.5 block text-xs text-muted-foreground">
                        {emailKindLabel(email.kind)}
                      </span>
                      <EmailTextButton email={email} />
                    </TD>
                    <TD label="To" className="[overflow-wrap:anywhere] max-lg:order-2 lg:min-w-44">
                      {email.to}
                    </TD>
                    <TD inline label="Status" className="max-lg:order-1">
                      <EmailStatusBadge status={email.status} />
                    </TD>
                    <TD label="Attempts" className="tabular-nums max-lg:order-2 lg:text-right">
                      {email.attempts}
                    </TD>
                    <TD label="Queued" className="whitespace-nowrap max-lg:order-2">
                      <time dateTime={email.createdAt}>{formatDateTime(email.createdAt)}</time>
                    </TD>
                    <TD
                      label="Last error"
                      hideOnPhone={!email.lastError}
                      className="max-lg:order-2 lg:max-w-64"
                    >
                      {email.lastError ? (
                        <span className="font-mono text-xs break-words text-red-800">
                          {email.lastError}
                        </span>
                      ) : (
                        <span className="text-muted-foreground">—</span>
                      )}
                    </TD>
                  </TR>
                ))}
              </TBody>
            </DataTable>
          )}
        </TabsContent>
      </Tabs>
    </>
  );
}
