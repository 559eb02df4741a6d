import { ArrowRight, FolderKanban } from "lucide-react";
import type { ProjectSummary } from "@shared/schemas/projects";
import { Button } from "@/components/ui/button";
import { useProject, useProjects } from "./api";
import {
  currentMilestone,
  currentMilestoneLabel,
  MilestoneStatusBadge,
  ProjectProgress,
} from "./project-parts";

/**
 * "Your project": the dashboard's first view for a client with a build in progress: where it
 * is, how far along, and the latest word from the team; one card per active project, none
 * without.
 */
export function YourProjectCard({ onView }: { onView: () => void }) {
  const { data: projects } = useProjects();
  const active = projects?.filter((project) => project.status === "active") ?? [];
  return active.map((project) => (
    <ActiveProject key={project.id} summary={project} onView={onView} />
  ));
}

/** A line of the card still on its way: its height kept, so nothing below moves when it comes. */
const pendingLine = (width: string) => (
  <span
    aria-hidden="true"
    className={`mt-2 block h-5 ${width} max-w-full animate-pulse rounded-full bg-white/10 motion-reduce:animate-none`}
  />
);

function ActiveProject({ summary, onView }: { summary: ProjectSummary; onView: () => void }) {
  const { data: detail } = useProject(summary.id);
  // The list's summary draws the card at once; the milestone and the update fill in after.
  const project = detail ?? summary;
  const current = detail && currentMilestone(detail.milestones);
  const latest = detail?.updates[0]?.body.split("\n").find((line) => line.trim());

  return (
    <section
      aria-labelledby={`your-project-${project.id}`}
      className="theme-dark mt-6 overflow-hidden rounded-2xl border border-gold-500/30 bg-ink-950 p-5 text-ink-50 shadow-[0_18px_40px_-24px_rgb(0_0_0/0.5)] sm:mt-8 sm:p-8"
    >
      <div className="flex flex-col gap-6 lg:flex-row lg:items-center lg:justify-between">
        <div className="flex min-w-0 items-start gap-4">
          <span className="hidden size-12 shrink-0 items-center justify-center rounded-xl bg-gold-500 text-ink-950 sm:inline-flex">
            <FolderKanban className="size-6" aria-hidden="true" />
          </span>
          <div className="min-w-0">
            <p className="text-xs font-semibold tracking-wide text-gold-400 uppercase">
              Your project
            </p>
            <h2
              id={`your-project-${project.id}`}
              className="mt-1 font-sans text-xl font-semibold break-words text-ink-50 sm:text-2xl"
            >
              {project.name}
            </h2>
            {!detail && pendingLine("w-48")}
            {current && (
              <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-ink-200">
                {currentMilestoneLabel(current)}:{" "}
                <span className="font-medium text-ink-50">{current.name}</span>
                <MilestoneStatusBadge status={current.status} reader="client" />
              </p>
            )}
            {!detail && pendingLine("w-72")}
            {latest && (
              <p className="mt-2 line-clamp-2 text-sm break-words text-ink-300">
                Latest update: {latest}
              </p>
            )}
          </div>
        </div>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end lg:flex-col lg:items-stretch">
          <ProjectProgress
            done={project.milestonesDone}
            total={project.milestonesTotal}
            dark
            className="sm:w-64"
          />
          <Button onClick={onView} className="self-start lg:self-stretch">
            View project
            <ArrowRight aria-hidden="true" />
          </Button>
        </div>
      </div>
    </section>
  );
}
