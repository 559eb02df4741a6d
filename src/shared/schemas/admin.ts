import { z } from "./zod";
import {
  decimalNumber,
  emailField,
  INTEGER_MAX,
  optionalDate,
  optionalText,
  requiredText,
  searchText,
  wholeNumber,
} from "./fields";
import { ticketPriorities, ticketStatuses } from "./tickets";

export const leadKinds = ["contact", "application"] as const;
export const leadStatuses = ["new", "contacted", "qualified", "won", "lost", "spam"] as const;
export type LeadKind = (typeof leadKinds)[number];
export type LeadStatus = (typeof leadStatuses)[number];

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
});

export const leadStatusUpdateSchema = z.object({
  status: z.enum(leadStatuses, { error: "Choose one of the lead statuses" }),
});
export const noteInputSchema = z.object({
  body: requiredText(
    "Note",
    1,
    5000,
    "Write a note first",
    "Notes must be at most 5,000 characters",
  ),
});

export type LeadSummary = z.infer<typeof leadSummarySchema>;
export type LeadList = z.infer<typeof leadListSchema>;
export type LeadDetail = z.infer<typeof leadDetailSchema>;
export type LeadNote = z.infer<typeof leadNoteSchema>;

/** Inviting a client: the account is created and a sign-in link is emailed. */
export const inviteClientSchema = z.object({
  email: emailField,
  firstName: optionalText("First name", 100, "First name must be at most 100 characters"),
  lastName: optionalText("Last name", 100, "Last name must be at most 100 characters"),
});
export type InviteClient = z.output<typeof inviteClientSchema>;

const domainName = z
  .string({ error: "Enter a domain such as example.com" })
  .trim()
  .toLowerCase()
  .regex(/^(?=.{3,253}$)([a-z0-9-]+\.)+[a-z]{2,}$/, "Enter a domain such as example.com");

export const websiteInputSchema = z.object({
  domain: domainName,
  plan: requiredText("Plan", 2, 100, "Plan must be at least 2 characters", "Plan is too long"),
  status: z.enum(["active", "building", "paused", "cancelled"], { error: "Choose a status" }),
  monthlyVisitors: wholeNumber("Monthly visitors", 0, INTEGER_MAX).default(0),
  uptimePercent: decimalNumber("Uptime", 0, 100).default(100),
  // numeric(10, 2): eight digits before the point.
  bandwidthGb: decimalNumber("Bandwidth", 0, 99_999_999.99).default(0),
});

export const domainInputSchema = z.object({
  domain: domainName,
  autoRenew: z.boolean({ error: "Auto-renew must be true or false" }).default(true),
  expiresAt: optionalDate(),
});

export const billingInputSchema = z.object({
  plan: requiredText("Plan", 2, 100, "Plan must be at least 2 characters", "Plan is too long"),
  monthlyCostCents: wholeNumber("Monthly cost in cents", 0, INTEGER_MAX),
  nextBillingDate: optionalDate(),
  cardBrand: optionalText("Card brand", 40, "Card brand is too long"),
  cardLast4: z
    .string({ error: "Only the last four digits, never a full card number" })
    .regex(/^\d{4}$/, "Only the last four digits, never a full card number")
    .optional(),
  cardExpMonth: wholeNumber("Card expiry month", 1, 12).optional(),
  cardExpYear: wholeNumber("Card expiry year", 2000, 2100).optional(),
});

export const ticketUpdateSchema = z
  .object({
    status: z.enum(ticketStatuses, { error: "Choose a ticket status" }).optional(),
    priority: z.enum(ticketPriorities, { error: "Choose a priority" }).optional(),
  })
  .refine((value) => value.status || value.priority, "Change the status or the priority");

export const clientSummarySchema = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  isAdmin: z.boolean(),
  websites: z.number().int(),
  openTickets: z.number().int(),
  createdAt: z.string(),
});
export type ClientSummary = z.infer<typeof clientSummarySchema>;
