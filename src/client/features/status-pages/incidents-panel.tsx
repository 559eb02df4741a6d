import { useId, useState, type FormEvent } from "react";
import { useQuery } from "@tanstack/react-query";
import { Loader2 } from "lucide-react";
import { formatDateTime } from "@shared/format";
import type { MonitoringOverview } from "@shared/schemas/monitoring-overview";
import { incidentUpdateStatusLabels, incidentUpdateStatusList } from "@shared/incident-status";
import type { IncidentWithUpdates } from "@shared/schemas/status-pages";
import { Field, fieldAria } from "@/components/form-field";
import { Panel } from "@/components/panel";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { ApiError, getJson } from "@/lib/api";
import { live, staffKey } from "@/lib/queries";
import { errorMessage } from "@/lib/server-errors";
import { useIncidents, useOpenIncident, usePostIncidentUpdate } from "./api";

type Status = (typeof incidentUpdateStatusList)[number];
const fieldError = (error: unknown, field: string) =>
  error instanceof ApiError ? error.fieldErrors?.[field] : undefined;
const selectClass =
  "h-10 w-full rounded-md border border-input bg-background px-3 text-sm text-foreground";

function StatusSelect({
  id,
  value,
  onChange,
}: {
  id: string;
  value: Status;
  onChange: (value: Status) => void;
}) {
  return (
    <select
      id={id}
      className={selectClass}
      value={value}
      onChange={(event) => onChange(event.target.value as Status)}
    >
      {incidentUpdateStatusList.map((status) => (
        <option key={status} value={status}>
          {incidentUpdateStatusLabels[status]}
        </option>
      ))}
    </select>
  );
}

/** One incident: its updates, newest first, and the form for the next. */
function IncidentItem({ incident }: { incident: IncidentWithUpdates }) {
  const id = useId();
  const [status, setStatus] = useState<Status>("identified");
  const [message, setMessage] = useState("");
  const post = usePostIncidentUpdate(incident.id);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    post.mutate({ status, message }, { onSuccess: () => setMessage("") });
  };
  const messageError = fieldError(post.error, "message");
  return (
    <li className="rounded-xl border border-border p-4">
      <h3 className="text-sm font-semibold break-words text-foreground">{incident.title}</h3>
      <p className="mt-0.5 text-xs text-muted-foreground">
        {incident.domain} · {formatDateTime(incident.startedAt)} ·{" "}
        {incident.endedAt ? `ended ${formatDateTime(incident.endedAt)}` : "ongoing"}
      </p>
      {incident.updates.length > 0 && (
        <ol className="mt-3 flex flex-col gap-2">
          {[...incident.updates].reverse().map((update) => (
            <li key={update.id} className="border-l-2 border-gold-400 pl-3 text-sm">
              <span className="font-semibold">{incidentUpdateStatusLabels[update.status]}</span>{" "}
              <span className="text-xs text-muted-foreground">
                {formatDateTime(update.createdAt)}
              </span>
              <p className="whitespace-pre-wrap">{update.message}</p>
            </li>
          ))}
        </ol>
      )}
      <form noValidate onSubmit={onSubmit} className="mt-3 grid gap-3 sm:grid-cols-[10rem_1fr]">
        <Field id={`${id}-status`} label="Status">
          <StatusSelect id={`${id}-status`} value={status} onChange={setStatus} />
        </Field>
        <Field id={`${id}-message`} label="Update" error={messageError}>
          <Textarea
            {...fieldAria(`${id}-message`, messageError)}
            rows={2}
            maxLength={2000}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
          />
        </Field>
        <div className="sm:col-start-2">
          <Button type="submit" size="sm" disabled={post.isPending}>
            {post.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
            Post update
          </Button>
          {post.error && !messageError && (
            <p role="alert" className="mt-1 text-sm text-destructive">
              {errorMessage(post.error)}
            </p>
          )}
        </div>
      </form>
    </li>
  );
}

/** Opens an incident by hand, for an outage the monitor cannot see. */
function OpenIncidentForm() {
  const id = useId();
  const { data: overview } = useQuery({
    ...live,
    queryKey: [...staffKey, "monitoring"],
    queryFn: ({ signal }) => getJson<MonitoringOverview>("/api/admin/monitoring", signal),
  });
  const [websiteId, setWebsiteId] = useState("");
  const [title, setTitle] = useState("");
  const [status, setStatus] = useState<Status>("investigating");
  const [message, setMessage] = useState("");
  const open = useOpenIncident();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    open.mutate(
      { websiteId, title, status, message },
      {
        onSuccess: () => {
          setTitle("");
          setMessage("");
        },
      },
    );
  };
  const siteError = fieldError(open.error, "websiteId");
  const titleError = fieldError(open.error, "title");
  const messageError = fieldError(open.error, "message");
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-3 sm:grid-cols-2">
      <Field id={`${id}-site`} label="Website" error={siteError}>
        <select
          {...fieldAria(`${id}-site`, siteError)}
          className={selectClass}
          value={websiteId}
          onChange={(event) => setWebsiteId(event.target.value)}
        >
          <option value="">Choose a website</option>
          {overview?.sites.map((site) => (
            <option key={site.websiteId} value={site.websiteId}>
              {site.domain} ({site.companyName})
            </option>
          ))}
        </select>
      </Field>
      <Field id={`${id}-status`} label="Status">
        <StatusSelect id={`${id}-status`} value={status} onChange={setStatus} />
      </Field>
      <Field id={`${id}-title`} label="Title" error={titleError} className="sm:col-span-2">
        <Input
          {...fieldAria(`${id}-title`, titleError)}
          value={title}
          maxLength={200}
          onChange={(event) => setTitle(event.target.value)}
        />
      </Field>
      <Field
        id={`${id}-message`}
        label="First update"
        error={messageError}
        className="sm:col-span-2"
      >
        <Textarea
          {...fieldAria(`${id}-message`, messageError)}
          rows={2}
          maxLength={2000}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
        />
      </Field>
      <div className="sm:col-span-2">
        <Button type="submit" disabled={open.isPending}>
          {open.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
          Open incident
        </Button>
        {open.error && !siteError && !titleError && !messageError && (
          <p role="alert" className="mt-1 text-sm text-destructive">
            {errorMessage(open.error)}
          </p>
        )}
      </div>
    </form>
  );
}

/**
 * The back office's incidents of the last 30 days with their updates: staff post updates (shown
 * on the clients' status pages, told to their users and mailed to subscribers) and open an
 * incident by hand.
 */
export function IncidentUpdatesPanel() {
  const id = useId();
  const { data: incidents, error } = useIncidents();
  return (
    <div className="mt-8 flex flex-col gap-6">
      <Panel
        title="Incident updates"
        headingId={`${id}-updates`}
        description="What you post here shows on the client's status page and in their portal, and is emailed to the page's subscribers."
      >
        {error ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(error)}
          </p>
        ) : !incidents ? (
          <p className="text-sm text-muted-foreground">Loading incidents...</p>
        ) : incidents.length === 0 ? (
          <p className="text-sm text-muted-foreground">No incidents in the last 30 days.</p>
        ) : (
          <ul className="flex flex-col gap-4">
            {incidents.map((incident) => (
              <IncidentItem key={incident.id} incident={incident} />
            ))}
          </ul>
        )}
      </Panel>
      <Panel
        title="Open an incident"
        headingId={`${id}-open`}
        description="For an outage the monitor cannot see (a broken checkout, a failing form)."
      >
        <OpenIncidentForm />
      </Panel>
    </div>
  );
}
