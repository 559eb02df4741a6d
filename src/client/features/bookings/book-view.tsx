import { useEffect, useId, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useQueryClient } from "@tanstack/react-query";
import { CheckCircle2, Loader2 } from "lucide-react";
import { formatSlotInWords } from "@shared/format";
import { NOTE_MAX, SLOT_TAKEN_MESSAGE } from "@shared/booking-rules";
import type { BookingReceipt, BookingRequest, Slots } from "@shared/schemas/bookings";
import { FormField } from "@/components/form-field";
import { HoneypotField, useSpamTraps } from "@/components/spam-traps";
import { Button } from "@/components/ui/button";
import { fieldClasses, Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { LoadError, LoadingState } from "@/components/view-states";
import { ApiError } from "@/lib/api";
import { lazyResolver } from "@/lib/lazy-resolver";
import { showServerErrors } from "@/lib/server-errors";
import { cn } from "@/lib/utils";
import {
  bookCall,
  bookingKeys,
  cancelCall,
  readBookingLink,
  rescheduleCall,
  useSlots,
} from "./api";
import { SlotPicker } from "./slot-picker";

const noChanges = () => () => {};

let visitorZone: string | undefined;
/**
 * The visitor's own zone, as the browser knows it; asked once, as each ask makes a formatter and
 * the calendar asks at every render.
 */
const detectedZone = () =>
  (visitorZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC");

/** The zone list: the browser's zones, with the visitor's and the agency's surely in it. */
function zoneList(...zones: string[]): string[] {
  const all =
    typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return [...new Set([...zones, ...all])].sort();
}

function ZonePicker({ value, onChange }: { value: string; onChange: (zone: string) => void }) {
  const id = useId();
  // The zone shown, and the whole list (some 420 zones) once the visitor reaches for it: made
  // and hydrated with the calendar, the list was a good part of the page's start on a phone.
  const [listed, setListed] = useState(false);
  const list = () => setListed(true);
  const zones = useMemo(
    () => (listed ? zoneList(value, detectedZone()) : [value]),
    [listed, value],
  );
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium text-foreground">
        Times shown in
      </label>
      <select
        id={id}
        className={cn(fieldClasses, "h-11")}
        value={value}
        onFocus={list}
        onPointerDown={list}
        onChange={(event) => onChange(event.target.value)}
      >
        {zones.map((zone) => (
          <option key={zone} value={zone}>
            {zone.replaceAll("_", " ")}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The slots, for a visitor's zone, with the agency's zone stated. */
function useZoneAndSlots() {
  const [chosen, setZone] = useState<string | null>(null);
  // The browser's zone; the prerendered HTML (and the hydration that takes it over) says UTC.
  const detected = useSyncExternalStore(noChanges, detectedZone, () => "UTC");
  const zone = chosen ?? detected;
  const slots = useSlots(zone);
  return { zone, setZone, slots };
}

function AgencyZoneNote({ slots }: { slots: Slots }) {
  return (
    <p className="text-sm text-muted-foreground">
      Our hours are in {slots.agencyTimeZone.replaceAll("_", " ")} time. Each call lasts{" "}
      {slots.minutes} minutes.
    </p>
  );
}

type FormValues = Omit<BookingRequest, "website" | "formStartedAt">;

/** Choose a time, give a name, an email and a note, and book. */
export function BookView() {
  const prefix = useId();
  const { zone, setZone, slots } = useZoneAndSlots();
  const queryClient = useQueryClient();
  const traps = useSpamTraps();
  const [booked, setBooked] = useState<(BookingReceipt & { email: string }) | null>(null);
  const [taken, setTaken] = useState<string | null>(null);
  const confirmation = useRef<HTMLHeadingElement>(null);
  // zod and the schema come when the form is first used (focus), not with the page.
  const [validation] = useState(() =>
    lazyResolver<FormValues, FormValues>(() =>
      import("./resolvers").then((m) => m.bookingResolver),
    ),
  );
  const form = useForm<FormValues>({
    resolver: validation.resolver,
    defaultValues: { startsAt: "", timeZone: zone, name: "", email: "", note: "" },
  });
  useEffect(() => form.setValue("timeZone", zone), [form, zone]);
  useEffect(() => {
    if (booked) confirmation.current?.focus();
  }, [booked]);
  const { errors, isSubmitting } = form.formState;
  const chosen = useWatch({ control: form.control, name: "startsAt" });

  const onSubmit = form.handleSubmit(async (values) => {
    setTaken(null);
    try {
      const receipt = await bookCall({ ...values, timeZone: zone, ...traps.read() });
      setBooked({ ...receipt, email: values.email });
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        const body = JSON.parse(error.body) as { message: string; slots?: string[] };
        if (body.slots && slots.data) {
          queryClient.setQueryData(bookingKeys.slots(zone), { ...slots.data, slots: body.slots });
        }
        form.setValue("startsAt", "");
        setTaken(body.message || SLOT_TAKEN_MESSAGE);
        return;
      }
      showServerErrors(error, form.setError, ["startsAt", "timeZone", "name", "email", "note"]);
    }
  });

  if (booked) {
    return (
      <div className="flex flex-col gap-3" role="status">
        <h2
          ref={confirmation}
          tabIndex={-1}
          className="flex items-center gap-2 text-2xl font-semibold"
        >
          <CheckCircle2 className="size-6 text-primary" aria-hidden="true" />
          Your call is booked
        </h2>
        <p>{formatSlotInWords(booked.startsAt, booked.timeZone)}.</p>
        <p className="text-muted-foreground">
          We emailed the invitation to {booked.email}. Its links move or cancel the call.
        </p>
      </div>
    );
  }

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      onFocus={validation.preload}
      aria-label="Book a Discovery Call"
      className="flex flex-col gap-8"
    >
      <section aria-labelledby={`${prefix}-when`} className="flex flex-col gap-4">
        <h2 id={`${prefix}-when`} className="text-xl font-semibold text-foreground">
          1. Choose a time
        </h2>
        <div className="grid gap-3 sm:grid-cols-[minmax(0,20rem)_1fr] sm:items-end">
          <ZonePicker value={zone} onChange={setZone} />
          {slots.data && <AgencyZoneNote slots={slots.data} />}
        </div>
        {taken && (
          <p
            role="alert"
            className="rounded-lg border border-destructive p-3 text-sm font-medium text-destructive"
          >
            {taken}
          </p>
        )}
        {slots.isPending ? (
          <LoadingState label="Loading open times..." />
        ) : slots.isError ? (
          <LoadError what="the open times" onRetry={() => void slots.refetch()} />
        ) : (
          <SlotPicker
            slots={slots.data.slots}
            timeZone={zone}
            value={chosen}
            onChange={(slot) => form.setValue("startsAt", slot, { shouldValidate: true })}
            error={errors.startsAt?.message}
          />
        )}
      </section>
      <section aria-labelledby={`${prefix}-who`} className="flex flex-col gap-4">
        <h2 id={`${prefix}-who`} className="text-xl font-semibold text-foreground">
          2. Tell us who you are
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id={`${prefix}-name`} label="Name" required error={errors.name?.message}>
            {(control) => <Input {...control} autoComplete="name" {...form.register("name")} />}
          </FormField>
          <FormField id={`${prefix}-email`} label="Email" required error={errors.email?.message}>
            {(control) => (
              <Input {...control} type="email" autoComplete="email" {...form.register("email")} />
            )}
          </FormField>
        </div>
        <FormField
          id={`${prefix}-note`}
          label="Anything we should know?"
          hint={`Optional, at most ${NOTE_MAX.toLocaleString("en-US")} characters.`}
          error={errors.note?.message}
        >
          {(control) => <Textarea {...control} {...form.register("note")} />}
        </FormField>
        <HoneypotField id={`${prefix}-website`} inputRef={traps.honeypot} />
      </section>
      {errors.root?.server && (
        <p role="alert" className="text-sm text-destructive">
          {errors.root.server.message}
        </p>
      )}
      <Button
        type="submit"
        size="lg"
        className="self-start"
        aria-disabled={isSubmitting || undefined}
      >
        {isSubmitting && <Loader2 className="animate-spin" aria-hidden="true" />}
        Book the call
      </Button>
    </form>
  );
}

/** A reschedule link: the call's current time, then a new one to choose. */
export function RescheduleView({ token }: { token: string }) {
  const { zone, setZone, slots } = useZoneAndSlots();
  const [current, setCurrent] = useState<BookingReceipt | null>(null);
  const [chosen, setChosen] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const [moved, setMoved] = useState<BookingReceipt | null>(null);
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  useEffect(() => {
    readBookingLink(token, "reschedule").then(setCurrent, (error: unknown) =>
      setProblem(messageOf(error)),
    );
  }, [token]);
  if (moved) {
    return (
      <div role="status" className="flex flex-col gap-2">
        <h2 className="text-2xl font-semibold">Your call is moved</h2>
        <p>{formatSlotInWords(moved.startsAt, moved.timeZone)}. A new invitation is on its way.</p>
      </div>
    );
  }
  const submit = async () => {
    if (!chosen) return setProblem("Choose a time from the list");
    setBusy(true);
    try {
      setMoved(await rescheduleCall({ token, startsAt: chosen, timeZone: zone }));
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        const body = JSON.parse(error.body) as { message: string; slots?: string[] };
        if (body.slots && slots.data) {
          queryClient.setQueryData(bookingKeys.slots(zone), { ...slots.data, slots: body.slots });
        }
      }
      setChosen(undefined);
      setProblem(messageOf(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-col gap-6">
      <h2 className="text-xl font-semibold">Move your call</h2>
      {current && <p>Your call is now on {formatSlotInWords(current.startsAt, zone)}.</p>}
      {problem && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {problem}
        </p>
      )}
      <div className="grid gap-3 sm:grid-cols-[minmax(0,20rem)_1fr] sm:items-end">
        <ZonePicker value={zone} onChange={setZone} />
        {slots.data && <AgencyZoneNote slots={slots.data} />}
      </div>
      {slots.data && (
        <SlotPicker slots={slots.data.slots} timeZone={zone} value={chosen} onChange={setChosen} />
      )}
      <Button
        type="button"
        size="lg"
        className="self-start"
        onClick={() => void submit()}
        aria-disabled={busy || undefined}
      >
        Move the call
      </Button>
    </div>
  );
}

/** A cancel link: the call's time, and one button to cancel it. */
export function CancelView({ token }: { token: string }) {
  const [current, setCurrent] = useState<BookingReceipt | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [cancelled, setCancelled] = useState(false);
  const zone = detectedZone();
  useEffect(() => {
    readBookingLink(token, "cancel").then(setCurrent, (error: unknown) =>
      setProblem(messageOf(error)),
    );
  }, [token]);
  if (cancelled) {
    return (
      <div role="status" className="flex flex-col gap-2">
        <h2 className="text-2xl font-semibold">Your call is cancelled</h2>
        <p>We emailed you the cancellation. You are welcome to book another time.</p>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <h2 className="text-xl font-semibold">Cancel your call</h2>
      {current && <p>Your call is on {formatSlotInWords(current.startsAt, zone)}.</p>}
      {problem && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {problem}
        </p>
      )}
      {current && (
        <Button
          type="button"
          variant="destructive"
          className="self-start"
          onClick={() =>
            void cancelCall({ token }).then(
              () => setCancelled(true),
              (error: unknown) => setProblem(messageOf(error)),
            )
          }
        >
          Cancel the call
        </Button>
      )}
    </div>
  );
}

function messageOf(error: unknown): string {
  if (error instanceof ApiError) {
    try {
      return (JSON.parse(error.body) as { message: string }).message;
    } catch {
      return error.message;
    }
  }
  return "Something went wrong: please try again";
}
