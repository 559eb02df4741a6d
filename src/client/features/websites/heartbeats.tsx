import { useId, useState, type FormEvent } from "react";
import { HeartPulse, Plus } from "lucide-react";
import { heartbeatStateText } from "@shared/heartbeat-text";
import type { CreatedHeartbeat, Heartbeat } from "@shared/schemas/heartbeats";
import { formatDateTime, formatPeriod, timeAgo } from "@shared/format";
import { Field, fieldAria } from "@/components/form-field";
import { Modal } from "@/components/modal";
import { Pill } from "@/components/pill";
import { RemoveWithConfirm, SecretShownOnce } from "@/components/secret-items";
import { LoadingState, QueryError } from "@/components/view-states";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { ApiError } from "@/lib/api";
import { errorMessage } from "@/lib/server-errors";
import { useCreateHeartbeat, useDeleteHeartbeat, useHeartbeats } from "./heartbeats-api";

/** The line a job ends with (docs/heartbeats.md has more): a good run beats, a failed one says so. */
export function heartbeatExample(url: string) {
  return [
    `pg_dump mydb > /backups/mydb.sql \\`,
    `  && curl -fsS -m 10 --retry 3 ${url} \\`,
    `  || curl -fsS -m 10 --retry 3 "${url}?status=fail&msg=pg_dump+failed"`,
  ].join("\n");
}

const units = [
  { label: "seconds", seconds: 1 },
  { label: "minutes", seconds: 60 },
  { label: "hours", seconds: 3_600 },
  { label: "days", seconds: 86_400 },
] as const;

type Amount = { count: string; unit: number };
const secondsOf = ({ count, unit }: Amount) =>
  count.trim() === "" ? Number.NaN : Number(count) * unit;

/** A number and its unit, sent as seconds. */
function DurationField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
}: {
  id: string;
  label: string;
  value: Amount;
  onChange: (value: Amount) => void;
  error: string | undefined;
  hint: string;
}) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <div className="flex gap-2">
        <Input
          {...fieldAria(id, error, true)}
          inputMode="numeric"
          value={value.count}
          onChange={(event) => onChange({ ...value, count: event.target.value })}
          autoComplete="off"
          className="w-24 min-w-0"
        />
        <select
          aria-label={`${label}: unit`}
          value={value.unit}
          onChange={(event) => onChange({ ...value, unit: Number(event.target.value) })}
          className="min-h-11 min-w-0 flex-1 rounded-xl border border-input bg-card px-3 text-sm"
        >
          {units.map((unit) => (
            <option key={unit.label} value={unit.seconds}>
              {unit.label}
            </option>
          ))}
        </select>
      </div>
    </Field>
  );
}

/** The new heartbeat's URL, this once, with the line a job ends with. */
function NewHeartbeat({ created, onDone }: { created: CreatedHeartbeat; onDone: () => void }) {
  return (
    <SecretShownOnce
      title={<>Heartbeat “{created.name}” added</>}
      secretName="its URL"
      secretLabel="The heartbeat's URL"
      secret={created.url}
      copyLabel="Copy URL"
      usageTitle="End the job with it"
      usage={heartbeatExample(created.url)}
      onDone={onDone}
    />
  );
}

const tone = { down: "red", new: "neutral", up: "green" } as const;

function HeartbeatRow({ heartbeat, websiteId }: { heartbeat: Heartbeat; websiteId: string }) {
  const remove = useDeleteHeartbeat(websiteId);
  const [now] = useState(() => Date.now());
  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium break-words text-foreground">{heartbeat.name}</span>
          <Pill tone={tone[heartbeat.state]} dot>
            {heartbeatStateText(heartbeat)}
          </Pill>
        </p>
        <p className="mt-0.5 text-xs text-muted-foreground">
          Every {formatPeriod(heartbeat.periodSeconds)}, {formatPeriod(heartbeat.graceSeconds)}{" "}
          grace ·{" "}
          {heartbeat.lastBeatAt ? `last beat ${timeAgo(heartbeat.lastBeatAt, now)}` : "no beat yet"}{" "}
          · next due {formatDateTime(heartbeat.nextDueAt)}
        </p>
      </div>
      <RemoveWithConfirm
        name={heartbeat.name}
        noun="heartbeat"
        pastTense="deleted"
        description="Its URL stops working and its incidents are removed. Add a new heartbeat to watch the job again."
        pending={remove.isPending}
        remove={(callbacks) => remove.mutate(heartbeat.id, callbacks)}
      />
    </li>
  );
}

