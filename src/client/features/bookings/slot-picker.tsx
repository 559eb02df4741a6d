import { useState } from "react";
import { formatSlotDay, formatSlotInWords, formatSlotTime } from "@shared/format";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

/** The first days shown; the rest behind "Show more days". */
const FIRST_DAYS = 5;

/** Slots grouped by the day they fall on in the visitor's zone, in order. */
function byDay(slots: string[], timeZone: string): [string, string[]][] {
  const days = new Map<string, string[]>();
  for (const slot of slots) {
    const day = formatSlotDay(slot, timeZone);
    days.set(day, [...(days.get(day) ?? []), slot]);
  }
  return [...days];
}

/**
 * The open slots as radio buttons, a group per day in the visitor's time zone: Tab reaches the
 * group, the arrow keys move between times, and each time's name is the whole date and time in
 * words ("Monday, March 22, 2027 at 5:00 PM Central European Standard Time").
 */
export function SlotPicker({
  slots,
  timeZone,
  value,
  onChange,
  error,
}: {
  slots: string[];
  timeZone: string;
  value: string | undefined;
  onChange: (slot: string) => void;
  error?: string;
}) {
  const [shown, setShown] = useState(FIRST_DAYS);
  const days = byDay(slots, timeZone);
  if (days.length === 0) {
    return (
      <p className="rounded-xl border border-border p-4 text-sm text-muted-foreground">
        No times are open in the next 30 days. Please write to us instead.
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-5" aria-describedby={error ? "slot-error" : undefined}>
      {days.slice(0, shown).map(([day, times]) => (
        <fieldset key={day} className="min-w-0">
          <legend className="mb-2 text-sm font-semibold text-foreground">{day}</legend>
          <div className="grid grid-cols-3 gap-2 sm:grid-cols-4 lg:grid-cols-6">
            {times.map((slot) => {
              const checked = slot === value;
              return (
                <label
                  key={slot}
                  className={cn(
                    "flex min-h-11 cursor-pointer items-center justify-center rounded-lg border text-sm font-medium transition-colors",
                    "has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:focus-visible]:ring-offset-2",
                    checked
                      ? "border-primary bg-primary text-primary-foreground"
                      : "border-border bg-card text-foreground hover:border-primary",
                  )}
                >
                  <input
                    type="radio"
                    name="slot"
                    value={slot}
                    checked={checked}
                    onChange={() => onChange(slot)}
                    aria-label={formatSlotInWords(slot, timeZone)}
                    className="sr-only"
                  />
                  <span aria-hidden="true">{formatSlotTime(slot, timeZone)}</span>
                </label>
              );
            })}
          </div>
        </fieldset>
      ))}
      {shown < days.length && (
        <Button
          type="button"
          variant="outline"
          className="self-start"
          onClick={() => setShown((count) => count + FIRST_DAYS)}
        >
          Show more days
        </Button>
      )}
      {error && (
        <p id="slot-error" role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
