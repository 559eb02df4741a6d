import { useRef, useState } from "react";
import { Link } from "wouter";
import { Globe, Plus } from "lucide-react";
import { backOfficePaths } from "@shared/deep-links";
import type { ClientDetail } from "@shared/schemas/clients";
import { formatDate, formatDateTime } from "@shared/format";
import { Panel } from "@/components/panel";
import { LoadingState, QueryError } from "@/components/view-states";
import { Button } from "@/components/ui/button";
import { useClientProjects, useStaffProject } from "./api";
import { ProjectProgress, ProjectStatusBadge, projectTimeText } from "./project-parts";
import { LaunchForm } from "./launch-form";
import { MilestoneForm } from "./milestone-form";
import { MilestoneRow } from "./milestone-row";
import { PostUpdateForm } from "./post-update-form";

function SubHeading({ children }: { children: string }) {
  return (
    <h4 className="mb-3 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
      {children}
    </h4>
  );
}

function StaffProject({ projectId }: { projectId: string }) {
  const { data: project, error, isPending, refetch } = useStaffProject(projectId);
  const [adding, setAdding] = useState(false);
  const addButton = useRef<HTMLButtonElement>(null);
  if (isPending) return <LoadingState label="Loading the project..." />;
  if (error) return <QueryError error={error} onRetry={() => void refetch()} />;

  return (
    <article aria-labelledby={`staff-project-${project.id}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3
            id={`staff-project-${project.id}`}
            className="font-sans text-base font-semibold break-words text-foreground"
          >
            {project.name}
          </h3>
          <div className="mt-1.5 flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
            <ProjectStatusBadge status={project.status} />
            <span>Started {formatDate(project.createdAt)}</span>
            <span>{projectTimeText(project)}</span>
            {project.proposalId && (
              <Link
                href={backOfficePaths.proposal(project.proposalId)}
                className="inline-flex min-h-6 items-center font-medium text-accent underline underline-offset-4"
              >
                Proposal
              </Link>
            )}
          </div>
        </div>
        <ProjectProgress
          done={project.milestonesDone}
          total={project.milestonesTotal}
          className="w-full sm:w-48"
        />
      </div>

      <div className="mt-5">
        <SubHeading>Milestones</SubHeading>
        <ol
          aria-label={`Milestones of ${project.name}`}
          className="flex flex-col divide-y divide-border rounded-xl border border-border"
        >
          {project.milestones.map((milestone, index) => (
            <li key={milestone.id} className="p-4">
              <MilestoneRow project={project} milestone={milestone} number={index + 1} />
            </li>
          ))}
        </ol>
        <div className="mt-3">
          {adding ? (
            <MilestoneForm
              project={project}
              onDone={() => {
                setAdding(false);
                requestAnimationFrame(() => addButton.current?.focus());
              }}
            />
          ) : (
            <Button ref={addButton} variant="outline" size="sm" onClick={() => setAdding(true)}>
              <Plus aria-hidden="true" />
              Add milestone
            </Button>
          )}
        </div>
      </div>

      <div className="mt-6 grid gap-6 xl:grid-cols-2">
        <div className="min-w-0">
          <SubHeading>Post an update</SubHeading>
          <PostUpdateForm project={project} />
        </div>
        <div className="min-w-0">
          <SubHeading>Updates</SubHeading>
          {project.updates.length === 0 ? (
            <p className="text-sm text-muted-foreground">No updates yet.</p>
          ) : (
            <ol className="flex flex-col gap-3">
              {project.updates.map((update) => (
                <li key={update.id} className="rounded-xl border border-border p-3 text-sm">
                  <p className="break-words whitespace-pre-line text-foreground">{update.body}</p>
                  {update.previewUrl && (
                    <a
                      href={update.previewUrl}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="mt-1 inline-flex min-h-6 items-center font-medium break-all text-accent underline underline-offset-4"
                    >
                      {update.previewUrl}
                    </a>
                  )}
                  <p className="mt-1 text-xs text-muted-foreground">
                    {formatDateTime(update.createdAt)}
                    {update.authorName && <> · {update.authorName}</>}
                  </p>
                </li>
              ))}
            </ol>
          )}
        </div>
      </div>

      <div className="mt-6">
        <SubHeading>Launch</SubHeading>
        {project.websiteId ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Globe className="size-4 text-accent" aria-hidden="true" />
            The website is created: it is listed under this client&apos;s websites.
          </p>
        ) : (
          <LaunchForm project={project} />
        )}
      </div>
    </article>
  );
}

/** A client's projects in the back office: milestones, approvals, updates and launch. */
export function ProjectsPanel({ client }: { client: ClientDetail }) {
  const { data: projects, error, isPending, refetch } = useClientProjects(client.company.id);
  return (
    <Panel
      title={`Projects${projects ? ` (${projects.length})` : ""}`}
      description="What the client follows in their portal's Projects tab."
      headingId="client-projects"
    >
      {isPending ? (
        <LoadingState label="Loading the projects..." />
      ) : error ? (
        <QueryError
          error={error}
          onRetry={() => void refetch()}
          notFound="This client's projects could not be found."
        />
      ) : projects.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No projects yet. A project opens when the client accepts a proposal.
        </p>
      ) : (
        <ul className="flex flex-col gap-8">
          {projects.map((project) => (
            <li key={project.id}>
              <StaffProject projectId={project.id} />
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
