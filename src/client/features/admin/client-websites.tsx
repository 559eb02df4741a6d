import { useId, useRef, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Globe, Pencil, Plus, Trash2 } from "lucide-react";
import { footerServices } from "@content/site";
import type { Website } from "@shared/schemas/portal";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import { toast } from "@/components/ui/use-toast";
import { clientWrites, errorMessage, useClientWrite, type ClientDetail } from "./api";
import { ConfirmDialog } from "./confirm-dialog";
import { showServerErrors, websiteFormSchema, websiteFormValues, websiteStatuses } from "./forms";
import { formatNumber, humanize, personName } from "./format";
import { Field, fieldAria, Panel } from "./parts";
import { WebsiteStatusBadge } from "./status-badge";

const planSuggestions = footerServices.map((service) => service.label);

function WebsiteForm({
  clientId,
  website,
  onDone,
}: {
  clientId: string;
  website?: Website;
  onDone: (saved: boolean) => void;
}) {
  const prefix = useId();
  const id = (name: string) => `${prefix}-${name}`;
  const save = useClientWrite(clientId, (values: unknown) =>
    website
      ? clientWrites.updateWebsite(website.id)(values)
      : clientWrites.addWebsite(clientId)(values),
  );
  const form = useForm({
    resolver: zodResolver(websiteFormSchema),
    defaultValues: websiteFormValues(website),
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) =>
    save.mutateAsync(values).then(
      () => {
        toast({ title: website ? "Website saved" : "Website added" });
        onDone(true);
      },
      (error: unknown) => showServerErrors(error, form.setError, Object.keys(websiteFormValues())),
    ),
  );

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={website ? `Edit ${website.domain}` : "Add a website"}
      className="rounded-xl border border-gold-300 bg-gold-50/50 p-4"
    >
      <p className="mb-4 text-sm font-semibold text-foreground">
        {website ? `Edit ${website.domain}` : "Add a website"}
      </p>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Field id={id("domain")} label="Domain" error={errors.domain?.message}>
          <Input
            {...fieldAria(id("domain"), errors.domain?.message)}
            {...form.register("domain")}
            placeholder="example.com"
            autoComplete="off"
            spellCheck={false}
          />
        </Field>
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
          <Controller
            control={form.control}
            name="status"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange}>
                <SelectTrigger
                  ref={field.ref}
                  {...fieldAria(id("status"), errors.status?.message)}
                  onBlur={field.onBlur}
                >
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {websiteStatuses.map((status) => (
                    <SelectItem key={status} value={status}>
                      {humanize(status)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </Field>
        <Field id={id("visitors")} label="Monthly visitors" error={errors.monthlyVisitors?.message}>
          <Input
            {...fieldAria(id("visitors"), errors.monthlyVisitors?.message)}
            {...form.register("monthlyVisitors")}
            inputMode="numeric"
            autoComplete="off"
          />
        </Field>
        <Field id={id("uptime")} label="Uptime (%)" error={errors.uptimePercent?.message}>
          <Input
            {...fieldAria(id("uptime"), errors.uptimePercent?.message)}
            {...form.register("uptimePercent")}
            inputMode="decimal"
            autoComplete="off"
          />
        </Field>
        <Field id={id("bandwidth")} label="Bandwidth (GB)" error={errors.bandwidthGb?.message}>
          <Input
            {...fieldAria(id("bandwidth"), errors.bandwidthGb?.message)}
            {...form.register("bandwidthGb")}
            inputMode="decimal"
            autoComplete="off"
          />
        </Field>
      </div>
      {errors.root?.server && (
        <p role="alert" className="mt-4 text-sm text-destructive">
          {errors.root.server.message}
        </p>
      )}
      <div className="mt-5 flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving..." : website ? "Save website" : "Add website"}
        </Button>
        <Button type="button" variant="outline" onClick={() => onDone(false)}>
          Cancel
        </Button>
      </div>
    </form>
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

export function WebsitesPanel({ client }: { client: ClientDetail }) {
  const clientId = client.user.id;
  const [editing, setEditing] = useState<string | "new" | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const remove = useClientWrite(clientId, (websiteId: string) =>
    clientWrites.deleteWebsite(websiteId)(),
  );

  const finish = () => {
    setEditing(null);
    requestAnimationFrame(() => addButton.current?.focus());
  };

  return (
    <Panel
      title={`Websites (${client.websites.length})`}
      description="What the client sees under Your Websites."
      headingId="client-websites"
      actions={
        <Button
          ref={addButton}
          variant="outline"
          size="sm"
          onClick={() => setEditing("new")}
          disabled={editing === "new"}
          className="min-h-9"
        >
          <Plus aria-hidden="true" />
          Add website
        </Button>
      }
    >
      {editing === "new" && (
        <div className="mb-4">
          <WebsiteForm clientId={clientId} onDone={finish} />
        </div>
      )}
      {client.websites.length === 0 && editing !== "new" ? (
        <p className="text-sm text-muted-foreground">No websites yet.</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {client.websites.map((site) =>
            editing === site.id ? (
              <li key={site.id}>
                <WebsiteForm clientId={clientId} website={site} onDone={finish} />
              </li>
            ) : (
              <li key={site.id} className="rounded-xl border border-border p-4">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="flex min-w-0 items-center gap-2">
                    <Globe className="size-4 shrink-0 text-accent" aria-hidden="true" />
                    <h3 className="min-w-0 font-sans text-sm font-semibold break-all text-foreground">
                      {site.domain}
                    </h3>
                    <WebsiteStatusBadge status={site.status} />
                  </div>
                  <div className="flex gap-1">
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => setEditing(site.id)}
                      aria-label={`Edit ${site.domain}`}
                    >
                      <Pencil aria-hidden="true" />
                      Edit
                    </Button>
                    <ConfirmDialog
                      trigger={
                        <Button
                          variant="destructive-ghost"
                          size="sm"
                          aria-label={`Delete ${site.domain}`}
                        >
                          <Trash2 aria-hidden="true" />
                          Delete
                        </Button>
                      }
                      title={`Delete ${site.domain}?`}
                      description={`The website disappears from ${personName(client.user)}'s portal. This cannot be undone.`}
                      confirmLabel="Delete website"
                      pending={remove.isPending}
                      onConfirm={() =>
                        remove.mutate(site.id, {
                          onSuccess: () => {
                            toast({ title: `${site.domain} deleted` });
                            addButton.current?.focus();
                          },
                          onError: (error) =>
                            toast({
                              variant: "destructive",
                              title: "The website was not deleted",
                              description: errorMessage(error),
                            }),
                        })
                      }
                    />
                  </div>
                </div>
                <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
                  <Stat label="Plan" value={site.plan} />
                  <Stat label="Visitors / month" value={formatNumber(site.monthlyVisitors)} />
                  <Stat label="Uptime" value={`${site.uptimePercent}%`} />
                  <Stat label="Bandwidth" value={`${site.bandwidthGb} GB`} />
                </dl>
              </li>
            ),
          )}
        </ul>
      )}
    </Panel>
  );
}
