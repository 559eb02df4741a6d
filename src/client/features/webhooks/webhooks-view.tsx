import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Plus, Power, RefreshCw, RotateCcw, Trash2 } from "lucide-react";
import { formatDateTime } from "@shared/format";
import {
  webhookEndpointInputSchema,
  webhookEventLabels,
  webhookEventTypes,
  type CreatedWebhookEndpoint,
  type WebhookEndpoint,
  type WebhookEndpointInput,
  type WebhookEventType,
} from "@shared/schemas/webhooks";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { CheckboxChoice, CheckboxGroup, Field, fieldAria } from "@/components/form-field";
import { ListState, ListView } from "@/components/list-view";
import { SecretShownOnce } from "@/components/secret-items";
import { WebhookDeliveryBadge } from "@/components/status-badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { formFailure, showServerErrors } from "@/lib/server-errors";
import {
  useCreateWebhookEndpoint,
  useDeleteWebhookEndpoint,
  useRedeliver,
  useSetWebhookEnabled,
  useWebhookDeliveries,
  useWebhookEndpoints,
} from "./api";

type FormValues = { url: string; events: WebhookEventType[]; description: string };
const fields = ["url", "events", "description"] as const;

/** A new endpoint: its address, the events it wants, and a note for staff. */
function EndpointForm({ onCreated }: { onCreated: (created: CreatedWebhookEndpoint) => void }) {
  const prefix = useId();
  const id = (name: string) => `${prefix}-${name}`;
  const create = useCreateWebhookEndpoint();
  const form = useForm<WebhookEndpointInput, unknown, WebhookEndpointInput>({
    resolver: zodResolver(webhookEndpointInputSchema),
    defaultValues: { url: "", events: [], description: "" } satisfies FormValues,
  });
  const { errors } = form.formState;
  const failure = formFailure(errors);
  const eventsMessage = errors.events?.message ?? errors.events?.root?.message;

  const onSubmit = form.handleSubmit((payload) =>
    create.mutateAsync(payload).then(
      (created) => {
        form.reset();
        onCreated(created);
      },
      (error: unknown) => showServerErrors(error, form.setError, fields),
    ),
  );

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="New webhook endpoint"
      className="flex flex-col gap-4 rounded-2xl border border-border bg-card p-5"
    >
      <h2 className="text-lg font-semibold text-foreground">Add an endpoint</h2>
      <Field
        id={id("url")}
        label="URL"
        hint="Where events are POSTed: https, on a public address."
        error={errors.url?.message}
      >
        <Input
          {...fieldAria(id("url"), errors.url?.message, true)}
          {...form.register("url")}
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://hooks.example.com/harborline"
        />
      </Field>
      <CheckboxGroup id={id("events")} legend="Events" error={eventsMessage}>
        {webhookEventTypes.map((type) => (
          <CheckboxChoice key={type} value={type} field={form.register("events")}>
            <span>
              <span className="font-mono text-xs">{type}</span>
              <span className="block text-muted-foreground">{webhookEventLabels[type]}</span>
            </span>
          </CheckboxChoice>
        ))}
      </CheckboxGroup>
      <Field
        id={id("description")}
        label="Description (optional)"
        hint="What it feeds, e.g. the CRM."
        error={errors.description?.message}
      >
        <Input
          {...fieldAria(id("description"), errors.description?.message, true)}
          {...form.register("description")}
          autoComplete="off"
          maxLength={200}
        />
      </Field>
      {failure && (
        <p role="alert" className="text-sm text-destructive">
          {failure}
        </p>
      )}
      <div>
        <Button type="submit" disabled={create.isPending}>
          <Plus aria-hidden="true" />
          {create.isPending ? "Adding..." : "Add endpoint"}
        </Button>
      </div>
    </form>
  );
}

