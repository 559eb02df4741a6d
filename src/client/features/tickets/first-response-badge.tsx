import type { LucideIcon } from "lucide-react";
import { AlertTriangle, CheckCircle2, CircleSlash, Clock, Hourglass } from "lucide-react";
import { describeFirstResponse, type FirstResponse } from "@shared/first-response";
import { formatDateTime } from "@shared/format";
import { cn } from "@/lib/utils";

/** Under an hour to go: shown as urgent before it is late. */
const SOON_MINUTES = 60;

function look(clock: FirstResponse): { icon: LucideIcon; className: string } {
  switch (clock.state) {
    case "late":
      return { icon: AlertTriangle, className: "border-red-700 bg-red-700 text-white" };
    case "due":
      return (clock.minutes ?? 0) <= SOON_MINUTES
        ? { icon: Hourglass, className: "border-amber-300 bg-amber-50 text-amber-900" }
        : { icon: Clock, className: "border-ink-200 bg-ink-50 text-ink-700" };
    case "answered":
      return clock.onTime === false
        ? { icon: CheckCircle2, className: "border-amber-300 bg-amber-50 text-amber-900" }
        : { icon: CheckCircle2, className: "border-emerald-200 bg-emerald-50 text-emerald-900" };
    default:
      return { icon: CircleSlash, className: "border-ink-200 bg-ink-50 text-ink-700" };
  }
}

/**
 * Where a ticket stands against its first-response target: "2 h 10 min left", "Late by 35 min",
 * "Answered in 1 h 5 min". Late is a solid red badge with a warning icon and says so in words,
 * so it stands out without relying on colour.
 */
export function FirstResponseBadge({
  clock,
  className,
}: {
  clock: FirstResponse;
  className?: string;
}) {
  const { icon: Icon, className: tone } = look(clock);
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-semibold whitespace-nowrap",
        tone,
        className,
      )}
      title={clock.dueAt ? `First reply due ${formatDateTime(clock.dueAt)}` : undefined}
    >
      <Icon className="size-3.5 shrink-0" aria-hidden="true" />
      {describeFirstResponse(clock)}
    </span>
  );
}
