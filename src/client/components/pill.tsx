import type { ReactNode } from "react";
import type { LucideIcon } from "lucide-react";
import { cn } from "@/lib/utils";

export type Tone = "green" | "blue" | "amber" | "red" | "gold" | "neutral" | "violet";

const tones: Record<Tone, { pill: string; dot: string }> = {
  green: { pill: "border-emerald-200 bg-emerald-50 text-emerald-800", dot: "bg-emerald-500" },
  blue: { pill: "border-sky-200 bg-sky-50 text-sky-800", dot: "bg-sky-500" },
  amber: { pill: "border-amber-300 bg-amber-50 text-amber-900", dot: "bg-amber-500" },
  red: { pill: "border-red-200 bg-red-50 text-red-800", dot: "bg-red-500" },
  gold: { pill: "border-gold-500/40 bg-gold-500/10 text-gold-800", dot: "bg-gold-500" },
  violet: { pill: "border-violet-200 bg-violet-50 text-violet-800", dot: "bg-violet-500" },
  neutral: { pill: "border-foreground/15 bg-muted text-foreground", dot: "bg-ink-400" },
};

/** A small rounded label; `dot` adds a coloured dot before the text. */
export function Pill({
  tone,
  dot = false,
  icon: Icon,
  className,
  children,
}: {
  tone: Tone;
  dot?: boolean;
  icon?: LucideIcon;
  className?: string;
  children: ReactNode;
}) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap",
        tones[tone].pill,
        className,
      )}
    >
      {dot && <span className={cn("size-1.5 rounded-full", tones[tone].dot)} aria-hidden="true" />}
      {Icon && <Icon className="size-3.5" aria-hidden="true" />}
      {children}
    </span>
  );
}
