import { useId, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2 } from "lucide-react";
import {
  availabilitySchema,
  dayHoursSchema,
  weekdayNames,
  weekdays,
  type Availability,
  type AvailabilityView,
} from "@shared/schemas/bookings";
import { Field, fieldAria } from "@/components/form-field";
import { Panel } from "@/components/panel";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { LoadError, LoadingState } from "@/components/view-states";
import { payloadSchema, readWholeNumber } from "@/lib/form-schema";
import { useAuth } from "@/lib/auth";
import { showServerErrors } from "@/lib/server-errors";
import { useAvailability, useSaveAvailability } from "./api";

type DayValues = { on: boolean; start: string; end: string };
type Values = { days: DayValues[]; bufferMinutes: string };

/** The form's days are the seven of the week; the payload keeps only the ticked ones. */
const formSchema = payloadSchema<Values, typeof availabilitySchema, Availability>(
  availabilitySchema,
  (values, refuse) => ({
    // Each ticked day is checked on its own row (the payload numbers only the ticked ones).
    days: values.days.flatMap((day, index) => {
      if (!day.on) return [];
      const hours = { weekday: weekdays[index]!, start: day.start, end: day.end };
      const issues = dayHoursSchema.safeParse(hours).error?.issues ?? [];
      for (const issue of issues) {
        refuse(`days.${index}.${issue.path.join(".") || "end"}`, issue.message);
      }
      return issues.length ? [] : [hours];
    }),
    bufferMinutes: readWholeNumber(values.bufferMinutes, "bufferMinutes", refuse, {
      message: "Buffer must be a whole number from 0 to 120",
    }),
  }),
);

function valuesOf(view: AvailabilityView): Values {
  return {
    days: weekdays.map((weekday) => {
      const day = view.days.find((d) => d.weekday === weekday);
      return day
        ? { on: true, start: day.start, end: day.end }
        : { on: false, start: "09:00", end: "17:00" };
    }),
    bufferMinutes: String(view.bufferMinutes),
  };
}

/**
 * A staff member's weekly hours for Discovery Calls, in the agency's time zone, and the buffer
 * kept free around each call. Until saved, the defaults (Monday to Friday, 9 to 5, 15 minutes).
 */
export function AvailabilityPanel() {
  const { user } = useAuth();
  // Staff without a second factor are kept out of /api/admin until they turn one on: the hours
  // wait for it rather than fail to load.
  const enrolled = Boolean(user && !user.mustEnrol);
  const availability = useAvailability(enrolled);
  const id = useId();
  if (!enrolled) {
    return (
      <Panel title="Discovery Call hours" headingId={`${id}-title`}>
        <p className="text-sm text-muted-foreground">
          Turn on a second factor (an authenticator app or a passkey) on this page to set the hours
          when visitors may book a call with you.
        </p>
      </Panel>
    );
  }
  if (availability.isPending) return <LoadingState label="Loading your call hours..." />;
  if (availability.isError) {
    return <LoadError what="your call hours" onRetry={() => void availability.refetch()} />;
  }
  return (
    <Panel
      title="Discovery Call hours"
      headingId={`${id}-title`}
      description={`When visitors may book a 30-minute call with you at /book, in the agency's time zone (${availability.data.timeZone}). Untick every day to take no calls.`}
    >
      <AvailabilityForm view={availability.data} />
    </Panel>
  );
}

function AvailabilityForm({ view }: { view: AvailabilityView }) {
  const prefix = useId();
  const [saved, setSaved] = useState<string | null>(null);
  const save = useSaveAvailability();
  const form = useForm<Values, unknown, Availability>({
    resolver: zodResolver(formSchema),
    defaultValues: valuesOf(view),
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (payload) => {
    setSaved(null);
    try {
      await save.mutateAsync(payload);
      setSaved("Your call hours were saved.");
    } catch (error) {
      showServerErrors(error, form.setError, ["days", "bufferMinutes"]);
    }
  });
  const ticked = useWatch({ control: form.control, name: "days" });
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-4"
      aria-label="Discovery Call hours"
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium text-foreground">Weekly hours</legend>
        {weekdayNames.map((name, index) => {
          const dayId = `${prefix}-day-${index}`;
          const startError = errors.days?.[index]?.start?.message;
          const endError = errors.days?.[index]?.end?.message;
          return (
            <div key={name} className="grid grid-cols-[7.5rem_1fr_1fr] items-start gap-2">
              <label className="flex min-h-11 items-center gap-2 text-sm" htmlFor={`${dayId}-on`}>
                <input
                  id={`${dayId}-on`}
                  type="checkbox"
                  className="size-4 accent-primary"
                  {...form.register(`days.${index}.on`)}
                />
                {name}
              </label>
              <Field
                id={`${dayId}-start`}
                label={<span className="sr-only">{name} from</span>}
                error={startError}
              >
                <Input
                  {...fieldAria(`${dayId}-start`, startError)}
                  type="time"
                  step={900}
                  disabled={!ticked[index]?.on}
                  {...form.register(`days.${index}.start`)}
                />
              </Field>
              <Field
                id={`${dayId}-end`}
                label={<span className="sr-only">{name} until</span>}
                error={endError}
              >
                <Input
                  {...fieldAria(`${dayId}-end`, endError)}
                  type="time"
                  step={900}
                  disabled={!ticked[index]?.on}
                  {...form.register(`days.${index}.end`)}
                />
              </Field>
            </div>
          );
        })}
        {errors.days?.message && (
          <p role="alert" className="text-sm text-destructive">
            {errors.days.message}
          </p>
        )}
      </fieldset>
      <Field
        id={`${prefix}-buffer`}
        label="Buffer between calls (minutes)"
        hint="Kept free before and after each call: 0 to 120."
        error={errors.bufferMinutes?.message}
        className="max-w-xs"
      >
        <Input
          {...fieldAria(`${prefix}-buffer`, errors.bufferMinutes?.message, true)}
          inputMode="numeric"
          {...form.register("bufferMinutes")}
        />
      </Field>
      {errors.root?.server && (
        <p role="alert" className="text-sm text-destructive">
          {errors.root.server.message}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" aria-disabled={save.isPending || undefined}>
          {save.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
          Save call hours
        </Button>
        <p role="status" className="text-sm text-muted-foreground">
          {saved}
        </p>
      </div>
    </form>
  );
}
