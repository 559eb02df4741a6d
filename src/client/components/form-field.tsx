import type { ReactNode } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { AlertCircle } from "lucide-react";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/utils";

/*
 * Labelled form fields. FormField (the public lead forms) marks a required field with a * and
 * keeps its hint above the error; Field (the portal and the back office) shows the error in the
 * hint's place. Both announce an error when it appears.
 */

/** A field's error: announced when it appears; the control's aria-describedby points at it. */
function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p
      id={id}
      role="alert"
      className="flex items-start gap-1.5 text-sm font-medium text-destructive"
    >
      <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      {children}
    </p>
  );
}

/**
 * A labelled field of the portal and back office forms: label, control (given `id`, with
 * fieldAria), then its hint, or its error in its place.
 */
export function Field({
  id,
  label,
  hint,
  error,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn("flex min-w-0 flex-col gap-2", className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error ? (
        <FieldError id={`${id}-error`}>{error}</FieldError>
      ) : (
        hint && (
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            {hint}
          </p>
        )
      )}
    </div>
  );
}

/** The props that tie a control inside <Field> to its label, hint and error. */
export function fieldAria(id: string, error?: string, hint?: boolean) {
  return {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : hint ? `${id}-hint` : undefined,
  } as const;
}

/** What a control inside a FormField spreads onto itself to be labelled and described. */
interface FieldControlProps {
  id: string;
  "aria-invalid": boolean;
  "aria-required"?: boolean;
  "aria-describedby"?: string;
}

/**
 * A labelled form field: label (with a visible * when required), the control, an optional
 * hint, and the error message linked to the control with aria-describedby.
 */
export function FormField({
  id,
  label,
  required = false,
  hint,
  error,
  className,
  children,
}: {
  /** The control's id; the label points at it, and its hint and error derive their ids from it. */
  id: string;
  label: ReactNode;
  required?: boolean;
  /** A short help line under the control. */
  hint?: ReactNode;
  /** The validation message, shown beside the field and announced when it appears. */
  error?: string;
  className?: string;
  /** Renders the control with the props that tie it to its label, hint and error. */
  children: (control: FieldControlProps) => ReactNode;
}) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : undefined, hint ? hintId : undefined]
    .filter(Boolean)
    .join(" ");
  return (
    <div className={cn("flex flex-col gap-2", className)}>
      <Label htmlFor={id} className="flex items-baseline gap-1">
        {label}
        {required && (
          <span aria-hidden="true" className="font-semibold text-destructive">
            *
          </span>
        )}
      </Label>
      {children({
        id,
        "aria-invalid": Boolean(error),
        ...(required ? { "aria-required": true } : {}),
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
      })}
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <FieldError id={errorId}>
          <span>{error}</span>
        </FieldError>
      )}
    </div>
  );
}

/**
 * A set of checkboxes under a legend (CheckboxChoice each), with its hint above them and its
 * error below, both tied to the group; `layout` lays the choices out (default: two columns).
 */
export function CheckboxGroup({
  id,
  legend,
  hint,
  error,
  layout = "grid gap-x-4 sm:grid-cols-2",
  children,
}: {
  id: string;
  legend: ReactNode;
  hint?: ReactNode;
  error?: string;
  layout?: string;
  children: ReactNode;
}) {
  return (
    <fieldset
      aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="text-sm font-medium text-foreground">{legend}</legend>
      {hint && (
        <p id={`${id}-hint`} className="mt-0.5 text-sm text-muted-foreground">
          {hint}
        </p>
      )}
      <div className={cn("mt-1", layout)}>{children}</div>
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </fieldset>
  );
}

/** One checkbox of a CheckboxGroup, with a touch-sized label; `field` is what register gives. */
export function CheckboxChoice({
  value,
  field,
  label,
  children,
}: {
  value: string;
  field: UseFormRegisterReturn;
  /** The accessible name, when the visible text alone would not say enough. */
  label?: string;
  children: ReactNode;
}) {
  return (
    <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 text-sm text-foreground">
      <input
        type="checkbox"
        value={value}
        aria-label={label}
        {...field}
        className="size-5 shrink-0 cursor-pointer rounded accent-ink-950"
      />
      {children}
    </label>
  );
}