type Errors = Partial<Record<"name" | "periodSeconds" | "graceSeconds", string>>;

function HeartbeatsDialogBody({ websiteId, domain }: { websiteId: string; domain: string }) {
  const id = useId();
  const list = useHeartbeats(websiteId, true);
  const create = useCreateHeartbeat(websiteId);
  const [name, setName] = useState("");
  const [period, setPeriod] = useState<Amount>({ count: "1", unit: 86_400 });
  const [grace, setGrace] = useState<Amount>({ count: "1", unit: 3_600 });
  const [errors, setErrors] = useState<Errors>({});
  const [created, setCreated] = useState<CreatedHeartbeat>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    // The server checks every rule and says what to fix, field by field.
    create.mutate(
      { name: name.trim(), periodSeconds: secondsOf(period), graceSeconds: secondsOf(grace) },
      {
        onSuccess: (heartbeat) => {
          setCreated(heartbeat);
          setName("");
        },
        onError: (failure) =>
          setErrors(
            (failure instanceof ApiError && failure.fieldErrors) || {
              name: errorMessage(failure),
            },
          ),
      },
    );
  };

  return (
    <div className="flex flex-col gap-5">
      {created ? (
        <NewHeartbeat created={created} onDone={() => setCreated(undefined)} />
      ) : (
        <form
          onSubmit={submit}
          noValidate
          aria-label={`New heartbeat for ${domain}`}
          className="flex flex-col gap-4"
        >
          <Field id={`${id}-name`} label="Job's name" error={errors.name}>
            <Input
              {...fieldAria(`${id}-name`, errors.name)}
              value={name}
              onChange={(event) => setName(event.target.value)}
              placeholder="e.g. nightly backup"
              autoComplete="off"
              maxLength={100}
            />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <DurationField
              id={`${id}-period`}
              label="Runs every"
              value={period}
              onChange={setPeriod}
              error={errors.periodSeconds}
              hint="How often the job runs: at least a minute."
            />
            <DurationField
              id={`${id}-grace`}
              label="Grace"
              value={grace}
              onChange={setGrace}
              error={errors.graceSeconds}
              hint="How late a beat may be before it counts as missed."
            />
          </div>
          <div>
            <Button type="submit" disabled={create.isPending}>
              <Plus aria-hidden="true" />
              {create.isPending ? "Adding..." : "Add heartbeat"}
            </Button>
          </div>
        </form>
      )}

      <div>
        <h3 className="font-sans text-sm font-semibold text-foreground">Heartbeats</h3>
        {list.isPending ? (
          <div className="mt-2">
            <LoadingState label="Loading heartbeats..." />
          </div>
        ) : list.isError ? (
          <div className="mt-2">
            <QueryError error={list.error} onRetry={() => void list.refetch()} />
          </div>
        ) : list.data.length === 0 ? (
          <p className="mt-2 text-sm text-muted-foreground">
            No heartbeats yet. Add one for each job that keeps the site safe, such as its backup.
          </p>
        ) : (
          <ul className="divide-y divide-border" aria-label={`Heartbeats of ${domain}`}>
            {list.data.map((heartbeat) => (
              <HeartbeatRow key={heartbeat.id} heartbeat={heartbeat} websiteId={websiteId} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

/**
 * A website's heartbeats in the back office: a job (a nightly backup) calls its URL when done;
 * a missed or failed beat alerts as a down site does. Staff add one, see its URL once, delete it.
 */
export function HeartbeatsButton({ websiteId, domain }: { websiteId: string; domain: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => setOpen(true)}
        aria-label={`Heartbeats of ${domain}`}
      >
        <HeartPulse aria-hidden="true" />
        Heartbeats
      </Button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title={`Heartbeats · ${domain}`}
        description="A job of the site calls its heartbeat URL when it is done. No beat in time, or a failed one, opens an incident and alerts."
        size="wide"
      >
        {open && <HeartbeatsDialogBody websiteId={websiteId} domain={domain} />}
      </Modal>
    </>
  );
}
