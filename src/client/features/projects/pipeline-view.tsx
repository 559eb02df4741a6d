import { Link } from "wouter";
import { CalendarClock } from "lucide-react";
import { brand } from "@content/site";
import { backOfficeLists, backOfficePaths } from "@shared/deep-links";
import type { Pipeline, PipelineStage } from "@shared/schemas/projects";
import { formatCount, formatDate, formatDateTime, formatMoney, formatNumber } from "@shared/format";
import { RowLink } from "@/components/data-table";
import { ListState, ListTable, ListView, type Column } from "@/components/list-view";
import { LeadKindBadge } from "@/components/status-badge";
import { cn } from "@/lib/utils";
import { usePipeline } from "./api";
import { ProjectStatusBadge, projectTimeText } from "./project-parts";

const stageLabels: Record<PipelineStage, string> = {
  new: "New",
  contacted: "Contacted",
  "proposal-sent": "Proposal sent",
  won: "Won",
  lost: "Lost",
};

const stageAccents: Record<PipelineStage, string> = {
  new: "bg-sky-500",
  contacted: "bg-violet-500",
  "proposal-sent": "bg-gold-500",
  won: "bg-emerald-500",
  lost: "bg-ink-400",
};

type Stage = Pipeline["stages"][number];

/** One stage of the pipeline: its count and value, and its newest leads as cards. */
export function StageColumn({ stage }: { stage: Stage }) {
  const headingId = `stage-${stage.stage}`;
  return (
    <section
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col rounded-2xl border border-border bg-sand/40 p-3"
    >
      <div className="px-1 pb-3">
        <div className="flex items-center gap-2">
          <span
            className={cn("size-2 rounded-full", stageAccents[stage.stage])}
            aria-hidden="true"
          />
          <h2 id={headingId} className="font-sans text-sm font-semibold text-foreground">
            {stageLabels[stage.stage]}
          </h2>
          <span className="ml-auto rounded-full bg-card px-2 py-0.5 text-xs font-semibold tabular-nums">
            {formatNumber(stage.leadCount)}
            <span className="sr-only"> {stage.leadCount === 1 ? "lead" : "leads"}</span>
          </span>
        </div>
        <p className="mt-1 text-xs text-muted-foreground">
          Proposal value{" "}
          <span className="font-semibold text-foreground tabular-nums">
            {formatMoney(stage.proposalValueCents)}
          </span>
        </p>
      </div>
      {stage.leads.length === 0 ? (
        <p className="px-1 pb-2 text-sm text-muted-foreground">No leads.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {stage.leads.map((lead) => (
            <li key={lead.id}>
              <Link
                href={backOfficePaths.lead(lead.kind, lead.id)}
                className="block rounded-xl border border-border bg-card p-3 shadow-[0_1px_2px_rgb(0_0_0/0.04)] transition-colors hover:border-gold-500 hover:bg-gold-50"
              >
                <span className="block text-sm font-semibold break-words text-foreground">
                  {lead.name}
                </span>
                {lead.company && (
                  <span className="block text-xs break-words text-muted-foreground">
                    {lead.company}
                  </span>
                )}
                <span className="mt-2 flex flex-wrap items-center justify-between gap-2">
                  <LeadKindBadge kind={lead.kind} />
                  {lead.proposalValueCents > 0 && (
                    <span className="text-xs font-semibold text-foreground tabular-nums">
                      {formatMoney(lead.proposalValueCents)}
                    </span>
                  )}
                </span>
                <span className="mt-1 block text-xs text-muted-foreground">
                  {lead.reference} · {formatDate(lead.createdAt)}
                </span>
                {lead.nextCallAt && (
                  <span className="mt-2 flex items-start gap-1.5 text-xs font-medium text-foreground">
                    <CalendarClock className="mt-px size-3.5 shrink-0" aria-hidden="true" />
                    <span>
                      Call booked:{" "}
                      <time dateTime={lead.nextCallAt}>
                        {formatDateTime(lead.nextCallAt, brand.timeZone)}
                      </time>
                    </span>
                  </span>
                )}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {stage.leadCount > stage.leads.length && (
        <p className="px-1 pt-3 text-xs text-muted-foreground">
          The newest {formatNumber(stage.leads.length)} of {formatNumber(stage.leadCount)}.{" "}
          <Link
            href={backOfficeLists.leads.path()}
            className="font-medium text-foreground underline underline-offset-2 hover:text-accent"
          >
            All leads
          </Link>
        </p>
      )}
    </section>
  );
}

const projectColumns: Column<Pipeline["projects"][number]>[] = [
  {
    header: "Client",
    main: true,
    cell: (project) => (
      <RowLink href={backOfficePaths.client(project.companyId)}>{project.companyName}</RowLink>
    ),
  },
  { header: "Project", className: "break-words", cell: (project) => project.name },
  {
    header: "Status",
    inline: true,
    cell: (project) => <ProjectStatusBadge status={project.status} />,
  },
  {
    header: "Current milestone",
    cell: (project) => project.currentMilestone ?? "All done",
  },
  {
    header: "Progress",
    className: "whitespace-nowrap tabular-nums",
    cell: (project) => `${project.milestonesDone}/${project.milestonesTotal} done`,
  },
  {
    header: "Time",
    className: "tabular-nums",
    cell: (project) => projectTimeText(project),
  },
];

/** /admin/pipeline: leads by stage with their proposal values, then every client's projects. */
export function PipelineView() {
  const pipeline = usePipeline();
  const total = pipeline.data?.stages.reduce((sum, stage) => sum + stage.leadCount, 0) ?? 0;

  return (
    <ListView
      title="Pipeline"
      description={
        pipeline.data
          ? `${formatCount(total, "lead", "leads")} by stage, with the value of their latest proposal (one-off plus twelve months).`
          : "Leads by stage, with the value of their latest proposal."
      }
    >
      <ListState query={pipeline} loading="Loading the pipeline...">
        {(data) => (
          <>
            <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-5">
              {data.stages.map((stage) => (
                <StageColumn key={stage.stage} stage={stage} />
              ))}
            </div>
            <h2 className="mt-10 mb-4 text-xl font-semibold tracking-tight text-foreground">
              Clients&apos; projects
            </h2>
            <ListTable
              caption="Clients' projects"
              columns={projectColumns}
              rows={data.projects}
              rowKey={(project) => project.id}
              empty={{
                title: "No projects yet",
                body: "A project opens when a client accepts a proposal.",
              }}
            />
          </>
        )}
      </ListState>
    </ListView>
  );
}
