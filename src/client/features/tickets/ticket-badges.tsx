import { AlertOctagon, ArrowUp } from "lucide-react";
import { titleCase } from "@shared/format";
import { Pill, type Tone } from "@/components/pill";

const statusTones: Record<string, Tone> = {
  open: "blue",
  "in-progress": "violet",
  waiting: "amber",
  resolved: "green",
  closed: "neutral",
};

export function TicketStatusBadge({ status }: { status: string }) {
  return (
    <Pill tone={statusTones[status] ?? "neutral"} dot>
      {titleCase(status)}
    </Pill>
  );
}

/** Priority; high and urgent stand out (colour and an icon, so not by colour alone). */
export function TicketPriorityBadge({ priority }: { priority: string }) {
  const label = `${titleCase(priority)} priority`;
  if (priority === "urgent") {
    return (
      <span className="inline-flex items-center gap-1.5 rounded-full border border-red-700 bg-red-700 px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-white">
        <AlertOctagon className="size-3.5" aria-hidden="true" />
        {label}
      </span>
    );
  }
  if (priority === "high") {
    return (
      <Pill tone="red" icon={ArrowUp}>
        {label}
      </Pill>
    );
  }
  return <Pill tone="neutral">{label}</Pill>;
}
