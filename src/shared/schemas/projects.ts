import { z } from "./zod";
import { contentHashField, optionalDate, optionalText, requiredText } from "./fields";

export const milestoneStatuses = ["upcoming", "in-progress", "waiting-on-client", "done"] as const;
export type MilestoneStatus = (typeof milestoneStatuses)[number];
export const projectStatuses = ["active", "launched", "cancelled"] as const;
export type ProjectStatus = (typeof projectStatuses)[number];

/** The client's answer to a milestone's approval request, with the record kept of it. */
export const milestoneApprovalSchema = z.object({
  decision: z.enum(["approved", "changes-requested"]),
  comment: z.string().nullable(),
  userEmail: z.string(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  contentHash: z.string(),
  createdAt: z.string(),
});
export type MilestoneApproval = z.infer<typeof milestoneApprovalSchema>;

export const milestoneSchema = z.object({
  id: z.uuid(),
  position: z.number().int(),
  name: z.string(),
  status: z.enum(milestoneStatuses),
  dueDate: z.string().nullable(),
  notes: z.string().nullable(),
  /** Set while staff ask the client to approve it; the latest answer, if any, follows. */
  approvalRequestedAt: z.string().nullable(),
  /** Answers to approval requests, newest first. */
  approvals: z.array(milestoneApprovalSchema),
  /** SHA-256 of the milestone as shown: what an approval records. */
  contentHash: z.string(),
});
export type Milestone = z.infer<typeof milestoneSchema>;

export const projectUpdateSchema = z.object({
  id: z.uuid(),
  body: z.string(),
  previewUrl: z.string().nullable(),
  authorName: z.string().nullable(),
  createdAt: z.string(),
});
export type ProjectUpdate = z.infer<typeof projectUpdateSchema>;

/** A project in a list: its current milestone is the first one not done. */
export const projectSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  status: z.enum(projectStatuses),
  companyId: z.uuid(),
  companyName: z.string(),
  proposalId: z.uuid().nullable(),
  websiteId: z.uuid().nullable(),
  currentMilestone: z.string().nullable(),
  milestonesDone: z.number().int(),
  milestonesTotal: z.number().int(),
  /** Time staff logged on the project, and what its proposal estimated (null: no estimate). */
  loggedMinutes: z.number().int(),
  estimatedMinutes: z.number().int().nullable(),
  createdAt: z.string(),
});
export type ProjectSummary = z.infer<typeof projectSummarySchema>;

export const projectDetailSchema = projectSummarySchema.extend({
  milestones: z.array(milestoneSchema),
  /** Newest first. */
  updates: z.array(projectUpdateSchema),
});
export type ProjectDetail = z.infer<typeof projectDetailSchema>;

/** Staff add or change a milestone. */
export const milestoneInputSchema = z.object({
  name: requiredText(
    "Name",
    2,
    100,
    "Name must be at least 2 characters",
    "Name must be at most 100 characters",
  ),
  status: z.enum(milestoneStatuses, { error: "Choose a milestone status" }),
  dueDate: optionalDate(),
  notes: optionalText(
    "Notes",
    5000,
    "Notes must be at most 5,000 characters",
    "paragraphs",
  ).transform((value) => value ?? null),
});
export type MilestoneInput = z.output<typeof milestoneInputSchema>;

/** Staff post an update: text, and a preview link if there is one. */
export const projectUpdateInputSchema = z.object({
  body: requiredText(
    "Update",
    2,
    5000,
    "Write at least 2 characters",
    "An update must be at most 5,000 characters",
    "paragraphs",
  ),
  previewUrl: optionalText("Preview link", 2048, "Preview link must be at most 2,048 characters")
    .pipe(z.url({ protocol: /^https?$/, error: "Use an http or https address" }).optional())
    .transform((value) => value ?? null),
});
export type ProjectUpdateInput = z.input<typeof projectUpdateInputSchema>;

/** The client answers an approval request. */
export const milestoneAnswerSchema = z
  .object({
    decision: z.enum(["approved", "changes-requested"], {
      error: "Choose Approve or Request changes",
    }),
    contentHash: contentHashField,
    comment: optionalText(
      "Comment",
      2000,
      "Comment must be at most 2,000 characters",
      "paragraphs",
    ),
  })
  .refine((value) => value.decision === "approved" || value.comment, {
    message: "Say what you would like changed",
    path: ["comment"],
  });
export type MilestoneAnswerInput = z.input<typeof milestoneAnswerSchema>;

/** The back office's pipeline: leads by stage with the proposal value, and clients' projects. */
export const pipelineStages = ["new", "contacted", "proposal-sent", "won", "lost"] as const;
export type PipelineStage = (typeof pipelineStages)[number];
/** The most leads a pipeline stage lists (its newest); its count and value cover them all. */
export const PIPELINE_STAGE_LEADS = 50;

export const pipelineSchema = z.object({
  stages: z.array(
    z.object({
      stage: z.enum(pipelineStages),
      /** The stage's newest leads, PIPELINE_STAGE_LEADS at most, newest first. */
      leads: z.array(
        z.object({
          id: z.uuid(),
          kind: z.enum(["contact", "application"]),
          name: z.string(),
          company: z.string().nullable(),
          reference: z.string(),
          companyId: z.uuid().nullable(),
          /** The latest proposal's value: one-off plus twelve months of monthly lines. */
          proposalValueCents: z.number().int(),
          createdAt: z.string(),
          /** The start of the lead's next Discovery Call still to come, if one is booked. */
          nextCallAt: z.string().nullable(),
        }),
      ),
      /** How many leads are at this stage; `leads` lists the newest of them. */
      leadCount: z.number().int(),
      /** Sum of the proposal values of every lead at this stage, in cents. */
      proposalValueCents: z.number().int(),
    }),
  ),
  projects: z.array(projectSummarySchema),
});
export type Pipeline = z.infer<typeof pipelineSchema>;
