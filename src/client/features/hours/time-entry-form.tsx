import { useId } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Plus, Save } from "lucide-react";
import { brand } from "@content/site";
import {
  timeEntryInputSchema,
  type ClientHours,
  type TimeEntry,
  type TimeEntryInput,
} from "@shared/schemas/hours";
import type { z } from "@shared/schemas/zod";
import { dayInZone } from "@shared/work-time";
import { Field, fieldAria } from "@/components/form-field";
import { SelectControl } from "@/components/select-control";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { showServerErrors } from "@/lib/server-errors";
import { useChangeEntry, useLogTime } from "./api";

type Values = z.input<typeof timeEntryInputSchema>;
type Output = z.output<typeof timeEntryInputSchema>;
const fields = ["workDate", "minutes", "note", "websiteId", "ticketId", "projectId"] as const;

/** Today in the agency's time zone: the day an entry is for unless staff pick another. */
export const agencyToday = () => dayInZone(new Date(), brand.timeZone);

/**
 * Log time for a client (date, minutes, note, and optionally a site, ticket or project), or
 * change an entry. On a ticket the ticket is given, and its choice is not shown.
 */
export function TimeEntryForm({
  clientId,
  choices,
  ticketId,
  entry,
  onDone,
}: {
  clientId: string;
  choices?: ClientHours["choices"];
  ticketId?: string;
  /** The entry to change, if any. */
  entry?: TimeEntry;
  onDone?: () => void;
}) {
  const prefix = useId();
  const id = (name: string) => `${prefix}-${name}`;
  const log = useLogTime(clientId);
  const change = useChangeEntry(entry?.id ?? "");
  const write = entry ? change : log;
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(timeEntryInputSchema),
    defaultValues: {
      workDate: entry?.workDate ?? agencyToday(),
      minutes: entry ? String(entry.minutes) : "",
      note: entry?.note ?? "",
      websiteId: entry?.websiteId ?? "",
      ticketId: entry?.ticketId ?? ticketId ?? "",
      projectId: entry?.projectId ?? "",
    },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    if (write.isPending) return;
    try {
      await write.mutateAsync(values as TimeEntryInput);
      toast({ title: entry ? "Entry changed" : "Time logged" });
      if (!entry) form.reset({ ...form.getValues(), minutes: "", note: "" });
      onDone?.();
    } catch (error) {
      showServerErrors(error, form.setError, fields);
    }
  });

  const select = (
    name: "websiteId" | "ticketId" | "projectId",
    label: string,
    options: { id: string; label: string }[],
  ) =>
    options.length > 0 && (
      <Field id={id(name)} label={`${label} (optional)`} error={errors[name]?.message}>
        <SelectControl
          control={form.control}
          name={name}
          options={options.map((option) => ({ value: option.id, label: option.label }))}
          noneLabel="None"
          placeholder="None"
          aria={fieldAria(id(name), errors[name]?.message)}
        />
      </Field>
    );

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={entry ? "Change time entry" : "Log time"}
      className="flex flex-col gap-4"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={id("date")} label="Date" error={errors.workDate?.message}>
          <Input
            {...fieldAria(id("date"), errors.workDate?.message)}
            {...form.register("workDate")}
            type="date"
            max={agencyToday()}
          />
        </Field>
        <Field
          id={id("minutes")}
          label="Minutes"
          hint="Up to 1440 (24 hours)."
          error={errors.minutes?.message}
        >
          <Input
            {...fieldAria(id("minutes"), errors.minutes?.message, true)}
            {...form.register("minutes")}
            type="number"
            inputMode="numeric"
            min={1}
            max={1440}
          />
        </Field>
      </div>
      {choices && (
        <div className="grid gap-4 sm:grid-cols-2">
          {select("websiteId", "Site", choices.websites)}
          {!ticketId && select("ticketId", "Ticket", choices.tickets)}
          {select("projectId", "Project", choices.projects)}
        </div>
      )}
      <Field id={id("note")} label="Note" error={errors.note?.message}>
        <Textarea
          {...fieldAria(id("note"), errors.note?.message)}
          {...form.register("note")}
          rows={2}
          maxLength={2000}
        />
      </Field>
      {errors.root?.server && (
        <p role="alert" className="text-sm text-destructive">
          {errors.root.server.message}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" aria-disabled={write.isPending || undefined}>
          {entry ? <Save aria-hidden="true" /> : <Plus aria-hidden="true" />}
          {write.isPending ? "Saving..." : entry ? "Save entry" : "Log time"}
        </Button>
        {onDone && entry && (
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
