import { useState } from "react";
import { Inbox, RefreshCw, Send } from "lucide-react";
import { humanize, formatDateTime } from "@shared/format";
import type { OutboxEmail } from "@shared/schemas/emails";
import { Segmented } from "@/components/filters";
import { FilterBar, ListState, ListTable, ListView, type Column } from "@/components/list-view";
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

const columns: Column<OutboxEmail>[] = [
  {
    header: "Subject",
    main: true,
    className: "lg:max-w-80 lg:min-w-56",
    cell: (email) => (
      <>
        <span className="block font-semibold break-words text-foreground">{email.subject}</span>
        <span className="mt-0.5 block text-xs text-muted-foreground">
          {emailKindLabel(email.kind)}
        </span>
        <EmailTextButton email={email} />
      </>
    ),
  },
  {
    header: "To",
    className: "[overflow-wrap:anywhere] max-lg:order-2 lg:min-w-44",
    cell: (email) => email.to,
  },
  {
    header: "Status",
    inline: true,
    className: "max-lg:order-1",
    cell: (email) => <EmailStatusBadge status={email.status} />,
  },
  {
    header: "Attempts",
    headerClassName: "text-right",
    className: "tabular-nums max-lg:order-2 lg:text-right",
    cell: (email) => email.attempts,
  },
  {
    header: "Queued",
    className: "whitespace-nowrap max-lg:order-2",
    cell: (email) => <time dateTime={email.createdAt}>{formatDateTime(email.createdAt)}</time>,
  },
  {
    header: "Last error",
    hideOnPhone: (email) => !email.lastError,
    className: "max-lg:order-2 lg:max-w-64",
    cell: (email) =>
      email.lastError ? (
        <span className="font-mono text-xs break-words text-red-800">{email.lastError}</span>
      ) : (
        <span className="text-muted-foreground">—</span>
      ),
  },
];

/** The outbox (the latest emails the site queued, by status) and the emails it received. */
export function EmailsView() {
  const outbox = useOutbox();
  const { data, isFetching, refetch } = outbox;
  const received = useInboundEmails();
  const [shown, setShown] = useState<string>("all");
  const [list, setList] = useState<string>("sent");
  const refreshing = isFetching || received.isFetching;

  const count = (status: string) => data?.filter((email) => email.status === status).length ?? 0;
  const options = [
    { value: "all", label: `All (${data?.length ?? 0})` },
    ...statuses.map((status) => ({
      value: status,
      label: `${humanize(status)} (${count(status)})`,
    })),
  ];

  return (
    <ListView
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
    >
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
          <FilterBar>
            <Segmented
              label="Show"
              value={shown}
              options={options}
              onChange={setShown}
              className="max-w-xl [&_[role=group]>button]:px-2"
            />
          </FilterBar>

          <ListState query={outbox} loading="Loading emails...">
            {(emails) => (
              <ListTable
                caption="Emails, newest first"
                columns={columns}
                rows={emails.filter((email) => shown === "all" || email.status === shown)}
                rowKey={(email) => email.id}
                rowClassName={(email) => (email.status === "failed" ? "lg:bg-red-50/50" : "")}
                empty={{
                  title: shown === "all" ? "No emails yet" : `No ${shown} emails`,
                  body: shown === "failed" ? "Every email went out or is on its way." : undefined,
                }}
              />
            )}
          </ListState>
        </TabsContent>
      </Tabs>
    </ListView>
  );
}
