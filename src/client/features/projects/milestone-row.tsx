import { useRef, useState } from "react";
import { CalendarDays, Hand, Pencil } from "lucide-react";
import type { Milestone, ProjectDetail } from "@shared/schemas/projects";
import { formatCalendarDate, formatDate } from "@shared/format";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { errorMessage } from "@/lib/server-errors";
import { useRequestApproval } from "./api";
import { ApprovalRecords, awaitingApproval, MilestoneStatusBadge } from "./project-parts";
import { MilestoneForm } from "./milestone-form";

/** One milestone; `number` counts from 1 in the list, as people count steps. */
export function MilestoneRow({
  project,
  milestone,
  number,
}: {
  project: ProjectDetail;
  milestone: Milestone;
  number: number;
}) {
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const requestApproval = useRequestApproval(project.id);
  const awaiting = awaitingApproval(milestone);

  if (editing) {
    return (
      <MilestoneForm
        project={project}
        milestone={milestone}
        onDone={() => {
          setEditing(false);
          requestAnimationFrame(() => editButton.current?.focus());
        }}
      />
    );
  }

  const ask = () =>
    requestApproval.mutateAsync(milestone.id).then(
      () =>
        toast({
          title: "Approval asked",
          description: `${project.companyName} is emailed and sees it in their portal.`,
        }),
      (error: unknown) =>
        toast({
          variant: "destructive",
          title: "Approval was not asked",
          description: errorMessage(error),
        }),
    );

  return (
    <div>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h4 className="font-sans text-sm font-semibold break-words text-foreground">
              {number}. {milestone.name}
            </h4>
            <MilestoneStatusBadge status={milestone.status} reader="staff" />
          </div>
          {milestone.dueDate && (
            <p className="mt-1 flex items-center gap-1.5 text-xs text-muted-foreground">
              <CalendarDays className="size-3.5" aria-hidden="true" />
              Due {formatCalendarDate(milestone.dueDate)}
            </p>
          )}
        </div>
        <div className="flex shrink-0 flex-wrap gap-1">
          <Button
            ref={editButton}
            variant="ghost"
            size="sm"
            onClick={() => setEditing(true)}
            aria-label={`Edit ${milestone.name}`}
          >
            <Pencil aria-hidden="true" />
            Edit
          </Button>
          {milestone.status !== "done" && !awaiting && (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => void ask()}
              aria-disabled={requestApproval.isPending || undefined}
              aria-label={`Ask for approval of ${milestone.name}`}
            >
              <Hand aria-hidden="true" />
              Ask for approval
            </Button>
          )}
        </div>
      </div>
      {milestone.notes && (
        <p className="mt-2 text-sm break-words whitespace-pre-line text-foreground/90">
          <span className="sr-only">Notes the client reads: </span>
          {milestone.notes}
        </p>
      )}
      {awaiting && milestone.approvalRequestedAt && (
        <p className="mt-2 text-xs font-medium text-amber-900">
          Approval asked on {formatDate(milestone.approvalRequestedAt)}: waiting for the client.
        </p>
      )}
      <ApprovalRecords milestone={milestone} />
    </div>
  );
}
