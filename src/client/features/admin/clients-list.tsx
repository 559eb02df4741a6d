import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "wouter";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { CheckCircle2, Send, UserPlus, X } from "lucide-react";
import { inviteClientSchema } from "@shared/schemas/clients";
import { Field, fieldAria } from "@/components/field";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { useClients, useInviteClient } from "./api";
import { SearchBox } from "./filters";
import { showServerErrors } from "./forms";
import { formatDate, personName } from "./format";
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
} from "./parts";
import { StaffBadge } from "./status-badge";

type Invited = { id: string; email: string; emailed: boolean };

function InviteForm({
  onInvited,
  onClose,
}: {
  onInvited: (invited: Invited) => void;
  onClose: () => void;
}) {
  const invite = useInviteClient();
  const form = useForm({
    resolver: zodResolver(inviteClientSchema),
    defaultValues: { email: "", firstName: "", lastName: "" },
  });
  const { errors } = form.formState;
  const emailRef = useRef<HTMLInputElement | null>(null);
  const { ref: registerEmailRef, ...emailField } = form.register("email");

  useEffect(() => emailRef.current?.focus(), []);

  const onSubmit = form.handleSubmit((values) =>
    invite.mutateAsync(values).then(
      (invited) => {
        form.reset();
        onInvited(invited);
      },
      (error: unknown) =>
        showServerErrors(error, form.setError, ["email", "firstName", "lastName"]),
    ),
  );

  return (
    <section
      aria-labelledby="invite-heading"
      className="mb-6 rounded-2xl border border-gold-300 bg-gold-50/60 p-5"
    >
      <div className="mb-4 flex items-start justify-between gap-3">
        <div>
          <h2 id="invite-heading" className="font-sans text-base font-semibold">
            Invite a client
          </h2>
          <p className="mt-0.5 text-sm text-muted-foreground">
            We create their account and email them a sign-in link that works for 7 days.
          </p>
        </div>
        <Button
          variant="ghost"
          size="icon"
          onClick={onClose}
          aria-label="Close the invitation form"
        >
          <X aria-hidden="true" />
        </Button>
      </div>
      <form
        onSubmit={onSubmit}
        noValidate
        className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_minmax(0,1fr)_auto] lg:items-start"
      >
        <Field
          id="invite-email"
          label="Email"
          error={errors.email?.message}
          className="sm:col-span-2 lg:col-span-1"
        >
          <Input
            {...fieldAria("invite-email", errors.email?.message)}
            {...emailField}
            ref={(element) => {
              registerEmailRef(element);
              emailRef.current = element;
            }}
            type="email"
            autoComplete="off"
            required
            aria-required="true"
          />
        </Field>
        <Field id="invite-first" label="First name (optional)" error={errors.firstName?.message}>
          <Input
            {...fieldAria("invite-first", errors.firstName?.message)}
            {...form.register("firstName")}
            autoComplete="off"
          />
        </Field>
        <Field id="invite-last" label="Last name (optional)" error={errors.lastName?.message}>
          <Input
            {...fieldAria("invite-last", errors.lastName?.message)}
            {...form.register("lastName")}
            autoComplete="off"
          />
        </Field>
        <div className="sm:col-span-2 lg:col-span-1 lg:pt-6">
          <Button type="submit" disabled={invite.isPending} className="w-full lg:w-auto">
            <Send aria-hidden="true" />
            {invite.isPending ? "Sending..." : "Send invitation"}
          </Button>
        </div>
        {errors.root?.server && (
          <p role="alert" className="text-sm text-destructive sm:col-span-2 lg:col-span-4">
            {errors.root.server.message}
          </p>
        )}
      </form>
    </section>
  );
}

export function ClientsView() {
  useDocumentTitle("Clients");
  const [params, setParams] = useSearchParams();
  const q = params.get("q") ?? "";
  const { data, error, isPending, isPlaceholderData, refetch } = useClients(q);
  const [inviting, setInviting] = useState(false);
  const [invited, setInvited] = useState<Invited | null>(null);
  const inviteButton = useRef<HTMLButtonElement>(null);

  const onSearch = useCallback(
    (value: string) => setParams(value ? { q: value } : {}, { replace: true }),
    [setParams],
  );

  return (
    <>
      <ViewHeader
        title="Clients"
        description="Every account with portal access. Staff accounts are marked."
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
                    The account for <strong className="break-all">{invited.email}</strong> is ready,
                    but no sign-in link could be sent. They can ask for one on the log-in page.
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
          placeholder="Name or email"
          className="max-w-xl"
        />
      </div>

      <p aria-live="polite" className="mb-3 min-h-5 text-sm text-muted-foreground">
        {data && `${data.length} ${data.length === 1 ? "account" : "accounts"}`}
      </p>

      {error ? (
        <QueryError error={error} onRetry={() => void refetch()} />
      ) : isPending ? (
        <LoadingState label="Loading clients..." />
      ) : data.length === 0 ? (
        <EmptyState title={q ? "No clients match this search" : "No clients yet"}>
          {q ? "Search by email or name." : "Invite your first client to give them portal access."}
        </EmptyState>
      ) : (
        <div className={isPlaceholderData ? "opacity-60 transition-opacity" : undefined}>
          <DataTable caption="Clients">
            <THead>
              <TH>Client</TH>
              <TH className="text-right">Websites</TH>
              <TH className="text-right">Open tickets</TH>
              <TH>Joined</TH>
              <TH>Role</TH>
            </THead>
            <TBody>
              {data.map((client) => (
                <TR key={client.id}>
                  <TD main>
                    <RowLink href={`/clients/${client.id}`}>{personName(client)}</RowLink>
                    <span className="block break-all text-muted-foreground">{client.email}</span>
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
                  <TD label="Joined" className="whitespace-nowrap">
                    <time dateTime={client.createdAt}>{formatDate(client.createdAt)}</time>
                  </TD>
                  <TD label="Role" hideOnPhone={!client.isAdmin}>
                    {client.isAdmin ? (
                      <StaffBadge />
                    ) : (
                      <span className="text-muted-foreground">Client</span>
                    )}
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
