import { useEffect } from "react";
import { Controller, useForm } from "react-hook-form";
import { ArrowRight, Loader2, Lock } from "lucide-react";
import type { Apply, ApplyInput } from "@shared/schemas/apply";
import { budgetOptions, projectTypeOptions, timelineOptions } from "@shared/schemas/apply-options";
import { applyForm as copy } from "@content/contact-page";
import {
  FormField,
  HoneypotField,
  serverFieldErrors,
  useHydrated,
  useSpamTraps,
} from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { lazyResolver } from "@/lib/lazy-resolver";
import { useSubmitApplication, type ApplicationReceipt } from "./api";

/** An empty application; the selects show their placeholder until a choice is made. */
const emptyApplication: ApplyInput = {
  name: "",
  email: "",
  phone: "",
  company: "",
  projectType: undefined as unknown as ApplyInput["projectType"],
  budget: "",
  timeline: "",
  description: "",
};
const fieldNames = Object.keys(emptyApplication) as (keyof ApplyInput)[];
const validation = lazyResolver<ApplyInput, Apply>(() =>
  import("./validation").then((m) => m.applyResolver),
);

interface Option {
  readonly value: string;
  readonly label: string;
}

const legendClasses =
  "mb-5 flex w-full items-center gap-3 text-xs font-semibold tracking-[0.16em] text-accent uppercase after:h-px after:flex-1 after:bg-border";

/**
 * "Project Application": validated with the server's own schema. The three choices are Radix
 * selects bound with Controller, so their values are submitted and they work from the keyboard.
 */
export function ApplyForm({
  headingId,
  autoFocus = false,
  onSubmitted,
}: {
  headingId: string;
  /** Focus the first field when shown (after "Submit Another Request"). */
  autoFocus?: boolean;
  /** Called with the stored application's receipt; the page then shows its received state. */
  onSubmitted: (receipt: ApplicationReceipt) => void;
}) {
  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<ApplyInput, unknown, Apply>({
    resolver: validation.resolver,
    defaultValues: emptyApplication,
  });
  const submit = useSubmitApplication();
  const traps = useSpamTraps();
  const ready = useHydrated();
  const pending = submit.isPending;

  useEffect(() => {
    if (autoFocus) setFocus("name");
  }, [autoFocus, setFocus]);

  const onSubmit = handleSubmit(async (values) => {
    if (pending) return;
    try {
      const receipt = await submit.mutateAsync({ ...values, ...traps.read() });
      reset(emptyApplication);
      traps.restart();
      onSubmitted(receipt);
    } catch (error) {
      toast({ variant: "destructive", title: copy.errorTitle, description: copy.errorText });
      const fieldErrors = serverFieldErrors(error);
      const invalid = fieldNames.filter((name) => fieldErrors?.[name]);
      for (const name of invalid) setError(name, { message: fieldErrors?.[name] });
      if (invalid[0]) setFocus(invalid[0]);
    }
  });

  const choice = (
    name: "projectType" | "budget" | "timeline",
    options: readonly Option[],
    required = false,
  ) => (
    <FormField
      id={`apply-${name}`}
      label={copy.labels[name]}
      required={required}
      error={errors[name]?.message}
    >
      {(props) => (
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <Select
              value={field.value ?? ""}
              onValueChange={field.onChange}
              disabled={field.disabled}
            >
              <SelectTrigger {...props} ref={field.ref} onBlur={field.onBlur}>
                <SelectValue placeholder={copy.placeholders[name]} />
              </SelectTrigger>
              <SelectContent>
                {options.map((option) => (
                  <SelectItem key={option.value} value={option.value}>
                    {option.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
      )}
    </FormField>
  );

  return (
    <form
      onSubmit={onSubmit}
      onFocus={validation.preload}
      noValidate
      aria-labelledby={headingId}
      data-ready={ready || undefined}
      className="relative"
    >
      <HoneypotField id="apply-website" inputRef={traps.honeypot} />

      <fieldset>
        <legend className={legendClasses}>{copy.sections.about}</legend>
        <div className="grid gap-6 sm:grid-cols-2">
          <FormField id="apply-name" label={copy.labels.name} required error={errors.name?.message}>
            {(props) => (
              <Input
                {...props}
                {...register("name")}
                autoComplete="name"
                placeholder={copy.placeholders.name}
              />
            )}
          </FormField>
          <FormField
            id="apply-email"
            label={copy.labels.email}
            required
            error={errors.email?.message}
          >
            {(props) => (
              <Input
                {...props}
                {...register("email")}
                type="email"
                inputMode="email"
                autoComplete="email"
                spellCheck={false}
                placeholder={copy.placeholders.email}
              />
            )}
          </FormField>
          <FormField id="apply-phone" label={copy.labels.phone} error={errors.phone?.message}>
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
          <FormField id="apply-company" label={copy.labels.company} error={errors.company?.message}>
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
            id="apply-description"
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
    </form>
  );
}
