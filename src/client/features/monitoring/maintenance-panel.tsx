import { useId } from "react";
import { useForm } from "react-hook-form";
import { Wrench } from "lucide-react";
import type { ClientDetail } from "@shared/schemas/clients";
import type { MaintenanceWindow } from "@shared/schemas/maintenance";
import { formatDateTime } from "@shared/format";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { CheckboxChoice, CheckboxGroup, Field, fieldAria } from "@/components/form-field";
import { Panel } from "@/components/panel";
import { Pill } from "@/components/pill";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { errorMessage, formFailure, showServerErrors } from "@/lib/server-errors";
import { useCancelMaintenance, useMaintenanceWindows, useScheduleMaintenance } from "./api";

type FormValues = { websiteIds: string[]; startsAt: string; endsAt: string; note: string };
const fields = ["websiteIds", "startsAt", "endsAt", "note"] as const;

/** A datetime-local value (the browser's time zone) as an instant, or the text as typed. */
const instant = (local: string) => {
  const at = new Date(local);
  return local && !Number.isNaN(at.getTime()) ? at.toISOString() : local;
};

const stateLabel = { upcoming: "Coming", ongoing: "Ongoing", over: "Over" } as const;
const stateTone = { upcoming: "violet", ongoing: "amber", over: "neutral" } as const;

function WindowItem({ window, clientId }: { window: MaintenanceWindow; clientId: string }) {
  const cancel = useCancelMaintenance(clientId);
  const span = `${formatDateTime(window.startsAt)} to ${formatDateTime(window.endsAt)}`;
  return (
    <li className="rounded-xl border border-border p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="text-sm font-semibold break-words text-foreground">
            {window.sites.map((site) => site.domain).join(", ")}
          </p>
          <p className="mt-0.5 text-xs text-muted-foreground">
            <time dateTime={window.startsAt}>{span}</time>
          </p>
        </div>
        <div className="flex items-center gap-2">
          <Pill tone={stateTone[window.state]}>{stateLabel[window.state]}</Pill>
          {window.state !== "over" && (
            <ConfirmDialog
              trigger={
                <Button variant="outline" size="sm">
                  Cancel window
                </Button>
              }
              title="Cancel this maintenance window?"
              description={`From now on failures of ${window.sites.map((s) => s.domain).join(", ")} open incidents again. The client is not told.`}
              confirmLabel="Cancel window"
              pending={cancel.isPending}
              onConfirm={() =>
                cancel.mutate(window.id, {
                  onSuccess: () => toast({ title: "Maintenance window cancelled" }),
                  onError: (error) =>
                    toast({ title: "Not cancelled", description: errorMessage(error) }),
                })
              }
            />
          )}
        </div>
      </div>
      <p className="mt-2 text-sm whitespace-pre-line text-foreground">{window.note}</p>
    </li>
  );
}

/**
 * Maintenance windows on a client's page: schedule one on some of their sites (checks go on,
 * failures open no incident, uptime leaves the time out; the client is told 48 hours ahead and
 * at the start), see the coming and recent ones, cancel one.
 */
export function MaintenancePanel({ client }: { client: ClientDetail }) {
  const prefix = useId();
  const id = (name: string) => `${prefix}-${name}`;
  const windows = useMaintenanceWindows(client.company.id);
  const schedule = useScheduleMaintenance(client.company.id);
  const form = useForm<FormValues>({
    defaultValues: { websiteIds: [], startsAt: "", endsAt: "", note: "" },
  });
  const { errors } = form.formState;
  const failure = formFailure(errors);

  const onSubmit = form.handleSubmit((values) =>
    schedule
      .mutateAsync(
        { ...values, startsAt: instant(values.startsAt), endsAt: instant(values.endsAt) },
        {
          onSuccess: () => {
            form.reset();
            toast({ title: "Maintenance window scheduled" });
          },
          onError: (error) => showServerErrors(error, form.setError, fields),
        },
      )
      .catch(() => undefined),
  );

  return (
    <Panel
      title="Maintenance windows"
      description="Checks go on during a window, but failures raise no alert and the time is left out of uptime. The client is told 48 hours ahead and when it starts."
      headingId="client-maintenance"
    >
      {client.websites.length === 0 ? (
        <p className="text-sm text-muted-foreground">Add a website to schedule maintenance.</p>
      ) : (
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <CheckboxGroup
            id={id("sites")}
            legend="Websites"
            error={errors.websiteIds?.message}
            layout="flex flex-wrap gap-x-4"
          >
            {client.websites.map((site) => (
              <CheckboxChoice key={site.id} value={site.id} field={form.register("websiteIds")}>
                {site.domain}
              </CheckboxChoice>
            ))}
          </CheckboxGroup>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id={id("starts")} label="Starts" error={errors.startsAt?.message}>
              <Input
                {...fieldAria(id("starts"), errors.startsAt?.message)}
                {...form.register("startsAt")}
                type="datetime-local"
              />
            </Field>
            <Field id={id("ends")} label="Ends" error={errors.endsAt?.message}>
              <Input
                {...fieldAria(id("ends"), errors.endsAt?.message)}
                {...form.register("endsAt")}
                type="datetime-local"
              />
            </Field>
          </div>
          <Field
            id={id("note")}
            label="Note for the client"
            hint="What is done and what they may notice; it is in the notice and the email."
            error={errors.note?.message}
          >
            <Textarea
              {...fieldAria(id("note"), errors.note?.message, true)}
              {...form.register("note")}
              rows={3}
            />
          </Field>
          {failure && (
            <p role="alert" className="text-sm text-destructive">
              {failure}
            </p>
          )}
          <div>
            <Button type="submit" disabled={schedule.isPending}>
              <Wrench aria-hidden="true" />
              Schedule maintenance
            </Button>
          </div>
        </form>
      )}
      <div className="mt-6">
        <h3 className="text-sm font-semibold text-foreground">Scheduled</h3>
        {windows.isPending ? (
          <p className="mt-2 text-sm text-muted-foreground">Loading the windows...</p>
        ) : windows.error ? (
          <p className="mt-2 text-sm text-destructive">{errorMessage(windows.error)}</p>
        ) : windows.data.windows.length === 0 ? (
          <p className="mt-2 text-sm text-muted-foreground">No maintenance windows.</p>
        ) : (
          <ul className="mt-2 flex flex-col gap-3" aria-label="Maintenance windows">
            {windows.data.windows.map((window) => (
              <WindowItem key={window.id} window={window} clientId={client.company.id} />
            ))}
          </ul>
        )}
      </div>
    </Panel>
  );
}
