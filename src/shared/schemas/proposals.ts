import { z } from "./zod";
import { contentHashField, optionalText, requiredText, wholeNumber } from "./fields";

export const proposalStatuses = ["draft", "sent", "accepted", "declined"] as const;
export type ProposalStatus = (typeof proposalStatuses)[number];
export const lineBillings = ["one-off", "monthly"] as const;

/** The most a line's price or a proposal's total may be: $10,000,000.00. */
export const MAX_PRICE_CENTS = 1_000_000_000;

/** One line of a proposal, as staff write it: from the pricing catalogue or free. */
export const proposalLineSchema = z.object({
  description: requiredText(
    "Description",
    2,
    200,
    "Each line needs a description of at least 2 characters",
    "A line's description must be at most 200 characters",
  ),
  detail: optionalText("Detail", 100, "A line's detail must be at most 100 characters").transform(
    (value) => value ?? null,
  ),
  /** The pricing plan's id in the catalogue (website, app, hosting, maintenance), or null. */
  planId: optionalText("Plan", 40, "Plan must be at most 40 characters").transform(
    (value) => value ?? null,
  ),
  billing: z.enum(lineBillings, { error: "Choose one-off or monthly for each line" }),
  quantity: wholeNumber("Quantity", 1, 1000),
  unitPriceCents: wholeNumber("Price", 0, MAX_PRICE_CENTS),
});
export type ProposalLineInput = z.input<typeof proposalLineSchema>;
export type ProposalLine = z.output<typeof proposalLineSchema>;

/** What staff write: a draft version's content. The server works out totals and the plan. */
export const proposalDraftSchema = z.object({
  title: requiredText(
    "Title",
    3,
    200,
    "Title must be at least 3 characters",
    "Title must be at most 200 characters",
  ),
  scope: requiredText(
    "Scope",
    10,
    20_000,
    "Describe the scope in at least 10 characters",
    "Scope must be at most 20,000 characters",
    "paragraphs",
  ),
  lines: z
    .array(proposalLineSchema, { error: "Add at least one line" })
    .min(1, "Add at least one line")
    .max(50, "A proposal has at most 50 lines"),
  validUntil: z.iso.date({ error: "Use a date such as 2027-01-31" }),
});
export type ProposalDraftInput = z.input<typeof proposalDraftSchema>;
export type ProposalDraft = z.output<typeof proposalDraftSchema>;

/** A new proposal: for a lead (converted or not) or for a client company. */
export const newProposalSchema = proposalDraftSchema.extend({
  leadId: z.uuid({ error: "Not a lead id" }).optional(),
  companyId: z.uuid({ error: "Not a client id" }).optional(),
});
export type NewProposal = z.output<typeof newProposalSchema>;

/** The agency's terms a version carries, section by section (from the content when it is sent). */
export const proposalTermsSchema = z.array(
  z.object({ heading: z.string(), paragraphs: z.array(z.string()) }),
);
export type ProposalTerms = z.infer<typeof proposalTermsSchema>;

/** One version of a proposal as both sides read it: what is hashed when the client answers. */
export const proposalVersionSchema = z.object({
  id: z.uuid(),
  version: z.number().int(),
  title: z.string(),
  /** The scope in Markdown, as written. */
  scope: z.string(),
  /** The scope rendered to HTML on the server, with raw HTML and unsafe links refused. */
  scopeHtml: z.string(),
  lines: z.array(
    z.object({
      description: z.string(),
      detail: z.string().nullable(),
      planId: z.string().nullable(),
      billing: z.enum(lineBillings),
      quantity: z.number().int(),
      unitPriceCents: z.number().int(),
      amountCents: z.number().int(),
    }),
  ),
  oneOffCents: z.number().int(),
  monthlyCents: z.number().int(),
  depositCents: z.number().int(),
  midpointCents: z.number().int(),
  completionCents: z.number().int(),
  validUntil: z.string(),
  /**
   * The terms sent with this version, frozen with it; a draft shows the current ones. Empty for
   * a version sent before proposals carried terms.
   */
  terms: proposalTermsSchema,
  /** Null while a draft; a sent version is frozen. */
  sentAt: z.string().nullable(),
  /** SHA-256 (hex) of this version's content: what an acceptance records. */
  contentHash: z.string(),
});
export type ProposalVersion = z.infer<typeof proposalVersionSchema>;

