import { SelectControl } from "@/components/select-control";
import { useId, type ReactNode } from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { Globe } from "lucide-react";
import { footerServices } from "@content/site";
import type { ClientDetail } from "@shared/schemas/clients";
import { type Website, websiteStatuses } from "@shared/schemas/websites";
import {
  ClientItemsPanel,
  DomainField,
  ItemFormFrame,
  useItemForm,
} from "@/components/client-items";
import { DomainName } from "@/components/domain-name";
import { Field, fieldAria } from "@/components/form-field";
import { formatBytes, formatNumber, humanize } from "@shared/format";
import { WebsiteStatusBadge } from "@/components/status-badge";
import { Input } from "@/components/ui/input";
import { websiteWrites } from "./api";
import { TrackingSnippet } from "./tracking-code";
import { UsageTokensButton } from "./usage-tokens";
import { HeartbeatsButton } from "./heartbeats";
import { uptimeText } from "./uptime-text";
import {
  checkSummary,
  keywordRuleOptions,
  websiteFormSchema,
  websiteFormValues,
} from "./website-form";

const planSuggestions = footerServices.map((service) => service.label);

function WebsiteForm({
  clientId,
  item: website,
  onDone,
}: {
  clientId: string;
  item?: Website;
  onDone: () => void;
}) {
  const prefix = useId();
  const id = (name: string) => `${prefix}-${name}`;
  const { form, frame } = useItemForm({
    clientId,
    noun: "website",
    item: website,
    add: websiteWrites.add,
    update: websiteWrites.update,
    resolver: zodResolver(websiteFormSchema),
    values: websiteFormValues(website),
    onDone,
  });
  const { errors } = form.formState;

  return (
    <ItemFormFrame noun="website" editing={website?.domain} onCancel={onDone} {...frame}>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <DomainField
          id={id("domain")}
          error={errors.domain?.message}
          registration={form.register("domain")}
        />
        <Field id={id("plan")} label="Plan" error={errors.plan?.message}>
          <Input
            {...fieldAria(id("plan"), errors.plan?.message)}
            {...form.register("plan")}
            list={id("plans")}
            autoComplete="off"
          />
          <datalist id={id("plans")}>
            {planSuggestions.map((plan) => (
              <option key={plan} value={plan} />
            ))}
          </datalist>
        </Field>
        <Field id={id("status")} label="Status" error={errors.status?.message}>
          <SelectControl
            control={form.control}
            name="status"
            options={websiteStatuses.map((status) => ({ value: status, label: humanize(status) }))}
            aria={fieldAria(id("status"), errors.status?.message)}
          />
        </Field>
        <Field
          id={id("check-url")}
          label="Check address (optional)"
          hint="The monitor checks https://<domain>/ unless you give another http(s) address."
          error={errors.checkUrl?.message}
        >
          <Input
            {...fieldAria(id("check-url"), errors.checkUrl?.message)}
            {...form.register("checkUrl")}
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://example.com/health"
          />
        </Field>
        <Field
          id={id("check-keyword")}
          label="Keyword on the page (optional)"
          hint="A text the checked page must show, or must not (such as Database error). Case matters; leave empty to judge by the answer alone."
          error={errors.checkKeyword?.message}
        >
          <Input
            {...fieldAria(id("check-keyword"), errors.checkKeyword?.message)}
            {...form.register("checkKeyword")}
            autoComplete="off"
          />
        </Field>
        <Field
          id={id("check-keyword-must-be")}
          label="Keyword rule"
          error={errors.checkKeywordMustBe?.message}
        >
          <SelectControl
            control={form.control}
            name="checkKeywordMustBe"
            options={keywordRuleOptions}
            aria={fieldAria(id("check-keyword-must-be"), errors.checkKeywordMustBe?.message)}
          />
        </Field>
      </div>
    </ItemFormFrame>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 truncate text-sm font-medium text-foreground tabular-nums">{value}</dd>
    </div>
  );
}

function WebsiteSummary({ item: site, actions }: { item: Website; actions: ReactNode }) {
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 items-center gap-2">
          <Globe className="size-4 shrink-0 text-accent" aria-hidden="true" />
          <h3 className="min-w-0 font-sans text-sm font-semibold break-words text-foreground">
            <DomainName domain={site.domain} />
          </h3>
          <WebsiteStatusBadge status={site.status} />
        </div>
        <div className="flex flex-wrap items-center gap-1">
          <UsageTokensButton websiteId={site.id} domain={site.domain} />
          <HeartbeatsButton websiteId={site.id} domain={site.domain} />
          {actions}
        </div>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Stat label="Plan" value={site.plan} />
        <Stat label="Visitors (30 days)" value={formatNumber(site.monthlyVisitors)} />
        <Stat label="Uptime (30 days)" value={uptimeText(site)} />
        <Stat label="Bandwidth this month" value={formatBytes(site.bandwidthBytes)} />
      </dl>
      {/* Staff put the tag on the client's site: the same line the client's site page shows. */}
      <div className="mt-4 border-t border-border pt-3">
        <dl className="mb-2 flex flex-wrap items-baseline gap-x-2 text-sm">
          <dt className="text-xs text-muted-foreground">Uptime check</dt>
          <dd className="text-xs break-words text-foreground">{checkSummary(site)}</dd>
        </dl>
        <dl className="mb-2 flex flex-wrap items-baseline gap-x-2 text-sm">
          <dt className="text-xs text-muted-foreground">Site key</dt>
          <dd className="font-mono text-xs break-all text-foreground">{site.siteKey}</dd>
        </dl>
        <TrackingSnippet
          siteKey={site.siteKey}
          vitals={site.vitalsEnabled}
          label={`the tracking code of ${site.domain}`}
        />
      </div>
    </>
  );
}

/** A client's websites in the back office: what the client sees under Your Websites. */
export function WebsitesPanel({ client }: { client: ClientDetail }) {
  return (
    <ClientItemsPanel
      client={client}
      noun="website"
      items={client.websites}
      description="What the client sees under Your Websites."
      name={(site) => site.domain}
      deleteItem={websiteWrites.remove}
      Form={WebsiteForm}
      Summary={WebsiteSummary}
      listClassName="flex flex-col gap-3"
      itemClassName="rounded-xl border border-border p-4"
    />
  );
}
