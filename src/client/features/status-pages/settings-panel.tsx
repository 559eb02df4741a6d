import { useId, useState, type FormEvent, type ReactNode } from "react";
import { ExternalLink, Loader2 } from "lucide-react";
import { formatCount } from "@shared/format";
import type { StatusPageSettings } from "@shared/schemas/status-pages";
import { Field, fieldAria } from "@/components/form-field";
import { Panel } from "@/components/panel";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { ApiError } from "@/lib/api";
import { errorMessage } from "@/lib/server-errors";
import { useSaveStatusPage, useStatusPageSettings } from "./api";

const fieldError = (error: unknown, field: string) =>
  error instanceof ApiError ? error.fieldErrors?.[field] : undefined;

function Check({
  id,
  checked,
  onChange,
  children,
}: {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  return (
    <div className="flex items-center gap-3">
      <input
        id={id}
        type="checkbox"
        className="size-5 shrink-0 accent-[var(--color-accent,#b8860b)]"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={id} className="text-sm break-all text-foreground">
        {children}
      </label>
    </div>
  );
}

function SettingsForm({
  settings,
  companyId,
}: {
  settings: StatusPageSettings;
  companyId?: string;
}) {
  const id = useId();
  const [enabled, setEnabled] = useState(settings.enabled);
  const [name, setName] = useState(settings.name);
  const [slug, setSlug] = useState(settings.slug);
  const [indexed, setIndexed] = useState(settings.indexed);
  const [customHost, setCustomHost] = useState(settings.customHost ?? "");
  const [sites, setSites] = useState(new Set(settings.websiteIds));
  const [saved, setSaved] = useState<string | null>(null);
  const save = useSaveStatusPage(companyId);
  const staff = companyId !== undefined;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(null);
    save.mutate(
      {
        enabled,
        name,
        slug,
        indexed,
        websiteIds: settings.websites.filter((site) => sites.has(site.id)).map((site) => site.id),
        ...(staff ? { customHost: customHost.trim() || null } : {}),
      },
      { onSuccess: () => setSaved("The status page was saved.") },
    );
  };
  const nameError = fieldError(save.error, "name");
  const slugError = fieldError(save.error, "slug");
  const hostError = fieldError(save.error, "customHost");
  const sitesError = fieldError(save.error, "websiteIds");
  const otherError =
    save.error && !nameError && !slugError && !hostError && !sitesError
      ? errorMessage(save.error)
      : null;
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <Check id={`${id}-enabled`} checked={enabled} onChange={setEnabled}>
        Show the status page publicly
      </Check>
      <Field id={`${id}-name`} label="Page name" error={nameError}>
        <Input
          {...fieldAria(`${id}-name`, nameError)}
          value={name}
          maxLength={100}
          onChange={(event) => setName(event.target.value)}
        />
      </Field>
      <Field
        id={`${id}-slug`}
        label="Address"
        hint={`Shown at /status/${slug || "…"}`}
        error={slugError}
      >
        <Input
          {...fieldAria(`${id}-slug`, slugError, true)}
          value={slug}
          maxLength={60}
          onChange={(event) => setSlug(event.target.value)}
        />
      </Field>
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-foreground">Sites shown</legend>
        {settings.websites.length === 0 ? (
          <p className="text-sm text-muted-foreground">No websites yet.</p>
        ) : (
          <div className="flex flex-col gap-2">
            {settings.websites.map((site) => (
              <Check
                key={site.id}
                id={`${id}-site-${site.id}`}
                checked={sites.has(site.id)}
                onChange={(on) => {
                  const next = new Set(sites);
                  if (on) next.add(site.id);
                  else next.delete(site.id);
                  setSites(next);
                }}
              >
                {site.domain}
              </Check>
            ))}
          </div>
        )}
        {sitesError && (
          <p role="alert" className="mt-1 text-sm font-medium text-destructive">
            {sitesError}
          </p>
        )}
      </fieldset>
      <Check id={`${id}-indexed`} checked={indexed} onChange={setIndexed}>
        Let search engines list the page
      </Check>
      {staff && (
        <Field
          id={`${id}-host`}
          label="Client's own host name"
          hint="Like status.client.com, a CNAME to this site. Leave empty for none."
          error={hostError}
        >
          <Input
            {...fieldAria(`${id}-host`, hostError, true)}
            value={customHost}
            maxLength={253}
            onChange={(event) => setCustomHost(event.target.value)}
          />
        </Field>
      )}
      {otherError && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {otherError}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
          Save status page
        </Button>
        <p role="status" className="min-h-5 text-sm text-emerald-700">
          {saved}
        </p>
      </div>
    </form>
  );
}

/**
 * A company's public status page: whether it is shown, its name, address and sites. The owner's
 * panel in the portal (no companyId) or staff's on the client page, where the client's own host
 * name is set too.
 */
export function StatusPagePanel({ companyId }: { companyId?: string }) {
  const id = useId();
  const { data: settings, error } = useStatusPageSettings(companyId);
  return (
    <Panel
      title="Status page"
      headingId={`${id}-title`}
      description="A public page of your sites' uptime and incidents that your customers can subscribe to."
      actions={
        settings?.exists && settings.enabled ? (
          <Button asChild variant="outline" size="sm">
            <a href={settings.path} target="_blank" rel="noreferrer">
              <ExternalLink aria-hidden="true" />
              Open page
            </a>
          </Button>
        ) : undefined
      }
    >
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(error)}
        </p>
      ) : !settings ? (
        <p className="text-sm text-muted-foreground">Loading the status page...</p>
      ) : (
        <>
          {settings.exists && (
            <p className="mb-4 text-sm text-muted-foreground">
              {formatCount(settings.subscribers, "confirmed subscriber", "confirmed subscribers")}
            </p>
          )}
          <SettingsForm settings={settings} companyId={companyId} />
        </>
      )}
    </Panel>
  );
}

/** Staff's panel on a client's page. */
export function ClientStatusPagePanel({ client }: { client: { company: { id: string } } }) {
  return <StatusPagePanel companyId={client.company.id} />;
}
