import { useId, useState, type ReactNode } from "react";
import { Link } from "wouter";
import {
  CalendarDays,
  Check,
  ExternalLink,
  FolderKanban,
  Loader2,
  MessageSquare,
  Send,
} from "lucide-react";
import type { Milestone, ProjectDetail } from "@shared/schemas/projects";
import { Field, fieldAria } from "@/components/form-field";
import { formatCalendarDate, formatDateTime } from "@shared/format";
import { SectionHeader } from "@/components/view-header";
import { EmptyState, LoadError, LoadingCards } from "@/components/view-states";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { ApiError } from "@/lib/api";
import { errorMessage } from "@/lib/server-errors";
import { cn } from "@/lib/utils";
import { useAnswerMilestone, useProject, useProjects } from "./api";
import {
  ApprovalRecords,
  awaitingApproval,
  MilestoneStatusBadge,
  ProjectProgress,
  projectTimeText,
  ProjectStatusBadge,
} from "./project-parts";

/** "Your approval is needed": Approve, or Request changes with a comment (required). */
function ApprovalRequest({ projectId, milestone }: { projectId: string; milestone: Milestone }) {
  const id = useId();
  const answer = useAnswerMilestone(projectId, milestone.id);
  const [asking, setAsking] = useState(false);
  const [comment, setComment] = useState("");
  const [commentError, setCommentError] = useState<string>();
  const [failure, setFailure] = useState<string>();

  const send = (decision: "approved" | "changes-requested") => {
    if (answer.isPending) return;
    if (decision === "changes-requested" && !comment.trim()) {
      setCommentError("Say what you would like changed");
      document.getElementById(`${id}-comment`)?.focus();
      return;
    }
    setFailure(undefined);
    answer.mutate(
      {
        decision,
        contentHash: milestone.contentHash,
        comment: decision === "changes-requested" ? comment : undefined,
      },
      {
        onSuccess: () =>
          toast({
            title: decision === "approved" ? "Approved, thank you" : "Change request sent",
            description:
              decision === "approved"
                ? `We have recorded your approval of ${milestone.name}.`
                : "Our team reads it and comes back to you.",
          }),
        onError: (error) => {
          const fieldError = error instanceof ApiError ? error.fieldErrors?.comment : undefined;
          if (fieldError) setCommentError(fieldError);
          else setFailure(errorMessage(error));
        },
      },
    );
  };

  return (
    <div className="mt-4 rounded-xl border border-gold-500/50 bg-gold-50 p-4">
      <p className="font-semibold text-foreground">Your approval is needed</p>
      <p className="mt-1 text-sm text-muted-foreground">
        Approve {milestone.name} as described above, or tell us what you would like changed.
      </p>
      {failure && (
        <p role="alert" className="mt-3 text-sm font-medium text-destructive">
          {failure}
        </p>
      )}
      {asking ? (
        <form
          noValidate
          className="mt-4 flex flex-col gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            send("changes-requested");
          }}
        >
          <Field id={`${id}-comment`} label="What would you like changed?" error={commentError}>
            <Textarea
              {...fieldAria(`${id}-comment`, commentError)}
              rows={4}
              maxLength={2000}
              required
              value={comment}
              onChange={(event) => {
                setComment(event.target.value);
                if (commentError) setCommentError(undefined);
              }}
            />
          </Field>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" aria-disabled={answer.isPending || undefined}>
              {answer.isPending ? (
                <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
              ) : (
                <Send aria-hidden="true" />
              )}
              Send change request
            </Button>
            <Button type="button" variant="outline" onClick={() => setAsking(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <div className="mt-4 flex flex-wrap gap-2">
          <Button onClick={() => send("approved")} aria-disabled={answer.isPending || undefined}>
            {answer.isPending ? (
              <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
            ) : (
              <Check aria-hidden="true" />
            )}
            Approve<span className="sr-only"> {milestone.name}</span>
          </Button>
          <Button variant="outline" onClick={() => setAsking(true)}>
            <MessageSquare aria-hidden="true" />
            Request changes
          </Button>
        </div>
      )}
    </div>
  );
}

