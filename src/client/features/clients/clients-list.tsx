import { useCallback, useRef, useState } from "react";
import { Link, useSearchParams } from "wouter";
import { CheckCircle2, UserPlus } from "lucide-react";
import type { Invitation } from "@shared/schemas/clients";
import { SearchBox } from "@/components/filters";
import { formatDate } from "@/components/format";
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
import { Button } from "@/components/ui/button";
import { useClients } from "./api";
import { InviteForm } from "./invitation-form";

export function ClientsView() {
  useDocumentTitle("Clients");
  const [params, setParams] = useSearchParams();
  const q = params.get("q") ?? "";
  const { data, error, isPending, isPlaceholderData, refetch } = useClients(q);
  const [inviting, setInviting] = useState(false);
  const [invited, setInvited] = useState<Invitation | null>(null);
  const inviteButton = useRef<HTMLButtonElement>(null);

  const onSearch = useCallback(
    (value: string) => setParams(value ? { q: value } : {}, { replace: true }),
    [setParams],
  );

  return (
    <>
      <ViewHeader
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
      />

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
                    <strong className="break-all">{invited.email}</strong> are ready, but no sign-in
                    link could be sent. They can ask for one on the log-in page.
                  </>
                )}
              </span>
            </p>
            <Link
              href={`/clients/${invited.id}`}
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

      <div className="mb-5 rounded-2xl border border-border bg-card p-4">
        <SearchBox
          label="Search clients"
          value={q}
          onChange={onSearch}
          placeholder="Company, name or email"
          className="max-w-xl"
        />
      </div>

      <p aria-live="polite" className="mb-3 min-h-5 text-sm text-muted-foreground">
        {data && `${data.length} ${data.length === 1 ? "company" : "companies"}`}
      </p>

      {error ? (
        <QueryError error={error} onRetry={() => void refetch()} />
      ) : isPending ? (
        <LoadingState label="Loading clients..." />
      ) : data.length === 0 ? (
        <EmptyState title={q ? "No clients match this search" : "No clients yet"}>
          {q
            ? "Search by company name, or a member's email or name."
            : "Invite your first client to give them portal access."}
        </EmptyState>
      ) : (
        <div className={isPlaceholderData ? "opacity-60 transition-opacity" : undefined}>
          <DataTable caption="Clients">
            <THead>
              <TH>Client</TH>
              <TH className="text-right">Members</TH>
              <TH className="text-right">Websites</TH>
              <TH className="text-right">Open tickets</TH>
              <TH>Since</TH>
            </THead>
            <TBody>
              {data.map((client) => (
                <TR key={client.id}>
                  <TD main>
                    <RowLink href={`/clients/${client.id}`}>{client.name}</RowLink>
                    <span className="block break-all text-muted-foreground">
                      {client.ownerEmail ?? "No owner"}
                    </span>
                  </TD>
                  <TD label="Members" className="tabular-nums lg:text-right">
                    {client.members}
                  </TD>
                  <TD label="Websites" className="tabular-nums lg:text-right">
                    {client.websites}
                  </TD>
                  <TD label="Open tickets" className="tabular-nums lg:text-right">
                    {client.openTickets > 0 ? (
                      <span className="font-semibold text-foreground">{client.openTickets}</span>
                    ) : (
                      <span className="text-muted-foreground">0</span>
                    )}
                  </TD>
                  <TD label="Since" className="whitespace-nowrap">
                    <time dateTime={client.createdAt}>{formatDate(client.createdAt)}</time>
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
