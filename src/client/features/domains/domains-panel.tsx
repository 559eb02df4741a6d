import { useId, type ReactNode } from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { RefreshCcw, TriangleAlert } from "lucide-react";
import type { ClientDetail } from "@shared/schemas/clients";
import type { StaffDomain } from "@shared/schemas/domains";
import {
  ClientItemsPanel,
  DomainField,
  ItemFormFrame,
  useItemForm,
} from "@/components/client-items";
import { DomainName } from "@/components/domain-name";
import { Field, fieldAria } from "@/components/form-field";
import { ExpiringBadge } from "@/components/status-badge";
import { Input } from "@/components/ui/input";
import { domainWrites } from "./api";
import { DomainExpiry } from "./domain-expiry";
import { domainFormSchema, domainFormValues } from "./domain-form";

function DomainForm({
  clientId,
  item: domain,
  onDone,
}: {
  clientId: string;
  item?: StaffDomain;
  onDone: () => void;
}) {
  const prefix = useId();
  const id = (name: string) => `${prefix}-${name}`;
  const { form, frame } = useItemForm({
    clientId,
    noun: "domain",
    item: domain,
    add: domainWrites.add,
    update: domainWrites.update,
    resolver: zodResolver(domainFormSchema),
    values: domainFormValues(domain),
    onDone,
  });
  const { errors } = form.formState;

  return (
    <ItemFormFrame noun="domain" editing={domain?.domain} onCancel={onDone} {...frame}>
      <div className="grid gap-4 sm:grid-cols-2">
        <DomainField
          id={id("domain")}
          error={errors.domain?.message}
          registration={form.register("domain")}
        />
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
    </ItemFormFrame>
  );
}

function DomainSummary({ item: domain, actions }: { item: StaffDomain; actions: ReactNode }) {
  return (
    <>
      <div className="min-w-0">
        <p className="text-sm font-semibold break-words text-foreground">
          <DomainName domain={domain.domain} />
        </p>
        <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
          <span className="inline-flex items-center gap-1">
            <RefreshCcw className="size-3.5" aria-hidden="true" />
            Auto-renew {domain.autoRenew ? "on" : "off"}
          </span>
          <DomainExpiry domain={domain} missing="No expiry date" />
          {domain.expiringSoon && <ExpiringBadge />}
        </p>
        {domain.registryLookupError && (
          <p className="mt-1 flex items-start gap-1.5 text-sm break-words text-red-800">
            <TriangleAlert className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
            <span>Registry lookup failed: {domain.registryLookupError}</span>
          </p>
        )}
      </div>
      {actions}
    </>
  );
}

/** A client's domains in the back office: registrations, auto-renew and expiry dates. */
export function DomainsPanel({ client }: { client: ClientDetail }) {
  return (
    <ClientItemsPanel
      client={client}
      noun="domain"
      items={client.domains}
      description="Registrations, auto-renew and expiry dates."
      name={(domain) => domain.domain}
      deleteItem={domainWrites.remove}
      Form={DomainForm}
      Summary={DomainSummary}
      listClassName="flex flex-col divide-y divide-border"
      formItemClassName="py-3 first:pt-0 last:pb-0"
      itemClassName="flex flex-col gap-2 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between"
    />
  );
}