function Timeline({ project }: { project: ProjectDetail }) {
  return (
    <ol aria-label={`Milestones of ${project.name}`} className="flex flex-col">
      {project.milestones.map((milestone, index) => {
        const last = index === project.milestones.length - 1;
        const done = milestone.status === "done";
        return (
          <li key={milestone.id} className="relative flex gap-4 pb-6 last:pb-0">
            {!last && (
              <span
                aria-hidden="true"
                className={cn(
                  "absolute top-7 bottom-0 left-[13px] w-0.5",
                  done ? "bg-gold-500" : "bg-border",
                )}
              />
            )}
            <span
              aria-hidden="true"
              className={cn(
                "relative z-10 flex size-7 shrink-0 items-center justify-center rounded-full border-2 text-xs font-semibold",
                done
                  ? "border-gold-500 bg-gold-500 text-ink-950"
                  : milestone.status === "upcoming"
                    ? "border-border bg-card text-muted-foreground"
                    : "border-gold-500 bg-card text-gold-800",
              )}
            >
              {done ? <Check className="size-4" /> : index + 1}
            </span>
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
                <h4 className="font-sans text-base font-semibold break-words text-foreground">
                  {milestone.name}
                </h4>
                <MilestoneStatusBadge status={milestone.status} reader="client" />
              </div>
              {milestone.dueDate && (
                <p className="mt-1 flex items-center gap-1.5 text-sm text-muted-foreground">
                  <CalendarDays className="size-4" aria-hidden="true" />
                  {done ? "Was due" : "Due"}{" "}
                  <time dateTime={milestone.dueDate}>{formatCalendarDate(milestone.dueDate)}</time>
                </p>
              )}
              {milestone.notes && (
                <p className="mt-2 text-sm leading-relaxed break-words whitespace-pre-line text-foreground/90">
                  {milestone.notes}
                </p>
              )}
              {awaitingApproval(milestone) && (
                <ApprovalRequest projectId={project.id} milestone={milestone} />
              )}
              <ApprovalRecords milestone={milestone} />
            </div>
          </li>
        );
      })}
    </ol>
  );
}

function Updates({ project }: { project: ProjectDetail }) {
  if (project.updates.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        No updates yet. We post one here, and email you, as work moves along.
      </p>
    );
  }
  return (
    <ol className="flex flex-col gap-4">
      {project.updates.map((update) => (
        <li key={update.id} className="rounded-xl border border-border bg-paper p-4">
          <p className="text-sm leading-relaxed break-words whitespace-pre-line text-foreground">
            {update.body}
          </p>
          {update.previewUrl && (
            <a
              href={update.previewUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="mt-3 inline-flex min-h-6 items-center gap-1.5 text-sm font-medium text-accent underline underline-offset-4"
            >
              Open preview
              <span className="sr-only"> (opens in a new tab)</span>
              <ExternalLink className="size-4" aria-hidden="true" />
            </a>
          )}
          <p className="mt-2 text-xs text-muted-foreground">
            <time dateTime={update.createdAt}>{formatDateTime(update.createdAt)}</time>
            {update.authorName && <> · {update.authorName}</>}
          </p>
        </li>
      ))}
    </ol>
  );
}

function ProjectCard({ projectId }: { projectId: string }) {
  const { data: project, isPending, isError, refetch } = useProject(projectId);
  if (isPending) return <LoadingCards label="Loading your project..." count={1} columns={1} />;
  if (isError) return <LoadError what="this project" onRetry={() => void refetch()} />;
  const headingId = `project-${project.id}`;
  return (
    <Card className="p-5 sm:p-8">
      <article aria-labelledby={headingId}>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="flex min-w-0 items-start gap-4">
            <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-xl bg-ink-950 text-gold-400">
              <FolderKanban className="size-6" aria-hidden="true" />
            </span>
            <div className="min-w-0">
              <h3
                id={headingId}
                className="font-sans text-xl leading-snug font-semibold break-words text-foreground"
              >
                {project.name}
              </h3>
              <div className="mt-2 flex flex-wrap items-center gap-2">
                <ProjectStatusBadge status={project.status} />
                <span className="text-sm text-muted-foreground">
                  Time spent: {projectTimeText(project)}
                </span>
              </div>
            </div>
          </div>
          <ProjectProgress
            done={project.milestonesDone}
            total={project.milestonesTotal}
            className="sm:w-56"
          />
        </div>
        <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <section aria-label="Milestones">
            <h4 className="mb-4 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
              Milestones
            </h4>
            <Timeline project={project} />
          </section>
          <section aria-label="Updates">
            <h4 className="mb-4 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
              Updates
            </h4>
            <Updates project={project} />
          </section>
        </div>
      </article>
    </Card>
  );
}

/**
 * Projects: each project's milestones as a timeline, approvals asked of the client, and the
 * team's updates. `before` is what the page puts first (the client's proposals).
 */
export function ProjectsTab({ before }: { before?: ReactNode }) {
  const { data: projects, isPending, isError, refetch } = useProjects();

  return (
    <section aria-labelledby="projects-heading">
      <SectionHeader
        titleId="projects-heading"
        title="Projects"
        description="Your proposals, the milestones of every build and the latest from our team."
      />
      {before}
      {isPending ? (
        <LoadingCards label="Loading your projects..." count={1} columns={1} />
      ) : isError ? (
        <LoadError what="your projects" onRetry={() => void refetch()} />
      ) : projects.length === 0 ? (
        <EmptyState
          icon={FolderKanban}
          title="No projects yet"
          action={
            <Button asChild>
              <Link href="/apply">Start a project</Link>
            </Button>
          }
        >
          When you accept a proposal from us, your project starts here: each milestone with its due
          date, updates and previews from our team, and the sign-offs we ask of you. Tell us about
          your next website and we will send you a proposal.
        </EmptyState>
      ) : (
        <ul className="flex flex-col gap-6">
          {projects.map((project) => (
            <li key={project.id}>
              <ProjectCard projectId={project.id} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
