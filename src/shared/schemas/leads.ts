import { z } from "./zod";
import {
  emailField,
  INTEGER_MAX,
  optionalChoice,
  optionalText,
  requiredText,
  searchText,
  wholeNumber,
} from "./fields";
import { leadKinds, leadStatuses } from "../lead-kinds";
import { budgets, projectTypes, timelines } from "./application-options";

export * from "./application-options";

export { leadKinds, leadStatuses, type LeadKind, type LeadStatus } from "../lead-kinds";

export const nameField = requiredText(
  "Name",
  2,
  100,
  "Name must be at least 2 characters",
  "Name must be at most 100 characters",
);

/** The contact form and the body of POST /api/contact. */
export const contactSchema = z.object({
  name: nameField,
  email: emailField,
  subject: requiredText(
    "Subject",
    5,
    200,
    "Subject must be at least 5 characters",
    "Subject must be at most 200 characters",
  ),
  message: requiredText(
    "Message",
    10,
    5000,
    "Message must be at least 10 characters",
    "Message must be at most 5,000 characters",
    "paragraphs",
  ),
});
export type ContactInput = z.input<typeof contactSchema>;
export type Contact = z.output<typeof contactSchema>;

/** The "Project Application" form and the body of POST /api/apply. */
export const applicationSchema = z.object({
  name: nameField,
  email: emailField,
  phone: optionalText("Phone number", 40, "Phone number must be at most 40 characters"),
  company: optionalText("Company name", 200, "Company name must be at most 200 characters"),
  projectType: z.enum(projectTypes, { error: "Please select a project type" }),
  budget: optionalChoice(budgets, "Please choose one of the budget options"),
  timeline: optionalChoice(timelines, "Please choose one of the timeline options"),
  description: requiredText(
    "Project description",
    20,
    5000,
    "Please provide at least 20 characters describing your project",
    "Project description must be at most 5,000 characters",
    "paragraphs",
  ),
});
export type ApplicationInput = z.input<typeof applicationSchema>;
export type Application = z.output<typeof applicationSchema>;

/**
 * Fields the public forms send besides the lead itself: a honeypot that people never see (so
 * only bots fill it) and when the form was first shown. API clients may omit both.
 */
export const spamTrapsSchema = z.object({
  website: z.string().max(2000).optional().catch("filled"),
  formStartedAt: z.number().int().positive().optional().catch(undefined),
});
export type SpamTraps = z.infer<typeof spamTrapsSchema>;

/** The short reference (HL-XXXXX) a visitor is given: no 0/O, 1/I/L or U, so none is misheard. */
export const leadReferencePattern = /^HL-[2-9A-HJKMNP-TV-Z]{5}$/;

/** What POST /api/contact and /api/apply answer (201): the stored lead's id and reference. */
export const leadReceiptSchema = z.object({ id: z.uuid(), reference: z.string() });
export type LeadReceipt = z.infer<typeof leadReceiptSchema>;

/** Filters of the leads inbox (and of its CSV export). */
export const leadFilterSchema = z.object({
  kind: z.enum(leadKinds, { error: "kind: contact or application" }).optional(),
  status: z.enum(leadStatuses, { error: "status: one of the lead statuses" }).optional(),
  q: searchText,
});
export const leadListQuerySchema = leadFilterSchema.extend({
  page: wholeNumber("Page", 1, INTEGER_MAX).default(1),
  pageSize: wholeNumber("Page size", 1, 100).default(25),
});
export type LeadFilter = z.infer<typeof leadFilterSchema>;
export type LeadListQuery = z.infer<typeof leadListQuerySchema>;

/** A lead's address in the API: /api/admin/leads/:kind/:id. */
export const leadParamsSchema = z.object({
  kind: z.enum(leadKinds, { error: "Not found" }),
  id: z.uuid({ error: "Not found" }),
});

export const leadSummarySchema = z.object({
  kind: z.enum(leadKinds),
  id: z.uuid(),
  reference: z.string(),
  name: z.string(),
  email: z.string(),
  company: z.string().nullable(),
  /** Subject of a message, or project type of an application. */
  topic: z.string(),
  status: z.string(),
  createdAt: z.string(),
});
export const leadListSchema = z.object({
  items: z.array(leadSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const leadNoteSchema = z.object({
  id: z.uuid(),
  body: z.string(),
  authorName: z.string(),
  createdAt: z.string(),
});

export const leadDetailSchema = leadSummarySchema.extend({
  /** Every field of the form, labelled as on the form, in its order. */
  fields: z.array(z.object({ label: z.string(), value: z.string() })),
  notes: z.array(leadNoteSchema),
  /** The client this lead was converted into (or linked to), once it was. */
  companyId: z.string().nullable(),
  companyName: z.string().nullable(),
});

export const leadStatusUpdateSchema = z.object({
  status: z.enum(leadStatuses, { error: "Choose one of the lead statuses" }),
});
export const leadNoteInputSchema = z.object({
  body: requiredText(
    "Note",
    1,
    5000,
    "Write a note first",
    "Notes must be at most 5,000 characters",
    "paragraphs",
  ),
});

export type LeadSummary = z.infer<typeof leadSummarySchema>;
export type LeadList = z.infer<typeof leadListSchema>;
export type LeadDetail = z.infer<typeof leadDetailSchema>;
export type LeadNote = z.infer<typeof leadNoteSchema>;