/** The client's answer, with the record kept of it. */
export const proposalResponseSchema = z.object({
  decision: z.enum(["accepted", "declined"]),
  versionId: z.uuid(),
  signedName: z.string().nullable(),
  reason: z.string().nullable(),
  userEmail: z.string(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  contentHash: z.string(),
  createdAt: z.string(),
});
export type ProposalResponse = z.infer<typeof proposalResponseSchema>;

/** A proposal in a list (the client's, a lead's, a client's page, the pipeline). */
export const proposalSummarySchema = z.object({
  id: z.uuid(),
  title: z.string(),
  status: z.enum(proposalStatuses),
  leadId: z.uuid().nullable(),
  companyId: z.uuid().nullable(),
  /** The latest version's number and totals. */
  version: z.number().int(),
  oneOffCents: z.number().int(),
  monthlyCents: z.number().int(),
  validUntil: z.string(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ProposalSummary = z.infer<typeof proposalSummarySchema>;

/**
 * A proposal with its versions, newest first. The client sees only sent versions; staff see
 * the draft too. `response` answers the latest sent version, when the client has answered it.
 */
export const proposalDetailSchema = proposalSummarySchema.extend({
  companyName: z.string().nullable(),
  leadName: z.string().nullable(),
  versions: z.array(proposalVersionSchema),
  response: proposalResponseSchema.nullable(),
  /** The project acceptance opened, when there is one. */
  projectId: z.uuid().nullable(),
});
export type ProposalDetail = z.infer<typeof proposalDetailSchema>;

/** The client accepts the version they read: their full name, and the terms ticked. */
export const acceptProposalSchema = z.object({
  versionId: z.uuid({ error: "Not a version id" }),
  /** The hash the client was shown with the version: a newer version makes the answer stale. */
  contentHash: contentHashField,
  signedName: requiredText(
    "Full name",
    2,
    200,
    "Type your full name to accept",
    "Full name must be at most 200 characters",
  ),
  agreeToTerms: z.literal(true, { error: "Tick the box to agree to the terms" }),
});
export type AcceptProposalInput = z.input<typeof acceptProposalSchema>;

/** The client declines, saying why. */
export const declineProposalSchema = z.object({
  versionId: z.uuid({ error: "Not a version id" }),
  contentHash: contentHashField,
  reason: requiredText(
    "Reason",
    3,
    2000,
    "Tell us in a few words why you are declining",
    "Reason must be at most 2,000 characters",
    "paragraphs",
  ),
});
export type DeclineProposalInput = z.input<typeof declineProposalSchema>;

/** Converting a lead: a new client from its fields, or a link to an existing client. */
export const convertLeadSchema = z.object({
  companyId: z.uuid({ error: "Choose a client" }).optional(),
  /** Email the client the portal's invitation now (the one "Invite client" sends). */
  invite: z.boolean({ error: "invite: true or false" }).default(false),
});
export type ConvertLeadInput = z.input<typeof convertLeadSchema>;

export const convertedLeadSchema = z.object({
  leadId: z.uuid(),
  companyId: z.uuid(),
  /** The client user made (or found) from the lead's email. */
  userId: z.uuid(),
  email: z.string(),
  /** True when a new company was made, false when the lead was linked to an existing one. */
  created: z.boolean(),
  /** True when the invitation email was sent. */
  invited: z.boolean(),
});
export type ConvertedLead = z.infer<typeof convertedLeadSchema>;
