import { SelectControl } from "@/components/select-control";
import { useEffect } from "react";
import { ArrowRight, Loader2, Lock } from "lucide-react";
import {
  budgetOptions,
  projectTypeOptions,
  timelineOptions,
} from "@shared/schemas/application-options";
import type { ApplicationInput, LeadReceipt } from "@shared/schemas/leads";
import { applicationForm as copy } from "@content/contact-page";
import type { Option } from "@/components/filters";
import { FormField } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { LeadForm, NameAndEmailFields } from "./lead-form";
import { useLeadForm } from "./use-lead-form";

/** An empty application; the selects show their placeholder until a choice is made. */
const emptyApplication: ApplicationInput = {
  name: "",
  email: "",
  phone: "",
  company: "",
  projectType: undefined as unknown as ApplicationInput["projectType"],
  budget: "",
  timeline: "",
  description: "",
};

const legendClasses =
  "mb-5 flex w-full items-center gap-3 text-xs font-semibold tracking-[0.16em] text-accent uppercase after:h-px after:flex-1 after:bg-border";

/**
 * "Project Application": validated with the server's own schema. The three choices are Radix
 * selects bound with so their values are submitted and they work from the keyboard.
 */
export function ApplicationForm({
  headingId,
  autoFocus = false,
  onSubmitted,
}: {
  headingId: string;
  /** Focus the first field when shown (after "Submit Another Request"). */
  autoFocus?: boolean;
  /** Called with the stored application's receipt; the page then shows its received state. */
  onSubmitted: (receipt: LeadReceipt) => void;
}) {
  const { form, pending, honeypot, formProps } = useLeadForm({
    endpoint: "/api/apply",
    resolver: (resolvers) => resolvers.applicationResolver,
    emptyValues: emptyApplication,
    failure: { title: copy.errorTitle, description: copy.errorText },
    onSent: onSubmitted,
  });
  const {
    control,
    register,
    setFocus,
    formState: { errors },
  } = form;

  useEffect(() => {
    if (autoFocus) setFocus("name");
  }, [autoFocus, setFocus]);

  const choice = (
    name: "projectType" | "budget" | "timeline",
    options: readonly Option[],
    required = false,
  ) => (
    <FormField
      id={`application-${name}`}
      label={copy.labels[name]}
      required={required}
      error={errors[name]?.message}
    >
      {(props) => (
        <SelectControl
          control={control}
          name={name}
          options={options}
          placeholder={copy.placeholders[name]}
          aria={props}
        />
      )}
    </FormField>
  );

  return (
    <LeadForm
      idPrefix="application"
      headingId={headingId}
      formProps={formProps}
      honeypot={honeypot}
    >
      <fieldset>
        <legend className={legendClasses}>{copy.sections.about}</legend>
        <div className="grid gap-6 sm:grid-cols-2">
          <NameAndEmailFields
            idPrefix="application"
            copy={copy}
            name={register("name")}
            email={register("email")}
            errors={errors}
          />
          <FormField id="application-phone" label={copy.labels.phone} error={errors.phone?.message}>
            {(props) => (
              <Input
                {...props}
                {...register("phone")}
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                placeholder={copy.placeholders.phone}
              />
            )}
          </FormField>
          <FormField
            id="application-company"
            label={copy.labels.company}
            error={errors.company?.message}
          >
            {(props) => (
              <Input
                {...props}
                {...register("company")}
                autoComplete="organization"
                placeholder={copy.placeholders.company}
              />
            )}
          </FormField>
        </div>
      </fieldset>

      <fieldset className="mt-10">
        <legend className={legendClasses}>{copy.sections.project}</legend>
        <div className="grid gap-6 sm:grid-cols-2">
          <div className="sm:col-span-2">{choice("projectType", projectTypeOptions, true)}</div>
          {choice("budget", budgetOptions)}
          {choice("timeline", timelineOptions)}
          <FormField
            id="application-description"
            label={copy.labels.description}
            required
            hint={copy.hints.description}
            error={errors.description?.message}
            className="sm:col-span-2"
          >
            {(props) => (
              <Textarea
                {...props}
                {...register("description")}
                rows={8}
                placeholder={copy.placeholders.description}
              />
            )}
          </FormField>
        </div>
      </fieldset>

      <div className="mt-10 flex flex-col-reverse gap-4 border-t border-border pt-8 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Lock className="size-4 shrink-0" aria-hidden="true" />
          {copy.privacy}
        </p>
        <Button
          type="submit"
          size="lg"
          fade="soft"
          aria-disabled={pending || undefined}
          className="w-full sm:w-auto"
        >
          {pending && (
            <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
          )}
          {pending ? copy.pending : copy.submit}
          {!pending && <ArrowRight aria-hidden="true" />}
        </Button>
      </div>
    </LeadForm>
  );
}
