import type {
  Milestone,
  MilestoneStatus,
  ProjectStatus,
  ProjectSummary,
} from "@shared/schemas/projects";
import { formatDate, formatWorkTime } from "@shared/format";
import { Pill, type Tone } from "@/components/pill";
import { cn } from "@/lib/utils";

/*
 * What the portal and the back office both show of a project: status badges, its progress and
 * where an approval request stands.
 */

const milestoneTones: Record<MilestoneStatus, Tone> = {
  upcoming: "neutral",
  "in-progress": "blue",
  "waiting-on-client": "amber",
  done: "green",
};

/** The client reads "Waiting on you"; staff read "Waiting on client". */
export function milestoneStatusLabel(status: MilestoneStatus, reader: "client" | "staff"): string {
  switch (status) {
    case "upcoming":
      return "Upcoming";
    case "in-progress":
      return "In progress";
    case "waiting-on-client":
      return reader === "client" ? "Waiting on you" : "Waiting on client";
    case "done":
      return "Done";
  }
}

export function MilestoneStatusBadge({
  status,
  reader,
}: {
  status: MilestoneStatus;
  reader: "client" | "staff";
}) {
  return (
    <Pill tone={milestoneTones[status]} dot>
      {milestoneStatusLabel(status, reader)}
    </Pill>
  );
}

const projectTones: Record<ProjectStatus, Tone> = {
  active: "blue",
  launched: "green",
  cancelled: "neutral",
};
const projectLabels: Record<ProjectStatus, string> = {
  active: "In progress",
  launched: "Launched",
  cancelled: "Cancelled",
};

export function ProjectStatusBadge({ status }: { status: ProjectStatus }) {
  return (
    <Pill tone={projectTones[status]} dot>
      {projectLabels[status]}
    </Pill>
  );
}

/** "2 of 3 milestones done" with a bar; the bar is a progressbar for screen readers. */
export function ProjectProgress({
  done,
  total,
  className,
  dark = false,
}: {
  done: number;
  total: number;
  className?: string;
  dark?: boolean;
}) {
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;
  const label = `${done} of ${total} ${total === 1 ? "milestone" : "milestones"} done`;
  return (
    <div className={cn("min-w-0", className)}>
      <p className={cn("text-sm font-medium", dark ? "text-ink-200" : "text-muted-foreground")}>
        {label}
      </p>
      <div
        role="progressbar"
        aria-label="Project progress"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={label}
        className={cn("mt-2 h-2 overflow-hidden rounded-full", dark ? "bg-white/15" : "bg-muted")}
      >
        <div className="h-full rounded-full bg-gold-500" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

/** Approval is asked and no answer came after the request. */
export function awaitingApproval(milestone: Milestone): boolean {
  if (!milestone.approvalRequestedAt) return false;
  const latest = milestone.approvals[0];
  return !latest || latest.createdAt < milestone.approvalRequestedAt;
}

/** The answers recorded: "Approved by x on date", or changes requested with the comment. */
export function ApprovalRecords({ milestone }: { milestone: Milestone }) {
  if (milestone.approvals.length === 0) return null;
  return (
    <ul className="mt-3 flex flex-col gap-2">
      {milestone.approvals.map((approval) => (
        <li
          key={approval.createdAt}
          className={cn(
            "rounded-xl border px-3 py-2 text-sm",
            approval.decision === "approved"
              ? "border-emerald-200 bg-emerald-50 text-emerald-900"
              : "border-amber-300 bg-amber-50 text-amber-900",
          )}
        >
          <p className="font-medium break-words">
            {approval.decision === "approved" ? "Approved" : "Changes requested"} by{" "}
            {approval.userEmail} on{" "}
            <time dateTime={approval.createdAt}>{formatDate(approval.createdAt)}</time>
          </p>
          {approval.comment && (
            <p className="mt-1 break-words whitespace-pre-line">{approval.comment}</p>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The first milestone not done: what the project is at. */
export function currentMilestone(milestones: Milestone[]): Milestone | undefined {
  return milestones.find((milestone) => milestone.status !== "done");
}

/** "Now" for the milestone under way, "Next" for one not started: never "Now: … Upcoming". */
export const currentMilestoneLabel = (milestone: Pick<Milestone, "status">) =>
  milestone.status === "upcoming" ? "Next" : "Now";

/**
 * "6 hr 30 min of 40 hr estimated", or "6 hr 30 min logged" when the proposal estimated no hours
 * (server/hours/estimates.ts says what counts as an estimate).
 */
export function projectTimeText(
  project: Pick<ProjectSummary, "loggedMinutes" | "estimatedMinutes">,
): string {
  return project.estimatedMinutes === null
    ? `${formatWorkTime(project.loggedMinutes)} logged, no estimate`
    : `${formatWorkTime(project.loggedMinutes)} of ${formatWorkTime(project.estimatedMinutes)} estimated`;
}
