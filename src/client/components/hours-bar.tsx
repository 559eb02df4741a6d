import { formatWorkTime } from "@shared/format";
import { cn } from "@/lib/utils";

/** "3 hr 15 min of 5 hr included": a bar of hours used against included, amber once beyond. */
export function HoursBar({
  usedMinutes,
  includedMinutes,
  dark = false,
}: {
  usedMinutes: number;
  includedMinutes: number;
  dark?: boolean;
}) {
  const percent =
    includedMinutes > 0 ? Math.min(100, Math.round((usedMinutes / includedMinutes) * 100)) : 100;
  const beyond = usedMinutes - includedMinutes;
  const label = `${formatWorkTime(usedMinutes)} of ${formatWorkTime(includedMinutes)} included`;
  return (
    <div>
      <p className={cn("text-sm", dark ? "text-ink-100" : "text-foreground")}>
        <span className="font-semibold tabular-nums">{formatWorkTime(usedMinutes)}</span> of{" "}
        {formatWorkTime(includedMinutes)} included
        {beyond > 0 && (
          <span className={dark ? "text-gold-300" : "text-amber-800"}>
            {" "}
            · {formatWorkTime(beyond)} beyond
          </span>
        )}
      </p>
      <div
        role="progressbar"
        aria-label="Hours used"
        aria-valuemin={0}
        aria-valuemax={includedMinutes}
        aria-valuenow={Math.min(usedMinutes, includedMinutes)}
        aria-valuetext={label}
        className={cn("mt-2 h-2 overflow-hidden rounded-full", dark ? "bg-white/15" : "bg-muted")}
      >
        <div
          className={cn("h-full rounded-full", beyond > 0 ? "bg-amber-500" : "bg-gold-500")}
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
