import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { planHoursInputSchema, type PlanHours, type PlanHoursInput } from "@shared/schemas/hours";
import { Field, fieldAria } from "@/components/form-field";
import { centsToDollarText } from "@/components/money";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { optional, payloadSchema, readCents, readWholeNumber } from "@/lib/form-schema";
import { showServerErrors } from "@/lib/server-errors";
import { useSetPlanHours } from "./api";

type Values = { includedHours: string; rate: string };

/** Blank fields take the catalogue's defaults; dollars typed, cents sent. */
const formSchema = payloadSchema<Values, typeof planHoursInputSchema, PlanHoursInput>(
  planHoursInputSchema,
  (values, refuse) => ({
    includedHours:
      optional(values.includedHours) === undefined
        ? null
        : readWholeNumber(values.includedHours, "includedHours", refuse, {
            message: "Included hours must be a whole number from 0 to 744",
          }),
    overageRateCents:
      optional(values.rate) === undefined ? null : readCents(values.rate, "rate", refuse),
  }),
  { overageRateCents: "rate" },
);

/** Staff give this client's plan its own included hours and hourly rate (blank: the defaults). */
export function PlanHoursForm({ plan }: { plan: PlanHours }) {
  const prefix = useId();
  const id = (name: string) => `${prefix}-${name}`;
  const [open, setOpen] = useState(false);
  const save = useSetPlanHours(plan.planId);
  const form = useForm<Values, unknown, PlanHoursInput>({
    resolver: zodResolver(formSchema),
    defaultValues: plan.overridden
      ? {
          includedHours: String(plan.includedMinutes / 60),
          rate: centsToDollarText(plan.overageRateCents),
        }
      : { includedHours: "", rate: "" },
  });
  const { errors } = form.formState;

  if (!open) {
    return (
      <Button variant="outline" size="sm" className="self-start" onClick={() => setOpen(true)}>
        Change hours or rate
      </Button>
    );
  }
  const onSubmit = form.handleSubmit(async (payload) => {
    try {
      await save.mutateAsync(payload);
      toast({ title: "Plan hours saved" });
      setOpen(false);
    } catch (error) {
      showServerErrors(error, form.setError, ["includedHours", "rate"], {
        overageRateCents: "rate",
      });
    }
  });
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="This client's plan hours"
      className="flex flex-col gap-3"
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          id={id("hours")}
          label="Included hours a month"
          hint="Blank: the catalogue's default."
          error={errors.includedHours?.message}
        >
          <Input
            {...fieldAria(id("hours"), errors.includedHours?.message, true)}
            {...form.register("includedHours")}
            inputMode="numeric"
          />
        </Field>
        <Field
          id={id("rate")}
          label="Hourly rate beyond ($)"
          hint="Blank: the catalogue's default."
          error={errors.rate?.message}
        >
          <Input
            {...fieldAria(id("rate"), errors.rate?.message, true)}
            {...form.register("rate")}
            inputMode="decimal"
          />
        </Field>
      </div>
      {errors.root?.server && (
        <p role="alert" className="text-sm text-destructive">
          {errors.root.server.message}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" size="sm" aria-disabled={save.isPending || undefined}>
          Save
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
