import { useEffect, useRef, useSyncExternalStore, type ReactNode, type Ref } from "react";
import { AlertCircle } from "lucide-react";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/utils";

/** What a control inside a FormField spreads onto itself to be labelled and described. */
export interface FieldControlProps {
  id: string;
  "aria-invalid": boolean;
  "aria-required"?: boolean;
  "aria-describedby"?: string;
}

export interface FormFieldProps {
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
}: FormFieldProps) {
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
        <p
          id={errorId}
          role="alert"
          className="flex items-start gap-1.5 text-sm font-medium text-destructive"
        >
          <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>{error}</span>
        </p>
      )}
    </div>
  );
}

/**
 * The anti-spam fields the lead forms send besides the lead (see the server's spam traps):
 * `website`, a honeypot people never see, and `formStartedAt`, when the form was first shown.
 */
export interface SpamTrapFields {
  website?: string;
  formStartedAt?: number;
}

/** When the browser first drew the page (ms since the epoch), if it recorded it. */
function firstPaintAt(): number | undefined {
  const paint = performance.getEntriesByName("first-contentful-paint")[0];
  return paint ? performance.timeOrigin + paint.startTime : undefined;
}

/**
 * Tracks the spam-trap values of one form. The start time is taken in an effect (never during a
 * server render) and restarted when the form is shown again empty. A form that arrived as
 * prerendered HTML was on screen, and could be filled in, from the page's first paint, before
 * the app took it over: its time starts there.
 */
export function useSpamTraps() {
  const startedAt = useRef<number | undefined>(undefined);
  const honeypot = useRef<HTMLInputElement>(null);
  // Not yet hydrated on the first render: the render that takes over the server's HTML.
  const hydrated = useHydrated();
  const shownBeforeApp = useRef(!hydrated);
  useEffect(() => {
    startedAt.current = (shownBeforeApp.current && firstPaintAt()) || Date.now();
  }, []);
  return {
    honeypot,
    /** The values to send with the form. */
    read: (): SpamTrapFields => ({
      ...(honeypot.current?.value ? { website: honeypot.current.value } : {}),
      ...(startedAt.current !== undefined ? { formStartedAt: startedAt.current } : {}),
    }),
    /** After a successful send: an empty honeypot and a new start time. */
    restart: () => {
      if (honeypot.current) honeypot.current.value = "";
      startedAt.current = Date.now();
    },
  };
}

const noSubscription = () => () => {};

/**
 * False in the server render and while hydrating, true once the page is interactive. The forms
 * mark themselves `data-ready` with it, so a test (or a script) knows when submitting is handled.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * A text field that people never see or reach (off screen, hidden from assistive technology,
 * out of the tab order); automated form fillers complete it and their sends are kept as spam.
 */
export function HoneypotField({ id, inputRef }: { id: string; inputRef: Ref<HTMLInputElement> }) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] size-px overflow-hidden">
      <label htmlFor={id}>Leave this field empty</label>
      <input
        ref={inputRef}
        id={id}
        name={`${id}-confirm`}
        type="text"
        tabIndex={-1}
        autoComplete="off"
        defaultValue=""
      />
    </div>
  );
}

/**
 * The field messages of a 400 answer (`{ message, errors: { field: message } }`), from the
 * request helper's "<status>: <body>" error; undefined for any other failure.
 */
export function serverFieldErrors(error: unknown): Record<string, string> | undefined {
  if (!(error instanceof Error) || !error.message.startsWith("400: ")) return undefined;
  try {
    const body = JSON.parse(error.message.slice("400: ".length)) as { errors?: unknown };
    if (!body.errors || typeof body.errors !== "object") return undefined;
    const entries = Object.entries(body.errors).filter(
      (entry): entry is [string, string] => typeof entry[1] === "string",
    );
    return entries.length > 0 ? Object.fromEntries(entries) : undefined;
  } catch {
    return undefined;
  }
}