/** An endpoint's latest deliveries: each attempt's status code and time, and redeliver. */
function DeliveryLog({ endpoint }: { endpoint: WebhookEndpoint }) {
  const deliveries = useWebhookDeliveries(endpoint.id);
  const redeliver = useRedeliver(endpoint.id);
  return (
    <ListState query={deliveries} loading="Loading deliveries...">
      {(list) =>
        list.length === 0 ? (
          <p className="text-sm text-muted-foreground">No deliveries yet.</p>
        ) : (
          <ul
            className="flex flex-col divide-y divide-border"
            aria-label="Deliveries, newest first"
          >
            {list.map((delivery) => (
              <li key={delivery.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start">
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="font-mono text-sm text-foreground">{delivery.eventType}</span>
                    <WebhookDeliveryBadge status={delivery.status} />
                  </p>
                  <ol className="mt-1 text-xs text-muted-foreground">
                    {delivery.attempts.map((attempt) => (
                      <li key={attempt.at}>
                        <time dateTime={attempt.at}>{formatDateTime(attempt.at)}</time>:{" "}
                        {attempt.statusCode ?? "no answer"}
                        {attempt.error && attempt.statusCode === null ? ` (${attempt.error})` : ""}
                      </li>
                    ))}
                    {delivery.nextAttemptAt && (
                      <li>
                        Next try{" "}
                        <time dateTime={delivery.nextAttemptAt}>
                          {formatDateTime(delivery.nextAttemptAt)}
                        </time>
                      </li>
                    )}
                  </ol>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={redeliver.isPending}
                  onClick={() => redeliver.mutate(delivery.id)}
                  aria-label={`Redeliver ${delivery.eventType} of ${formatDateTime(delivery.createdAt)}`}
                >
                  <RotateCcw aria-hidden="true" />
                  Redeliver
                </Button>
              </li>
            ))}
          </ul>
        )
      }
    </ListState>
  );
}

function EndpointCard({ endpoint }: { endpoint: WebhookEndpoint }) {
  const [open, setOpen] = useState(false);
  const setEnabled = useSetWebhookEnabled();
  const remove = useDeleteWebhookEndpoint();
  return (
    <li className="rounded-2xl border border-border bg-card p-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h3 className="font-mono text-sm font-semibold [overflow-wrap:anywhere] text-foreground">
            {endpoint.url}
          </h3>
          {endpoint.description && (
            <p className="text-sm text-muted-foreground">{endpoint.description}</p>
          )}
          <p className="mt-1 text-sm text-foreground">
            {endpoint.enabled ? "Enabled" : `Disabled ${formatDateTime(endpoint.disabledAt!)}`}
            {endpoint.enabled && endpoint.failingSince
              ? `, failing since ${formatDateTime(endpoint.failingSince)}`
              : ""}
          </p>
          <p className="mt-1 font-mono text-xs text-muted-foreground">
            {endpoint.events.join(", ")}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? "Hide deliveries" : "Deliveries"}
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={setEnabled.isPending}
            onClick={() => setEnabled.mutate({ id: endpoint.id, enabled: !endpoint.enabled })}
          >
            <Power aria-hidden="true" />
            {endpoint.enabled ? "Disable" : "Enable"}
          </Button>
          <ConfirmDialog
            trigger={
              <Button variant="outline" size="sm">
                <Trash2 aria-hidden="true" />
                Delete
              </Button>
            }
            title="Delete this endpoint?"
            description={<>Its delivery log goes with it. {endpoint.url} is sent nothing more.</>}
            confirmLabel="Delete endpoint"
            pending={remove.isPending}
            onConfirm={() => remove.mutate(endpoint.id)}
          />
        </div>
      </div>
      {open && (
        <div className="mt-4 border-t border-border pt-2">
          <DeliveryLog endpoint={endpoint} />
        </div>
      )}
    </li>
  );
}

/** The API reference's Webhooks section: the events, a delivery, and the signature check. */
export const WEBHOOK_GUIDE_URL = "/api/docs#tag/webhooks";

/** The back office's webhooks: endpoints, the events each wants, their delivery logs. */
export function WebhooksView() {
  const endpoints = useWebhookEndpoints();
  const [created, setCreated] = useState<CreatedWebhookEndpoint>();
  return (
    <ListView
      title="Webhooks"
      description={
        <>
          Endpoints told of what happens here, each POST signed with its secret (
          <a className="underline underline-offset-4" href={WEBHOOK_GUIDE_URL}>
            the API reference shows how to check it
          </a>
          ). Failed deliveries are retried for 3 days; an endpoint failing that long is disabled.
        </>
      }
      actions={
        <Button
          variant="outline"
          onClick={() => void endpoints.refetch()}
          disabled={endpoints.isFetching}
        >
          <RefreshCw aria-hidden="true" />
          Refresh
        </Button>
      }
    >
      <div className="flex flex-col gap-6">
        {created ? (
          <SecretShownOnce
            title={<>Endpoint {created.url} added</>}
            secretName="its signing secret"
            secretLabel="The endpoint's signing secret"
            secret={created.secret}
            copyLabel="Copy secret"
            onDone={() => setCreated(undefined)}
          />
        ) : (
          <EndpointForm onCreated={setCreated} />
        )}
        <ListState query={endpoints} loading="Loading endpoints...">
          {(list) =>
            list.length === 0 ? (
              <p className="text-sm text-muted-foreground">No endpoints yet.</p>
            ) : (
              <ul className="flex flex-col gap-4" aria-label="Endpoints">
                {list.map((endpoint) => (
                  <EndpointCard key={endpoint.id} endpoint={endpoint} />
                ))}
              </ul>
            )
          }
        </ListState>
      </div>
    </ListView>
  );
}
