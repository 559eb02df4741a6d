import { SelectControl } from "@/components/select-control";
import { useEffect, useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Link } from "wouter";
import { CalendarDays, Globe, Hand, Pencil, Plus, Rocket, Send } from "lucide-react";
import { footerServices } from "@content/site";
import type { ClientDetail } from "@shared/schemas/clients";
import {
  milestoneInputSchema,
  milestoneStatuses,
  projectUpdateInputSchema,
  type Milestone,
  type ProjectDetail,
} from "@shared/schemas/projects";
import { websiteInputSchema } from "@shared/schemas/websites";
import { z } from "@shared/schemas/zod";
import { optionalDate } from "@shared/schemas/fields";
import { Field, fieldAria } from "@/components/form-field";
import { formatCalendarDate, formatDate, formatDateTime, toDateInput } from "@/components/format";
import { LoadingState, Panel, QueryError } from "@/components/parts";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { errorMessage, showServerErrors } from "@/lib/server-errors";
import {
  useAddMilestone,
  useClientProjects,
  useLaunchWebsite,
  usePostUpdate,
  useProposedPlan,
  useRequestApproval,
  useSaveMilestone,
  useStaffProject,
} from "./api";
import {
  ApprovalRecords,
  awaitingApproval,
  milestoneStatusLabel,
  MilestoneStatusBadge,
  ProjectProgress,
  ProjectStatusBadge,
} from "./project-parts";

/** The milestone form's text fields, checked by the shared schema (an empty date is none). */
const milestoneFormSchema = z.object({
  name: milestoneInputSchema.shape.name,
  status: milestoneInputSchema.shape.status,
  dueDate: z.union([z.literal("").transform(() => null), optionalDate()]),
  notes: milestoneInputSchema.shape.notes,
});
type MilestoneFormValues = z.input<typeof milestoneFormSchema>;
type MilestoneFormOutput = z.output<typeof milestoneFormSchema>;
const milestoneFields = ["name", "status", "dueDate", "notes"];

