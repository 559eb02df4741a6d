import { useCallback, useRef, useState } from "react";
import { Link } from "wouter";
import { CheckCircle2, UserPlus } from "lucide-react";
import { backOfficeLists, backOfficePaths } from "@shared/deep-links";
import { formatCount, formatDate } from "@shared/format";
import type { ClientSummary, Invitation } from "@shared/schemas/clients";
import { RowLink } from "@/components/data-table";
import { SearchBox } from "@/components/filters";
import { ListState, ListTable, ListView, type Column } from "@/components/list-view";
import { Button } from "@/components/ui/button";
import { useListFilters } from "@/lib/use-list-filters";
import { useClients } from "./api";
import { InviteForm } from "./invitation-form";

const columns: Column<ClientSummary>[] = [
  {
    header: "Client",
    main: true,
    cell: (client) => (
      <>
        <RowLink href={backOfficePaths.client(client.id)}>{client.name}</RowLink>
        <span className="block break-all text-muted-foreground">
          {client.ownerEmail ?? "No owner"}
        </span>
      </>
    ),
  },
  {
    header: "Members",
    headerClassName: "text-right",
    className: "tabular-nums lg:text-right",
    cell: (client) => client.members,
  },
  {
    header: "Websites",
    headerClassName: "text-right",
    className: "tabular-nums lg:text-right",
    cell: (client) => client.websites,
  },
  {
    header: "Open tickets",
    headerClassName: "text-right",
    className: "tabular-nums lg:text-right",
    cell: (client) =>
      client.openTickets > 0 ? (
        <span className="font-semibold text-foreground">{client.openTickets}</span>
      ) : (
        <span className="text-muted-foreground">0</span>
      ),
  },
  {
    header: "Since",
    className: "whitespace-nowrap",
    cell: (client) => <time dateTime={client.createdAt}>{formatDate(client.createdAt)}</time>,
  },
];

export function ClientsView() {
  const [{ q }, update] = useListFilters(backOfficeLists.clients);
  const clients = useClients(q);
  const [inviting, setInviting] = useState(false);
  const [invited, setInvited] = useState<Invitation | null>(null);
  const inviteButton = useRef<HTMLButtonElement>(null);

  const onSearch = useCallback((value: string) => update({ q: value }), [update]);

  return (
    <ListView
      title="Clients"
      description="Every client company with portal access: its owner, members, websites and open tickets."
      actions={
        <Button
          ref={inviteButton}
          aria-expanded={inviting}
          onClick={() => {
            setInviting((open) => !open);
            setInvited(null);
          }}
        >
          <UserPlus aria-hidden="true" />
          Invite client
        </Button>
      }
      intro={
        <>
          <div role="status" aria-live="polite">
            {invited && (
              <div className="mb-6 flex flex-col gap-2 rounded-2xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-900 sm:flex-row sm:items-center sm:justify-between">
                <p className="flex items-start gap-2 text-sm">
                  <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                  <span>
                    {invited.emailed ? (
                      <>
                        Invitation sent to <strong className="break-all">{invited.email}</strong>
                      </>
                    ) : (
                      <>
                        The company and the account for{" "}
                        <strong className="break-all">{invited.email}</strong> are ready, but no
                        sign-in link could be sent. They can ask for one on the log-in page.
                      </>
                    )}
                  </span>
                </p>
                <Link
                  href={backOfficePaths.client(invited.id)}
                  className="inline-flex min-h-11 items-center text-sm font-semibold underline underline-offset-4"
                >
                  Open their page
                </Link>
              </div>
            )}
          </div>

          {inviting && (
            <InviteForm
              onInvited={(result) => {
                setInvited(result);
                setInviting(false);
                inviteButton.current?.focus();
              }}
              onClose={() => {
                setInviting(false);
                inviteButton.current?.focus();
              }}
            />
          )}
        </>
      }
      filters={
        <SearchBox
          label="Search clients"
          value={q}
          onChange={onSearch}
          placeholder="Company, name or email"
          className="max-w-xl"
        />
      }
      summary={clients.data ? formatCount(clients.data.length, "company", "companies") : ""}
    >
      <ListState query={clients} loading="Loading clients...">
        {(list) => (
          <ListTable
            caption="Clients"
            columns={columns}
            rows={list}
            rowKey={(client) => client.id}
            empty={
              q
                ? {
                    title: "No clients match this search",
                    body: "Search by company name, or a member's email or name.",
                  }
                : {
                    title: "No clients yet",
                    body: "Invite your first client to give them portal access.",
                  }
            }
          />
        )}
      </ListState>
    </ListView>
  );
}
