import { useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Pencil, Plus, RefreshCcw, Trash2 } from "lucide-react";
import type { Domain } from "@shared/schemas/portal";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { clientWrites, errorMessage, useClientWrite, type ClientDetail } from "./api";
import { ConfirmDialog } from "./confirm-dialog";
import { domainFormSchema, domainFormValues, showServerErrors } from "./forms";
import { formatCalendarDate, personName } from "./format";
import { Field, fieldAria, Panel } from "./parts";
import { ExpiringBadge } from "./status-badge";

function DomainForm({
  clientId,
  domain,
  onDone,
}: {
  clientId: string;
  domain?: Domain;
  onDone: () => void;
}) {
  const prefix = useId();
  const id = (name: string) => `${prefix}-${name}`;
  const save = useClientWrite(clientId, (values: unknown) =>
    domain
      ? clientWrites.updateDomain(domain.id)(values)
      : clientWrites.addDomain(clientId)(values),
  );
  const form = useForm({
    resolver: zodResolver(domainFormSchema),
    defaultValues: domainFormValues(domain),
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) =>
    save.mutateAsync(values).then(
      () => {
        toast({ title: domain ? "Domain saved" : "Domain added" });
        onDone();
      },
      (error: unknown) =>
        showServerErrors(error, form.setError, ["domain", "autoRenew", "expiresAt"]),
    ),
  );

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={domain ? `Edit ${domain.domain}` : "Add a domain"}
      className="rounded-xl border border-gold-300 bg-gold-50/50 p-4"
    >
      <p className="mb-4 text-sm font-semibold text-foreground">
        {domain ? `Edit ${domain.domain}` : "Add a domain"}
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={id("domain")} label="Domain" error={errors.domain?.message}>
          <Input
            {...fieldAria(id("domain"), errors.domain?.message)}
            {...form.register("domain")}
            placeholder="example.com"
            autoComplete="off"
            spellCheck={false}
          />
        </Field>
        <Field
          id={id("expires")}
          label="Expiry date"
          hint="Leave empty if unknown."
          error={errors.expiresAt?.message}
        >
          <Input
            {...fieldAria(id("expires"), errors.expiresAt?.message, true)}
            {...form.register("expiresAt")}
            type="date"
          />
        </Field>
        <div className="sm:col-span-2">
          <label
            htmlFor={id("renew")}
            className="inline-flex min-h-11 cursor-pointer items-center gap-3 rounded-lg pr-3 text-sm font-medium text-foreground"
          >
            <input
              id={id("renew")}
              type="checkbox"
              {...form.register("autoRenew")}
              className="size-5 cursor-pointer rounded accent-ink-950"
            />
            Renew automatically
          </label>
        </div>
      </div>
      {errors.root?.server && (
        <p role="alert" className="mt-4 text-sm text-destructive">
          {errors.root.server.message}
        </p>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving..." : domain ? "Save domain" : "Add domain"}
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

export function DomainsPanel({ client }: { client: ClientDetail }) {
  const clientId = client.user.id;
  const [editing, setEditing] = useState<string | "new" | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const remove = useClientWrite(clientId, (domainId: string) =>
    clientWrites.deleteDomain(domainId)(),
  );
  const finish = () => {
    setEditing(null);
    requestAnimationFrame(() => addButton.current?.focus());
  };

  return (
    <Panel
      title={`Domains (${client.domains.length})`}
      description="Registrations, auto-renew and expiry dates."
      headingId="client-domains"
      actions={
        <Button
          ref={addButton}
          variant="outline"
          size="sm"
          onClick={() => setEditing("new")}
          disabled={editing === "new"}
        >
          <Plus aria-hidden="true" />
          Add domain
        </Button>
      }
    >
      {editing === "new" && (
        <div className="mb-4">
          <DomainForm clientId={clientId} onDone={finish} />
        </div>
      )}
      {client.domains.length === 0 && editing !== "new" ? (
        <p className="text-sm text-muted-foreground">No domains yet.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-border">
          {client.domains.map((domain) =>
            editing === domain.id ? (
              <li key={domain.id} className="py-3 first:pt-0 last:pb-0">
                <DomainForm clientId={clientId} domain={domain} onDone={finish} />
              </li>
            ) : (
              <li
                key={domain.id}
                className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="min-w-0">
                  <p className="text-sm font-semibold break-all text-foreground">{domain.domain}</p>
                  <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
                    <span className="inline-flex items-center gap-1">
                      <RefreshCcw className="size-3.5" aria-hidden="true" />
                      Auto-renew {domain.autoRenew ? "on" : "off"}
                    </span>
                    <span>
                      {domain.expiresAt
                        ? `Expires ${formatCalendarDate(domain.expiresAt)}`
                        : "No expiry date"}
                    </span>
                    {domain.expiringSoon && <ExpiringBadge />}
                  </p>
                </div>
                <div className="flex shrink-0 gap-1">
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => setEditing(domain.id)}
                    aria-label={`Edit ${domain.domain}`}
                  >
                    <Pencil aria-hidden="true" />
                    Edit
                  </Button>
                  <ConfirmDialog
                    trigger={
                      <Button
                        variant="destructive-ghost"
                        size="sm"
                        aria-label={`Delete ${domain.domain}`}
                      >
                        <Trash2 aria-hidden="true" />
                        Delete
                      </Button>
                    }
                    title={`Delete ${domain.domain}?`}
                    description={`The domain disappears from ${personName(client.user)}'s portal. This cannot be undone.`}
                    confirmLabel="Delete domain"
                    pending={remove.isPending}
                    onConfirm={() =>
                      remove.mutate(domain.id, {
                        onSuccess: () => {
                          toast({ title: `${domain.domain} deleted` });
                          addButton.current?.focus();
                        },
                        onError: (error) =>
                          toast({
                            variant: "destructive",
                            title: "The domain was not deleted",
                            description: errorMessage(error),
                          }),
                      })
                    }
                  />
                </div>
              </li>
            ),
          )}
        </ul>
      )}
    </Panel>
  );
}