/** Add a milestone (no `milestone`) or change one: name, status, due date, notes. */
function MilestoneForm({
  project,
  milestone,
  onDone,
}: {
  project: ProjectDetail;
  milestone?: Milestone;
  onDone: () => void;
}) {
  const prefix = useId();
  const id = (name: string) => `${prefix}-${name}`;
  const add = useAddMilestone(project.id);
  const save = useSaveMilestone(project.id);
  const pending = add.isPending || save.isPending;
  const form = useForm<MilestoneFormValues, unknown, MilestoneFormOutput>({
    resolver: zodResolver(milestoneFormSchema),
    defaultValues: {
      name: milestone?.name ?? "",
      status: milestone?.status ?? "upcoming",
      dueDate: toDateInput(milestone?.dueDate ?? null),
      notes: milestone?.notes ?? "",
    },
  });
  const { errors } = form.formState;
  const title = milestone ? `Edit ${milestone.name}` : "Add a milestone";

  const onSubmit = form.handleSubmit(async (values) => {
    if (pending) return;
    // The API takes notes as text; empty text is none.
    const input = { ...values, notes: values.notes ?? "" };
    try {
      if (milestone) await save.mutateAsync({ ...input, id: milestone.id });
      else await add.mutateAsync(input);
      toast({ title: milestone ? "Milestone saved" : "Milestone added" });
      onDone();
    } catch (error) {
      showServerErrors(error, form.setError, milestoneFields);
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={title}
      className="rounded-xl border border-gold-300 bg-gold-50/50 p-4"
    >
      <p className="mb-4 text-sm font-semibold text-foreground">{title}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={id("name")} label="Name" error={errors.name?.message}>
          <Input
            {...fieldAria(id("name"), errors.name?.message)}
            {...form.register("name")}
            maxLength={100}
            autoComplete="off"
          />
        </Field>
        <Field id={id("status")} label="Status" error={errors.status?.message}>
          <SelectControl
            control={form.control}
            name="status"
            options={milestoneStatuses.map((status) => ({
              value: status,
              label: milestoneStatusLabel(status, "staff"),
            }))}
            aria={fieldAria(id("status"), errors.status?.message)}
          />
        </Field>
        <Field id={id("due")} label="Due date" error={errors.dueDate?.message}>
          <Input
            {...fieldAria(id("due"), errors.dueDate?.message)}
            {...form.register("dueDate")}
            type="date"
          />
        </Field>
        <Field
          id={id("notes")}
          label="Notes"
          hint="The client reads these notes in their portal."
          error={errors.notes?.message}
          className="sm:col-span-2"
        >
          <Textarea
            {...fieldAria(id("notes"), errors.notes?.message, true)}
            {...form.register("notes")}
            rows={3}
            maxLength={5000}
          />
        </Field>
      </div>
      {errors.root?.server && (
        <p role="alert" className="mt-4 text-sm text-destructive">
          {errors.root.server.message}
        </p>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        <Button type="submit" aria-disabled={pending || undefined}>
          {pending ? "Saving..." : milestone ? "Save milestone" : "Add milestone"}
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** One milestone; `number` counts from 1 in the list, as people count steps. */
function MilestoneRow({
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

type UpdateFormValues = z.input<typeof projectUpdateInputSchema>;
type UpdateFormOutput = z.output<typeof projectUpdateInputSchema>;

/** Post an update: every member of the client is emailed it. */
function PostUpdateForm({ project }: { project: ProjectDetail }) {
  const prefix = useId();
  const post = usePostUpdate(project.id);
  const form = useForm<UpdateFormValues, unknown, UpdateFormOutput>({
    resolver: zodResolver(projectUpdateInputSchema),
    defaultValues: { body: "", previewUrl: "" },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    if (post.isPending) return;
    try {
      await post.mutateAsync({ body: values.body, previewUrl: values.previewUrl ?? undefined });
      toast({ title: "Update posted", description: `${project.companyName} is emailed it.` });
      form.reset();
    } catch (error) {
      showServerErrors(error, form.setError, ["body", "previewUrl"]);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={`Post an update on ${project.name}`}>
      <div className="grid gap-4">
        <Field
          id={`${prefix}-body`}
          label="Update"
          hint="The client reads it in their portal and gets it by email."
          error={errors.body?.message}
        >
          <Textarea
            {...fieldAria(`${prefix}-body`, errors.body?.message, true)}
            {...form.register("body")}
            rows={3}
            maxLength={5000}
          />
        </Field>
        <Field
          id={`${prefix}-preview`}
          label="Preview link (optional)"
          error={errors.previewUrl?.message}
        >
          <Input
            {...fieldAria(`${prefix}-preview`, errors.previewUrl?.message)}
            {...form.register("previewUrl")}
            type="url"
            inputMode="url"
            placeholder="https://preview.example.com"
            autoComplete="off"
          />
        </Field>
      </div>
      {errors.root?.server && (
        <p role="alert" className="mt-4 text-sm text-destructive">
          {errors.root.server.message}
        </p>
      )}
      <Button type="submit" className="mt-4" aria-disabled={post.isPending || undefined}>
        <Send aria-hidden="true" />
        {post.isPending ? "Posting..." : "Post update"}
      </Button>
    </form>
  );
}

const launchSchema = z.object({
  domain: websiteInputSchema.shape.domain,
  plan: websiteInputSchema.shape.plan,
});
const planSuggestions = footerServices.map((service) => service.label);

/** At launch: the client's website row, active, so hosting follows the build. */
function LaunchForm({ project }: { project: ProjectDetail }) {
  const prefix = useId();
  const launch = useLaunchWebsite(project.id, project.companyId);
  const form = useForm<z.input<typeof launchSchema>, unknown, z.output<typeof launchSchema>>({
    resolver: zodResolver(launchSchema),
    defaultValues: { domain: "", plan: "" },
  });
  const { errors } = form.formState;
  // The plan the client accepted in the proposal, unless staff already typed one.
  const proposedPlan = useProposedPlan(project.proposalId);
  const { getValues, setValue } = form;
  useEffect(() => {
    if (proposedPlan && !getValues("plan")) setValue("plan", proposedPlan);
  }, [proposedPlan, getValues, setValue]);
  const onSubmit = form.handleSubmit(async (values) => {
    if (launch.isPending) return;
    try {
      await launch.mutateAsync(values);
      toast({
        title: "Website created",
        description: `${values.domain} is active in ${project.companyName}'s portal.`,
      });
    } catch (error) {
      showServerErrors(error, form.setError, ["domain", "plan"]);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={`Create the website of ${project.name}`}>
      <p className="mb-3 text-sm text-muted-foreground">
        At launch, create the client&apos;s website (active): it shows under their websites and
        hosting follows the build.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${prefix}-domain`} label="Domain" error={errors.domain?.message}>
          <Input
            {...fieldAria(`${prefix}-domain`, errors.domain?.message)}
            {...form.register("domain")}
            placeholder="example.com"
            autoComplete="off"
            spellCheck={false}
          />
        </Field>
        <Field id={`${prefix}-plan`} label="Plan" error={errors.plan?.message}>
          <Input
            {...fieldAria(`${prefix}-plan`, errors.plan?.message)}
            {...form.register("plan")}
            list={`${prefix}-plans`}
            autoComplete="off"
          />
          <datalist id={`${prefix}-plans`}>
            {planSuggestions.map((plan) => (
              <option key={plan} value={plan} />
            ))}
          </datalist>
        </Field>
      </div>
      {errors.root?.server && (
        <p role="alert" className="mt-4 text-sm text-destructive">
          {errors.root.server.message}
        </p>
      )}
      <Button
        type="submit"
        variant="outline"
        className="mt-4"
        aria-disabled={launch.isPending || undefined}
      >
        <Rocket aria-hidden="true" />
        {launch.isPending ? "Creating..." : "Create website"}
      </Button>
    </form>
  );
}

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
            {project.proposalId && (
              <Link
                href={`/proposals/${project.proposalId}`}
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
