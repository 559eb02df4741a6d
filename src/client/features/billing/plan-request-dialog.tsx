import { useId } from "react";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2, Send } from "lucide-react";
import type { PlanRequestInput, RecurringPlan } from "@shared/schemas/billing";
import { Field, fieldAria } from "@/components/form-field";
import { formatMoney } from "@shared/format";
import { Modal } from "@/components/modal";
import { SelectControl } from "@/components/select-control";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { showServerErrors } from "@/lib/server-errors";
import { cn } from "@/lib/utils";
import { useRequestPlan } from "./api";
import { addBeside, planRequestFormSchema, type PlanRequestFormValues } from "./billing-forms";
import { planChoices } from "./billing-view";

const families = [...new Set(planChoices.map((choice) => choice.family))];

/**
 * Upgrade Plan: the catalogue's monthly plans with their price ranges, which current plan it
 * replaces (or none), a note. Staff confirm the price before anything changes.
 */
export function PlanRequestDialog({
  open,
  onOpenChange,
  plans,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The client's active plans, one of which the request may replace. */
  plans: RecurringPlan[];
}) {
  const prefix = useId();
  const id = (name: string) => `${prefix}-${name}`;
  const request = useRequestPlan();
  const form = useForm<PlanRequestFormValues, unknown, PlanRequestInput>({
    resolver: zodResolver(planRequestFormSchema),
    defaultValues: {
      requestedPlan: "",
      replaces: plans.length === 1 ? plans[0]!.id : addBeside,
      note: "",
    },
  });
  const { errors } = form.formState;
  const requestedPlan = useWatch({ control: form.control, name: "requestedPlan" });

  const onSubmit = form.handleSubmit((input) => {
    if (request.isPending) return;
    request.mutate(input, {
      onSuccess: () => {
        toast({
          title: "Request sent",
          description: `We will confirm the price of ${input.requestedPlan} before anything changes.`,
        });
        onOpenChange(false);
      },
      onError: (error) =>
        showServerErrors(error, form.setError, ["requestedPlan", "replaces", "note"], {
          planId: "replaces",
        }),
    });
  });

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Upgrade Plan"
      description="Choose the plan you would like. Our team confirms the monthly price with you before anything changes."
      size="wide"
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        <fieldset
          aria-describedby={errors.requestedPlan ? id("plan-error") : undefined}
          className="flex flex-col gap-4"
        >
          <legend className="mb-2 text-sm font-medium text-foreground">Plan</legend>
          {families.map((family) => (
            <div key={family}>
              <p className="mb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                {family}
              </p>
              <div className="grid gap-2 sm:grid-cols-3">
                {planChoices
                  .filter((choice) => choice.family === family)
                  .map((choice) => {
                    const index = planChoices.indexOf(choice);
                    const chosen = requestedPlan === choice.name;
                    return (
                      <label
                        key={choice.name}
                        htmlFor={id(`plan-${index}`)}
                        className={cn(
                          "flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border p-3 transition-colors has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-ring",
                          chosen
                            ? "border-gold-500 bg-gold-50"
                            : "border-border bg-card hover:border-foreground/30",
                        )}
                      >
                        <input
                          type="radio"
                          id={id(`plan-${index}`)}
                          {...form.register("requestedPlan")}
                          value={choice.name}
                          className="mt-1 size-4 shrink-0 accent-ink-950"
                        />
                        <span className="min-w-0">
                          <span className="block text-sm font-semibold text-foreground">
                            {choice.name}
                          </span>
                          <span className="block text-xs text-muted-foreground">
                            {choice.detail}
                          </span>
                          <span className="mt-1 block text-sm font-medium text-foreground tabular-nums">
                            {choice.price}
                          </span>
                        </span>
                      </label>
                    );
                  })}
              </div>
            </div>
          ))}
          {errors.requestedPlan && (
            <p id={id("plan-error")} role="alert" className="text-sm font-medium text-destructive">
              {errors.requestedPlan.message}
            </p>
          )}
        </fieldset>

        {plans.length > 0 && (
          <Field id={id("replaces")} label="Instead of" error={errors.replaces?.message}>
            <SelectControl
              control={form.control}
              name="replaces"
              options={[
                ...plans.map((plan) => ({
                  value: plan.id,
                  label: `${plan.name} (${formatMoney(plan.amountCents)}/mo)`,
                })),
                { value: addBeside, label: "Nothing: add it beside my current plans" },
              ]}
              aria={fieldAria(id("replaces"), errors.replaces?.message)}
            />
          </Field>
        )}

        <Field
          id={id("note")}
          label="Note (optional)"
          hint="Anything we should know: traffic, sites, timing."
          error={errors.note?.message}
        >
          <Textarea
            {...fieldAria(id("note"), errors.note?.message, true)}
            {...form.register("note")}
            rows={3}
            maxLength={2000}
          />
        </Field>

        {errors.root?.server && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {errors.root.server.message}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" aria-disabled={request.isPending || undefined}>
            {request.isPending ? (
              <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
            ) : (
              <Send aria-hidden="true" />
            )}
            Send request
          </Button>
        </div>
      </form>
    </Modal>
  );
}
