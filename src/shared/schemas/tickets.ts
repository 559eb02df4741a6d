import { z } from "./zod";
import { INTEGER_MAX, requiredText, wholeNumber } from "./fields";
import { attachmentIdsField, attachmentSchema } from "./ticket-attachments";

export const ticketStatuses = ["open", "in-progress", "waiting", "resolved", "closed"] as const;
export const ticketPriorities = ["low", "medium", "high", "urgent"] as const;
/** What a client may choose; only staff mark a ticket Urgent (it goes to the top of the queue). */
export const clientTicketPriorities = ["low", "medium", "high"] as const;
export type TicketStatus = (typeof ticketStatuses)[number];
export type TicketPriority = (typeof ticketPriorities)[number];

const messageField = requiredText(
  "Message",
  10,
  5000,
  "Message must be at least 10 characters",
  "Message must be at most 5,000 characters",
  "paragraphs",
);

/** What a ticket's website or assignee is refused with (400, naming the field). */
export const ticketRefusals = {
  websiteNotYours: "That website is not one of yours. Choose one of your websites, or none.",
  websiteNotClients:
    "That website belongs to another client. Choose one of this client's websites, or none.",
  assigneeNotStaff: "Only a member of staff can take a ticket. Choose someone from the staff list.",
};

const websiteMessage = "Choose one of your websites, or none";
/** A website's id; an empty choice ("" or null) means none. */
const websiteChoice = z
  .union([z.uuid({ error: websiteMessage }), z.literal(""), z.null()], { error: websiteMessage })
  .transform((value) => value || null);

/** The portal's New Ticket form and the body of POST /api/tickets. */
export const newTicketSchema = z.object({
  subject: requiredText(
    "Subject",
    5,
    200,
    "Subject must be at least 5 characters",
    "Subject must be at most 200 characters",
  ),
  message: messageField,
  priority: z
    .enum(clientTicketPriorities, { error: "Choose low, medium or high priority" })
    .default("medium"),
  /** The client's website the ticket is about, if any: one of their company's. */
  websiteId: websiteChoice.optional(),
  attachmentIds: attachmentIdsField,
});

/**
 * A ticket staff open for a client company (POST /api/admin/tickets), as an integrator's program
 * does with a token: the client's form's fields and the company, without uploads.
 */
export const staffNewTicketSchema = newTicketSchema.omit({ attachmentIds: true }).extend({
  companyId: z.uuid({ error: "companyId: the id of the client company the ticket is for" }),
});
export type StaffNewTicket = z.output<typeof staffNewTicketSchema>;

/** A reply in a ticket's thread: POST /api/tickets/:id/messages. */
export const ticketReplySchema = z.object({
  body: messageField,
  attachmentIds: attachmentIdsField,
});

/**
 * Staff's internal note on a ticket: POST /api/admin/tickets/:id/notes. Only staff ever read it;
 * a note may be short ("Called them, they agree").
 */
export const ticketNoteSchema = z.object({
  body: requiredText("Note", 1, 5000, "Write the note", "Note must be at most 5,000 characters"),
  attachmentIds: attachmentIdsField,
});

export type TicketNote = z.output<typeof ticketNoteSchema>;
export type TicketNoteInput = z.input<typeof ticketNoteSchema>;
export type NewTicketInput = z.input<typeof newTicketSchema>;
export type NewTicket = z.output<typeof newTicketSchema>;
export type TicketReply = z.output<typeof ticketReplySchema>;
export type TicketReplyInput = z.input<typeof ticketReplySchema>;

/** The website a ticket is about. */
const ticketWebsite = z.object({ id: z.uuid(), domain: z.string() });
/** The member of staff a ticket is assigned to. */
const staffMember = z.object({ id: z.uuid(), name: z.string() });
export type TicketWebsite = z.infer<typeof ticketWebsite>;
export type StaffMember = z.infer<typeof staffMember>;

export const ticketSchema = z.object({
  id: z.uuid(),
  /** The name of the member who opened it. */
  openedBy: z.string(),
  subject: z.string(),
  status: z.string(),
  priority: z.string(),
  website: ticketWebsite.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const ticketMessageSchema = z.object({
  id: z.uuid(),
  body: z.string(),
  fromStaff: z.boolean(),
  authorName: z.string(),
  /** Emailed from an address whose domain did not vouch for it: the author may not have sent it. */
  unverifiedSender: z.boolean(),
  createdAt: z.string(),
  attachments: z.array(attachmentSchema),
});

/** A ticket with its thread, and the client company it belongs to. */
export const ticketDetailSchema = ticketSchema.extend({
  companyId: z.uuid(),
  assignee: staffMember.nullable(),
  messages: z.array(ticketMessageSchema),
});

/** A message as staff read it: an internal note is marked, and never reaches the client. */
export const staffTicketMessageSchema = ticketMessageSchema.extend({ internal: z.boolean() });

/** A ticket as staff read it: the client's thread and staff's internal notes in between. */
export const staffTicketDetailSchema = ticketDetailSchema.extend({
  messages: z.array(staffTicketMessageSchema),
});

const assigneeMessage = "Choose a member of staff, or no one";

/** Staff change a ticket's status, priority, website (null: none) or assignee (null: no one). */
export const ticketUpdateSchema = z
  .object({
    status: z.enum(ticketStatuses, { error: "Choose a ticket status" }).optional(),
    priority: z.enum(ticketPriorities, { error: "Choose a priority" }).optional(),
    websiteId: websiteChoice.optional(),
    assigneeId: z
      .union([z.uuid({ error: assigneeMessage }), z.null()], { error: assigneeMessage })
      .optional(),
  })
  .refine(
    (value) => Object.values(value).some((change) => change !== undefined),
    "Change the status, the priority, the website or the assignee",
  );
export type TicketUpdate = z.output<typeof ticketUpdateSchema>;

/** What staff may link a ticket to: the client's websites, and who can take it. */
export const ticketChoicesSchema = z.object({
  websites: z.array(ticketWebsite),
  assignees: z.array(staffMember),
});
export type TicketChoices = z.infer<typeof ticketChoicesSchema>;

export const ticketAssigneeFilters = ["me", "none"] as const;
export const ticketQueueSorts = ["activity", "time-left"] as const;
export type TicketQueueSort = (typeof ticketQueueSorts)[number];

/** Filters of the staff ticket queue. */
export const ticketQueueQuerySchema = z.object({
  status: z.enum(ticketStatuses, { error: "status: one of the ticket statuses" }).optional(),
  priority: z
    .enum(ticketPriorities, { error: "priority: one of the ticket priorities" })
    .optional(),
  /** me: assigned to the signed-in member of staff; none: assigned to no one. */
  assignee: z.enum(ticketAssigneeFilters, { error: "assignee: me or none" }).optional(),
  /** activity (default): most recently active first; time-left: the most urgent reply first. */
  sort: z.enum(ticketQueueSorts, { error: "sort: activity or time-left" }).optional(),
  page: wholeNumber("Page", 1, INTEGER_MAX).default(1),
  pageSize: wholeNumber("Page size", 1, 100).default(25),
});
export type TicketQueueQuery = z.infer<typeof ticketQueueQuerySchema>;
/** The queue's filters and order, without the page (a page is optional where this is used). */
export type TicketQueueFilter = Omit<TicketQueueQuery, "page" | "pageSize">;

/** Where a ticket stands against its first-response target (src/shared/first-response.ts). */
export const firstResponseSchema = z.object({
  state: z.enum(["due", "late", "answered", "closed", "none"]),
  minutes: z.number().int().nullable(),
  onTime: z.boolean().nullable(),
  dueAt: z.string().nullable(),
  respondedAt: z.string().nullable(),
  targetHours: z.number().nullable(),
});

/**
 * A ticket in the staff queue: whose it is (the company, and who opened it), its length, who
 * has it, the client's plan and the first-response clock.
 */
export const queueTicketSchema = ticketSchema.extend({
  clientName: z.string(),
  clientEmail: z.string(),
  companyId: z.uuid(),
  companyName: z.string(),
  messages: z.number().int(),
  assignee: staffMember.nullable(),
  /** The client's monthly plan that sets their response target, else their first; null: none. */
  plan: z.string().nullable(),
  /** The level of service of that plan now, e.g. "Maintenance" (src/content/support.ts). */
  serviceLevel: z.string(),
  firstResponse: firstResponseSchema,
});
export type QueueTicket = z.infer<typeof queueTicketSchema>;

/** A page of the staff queue, and how many tickets match the filters in all. */
export const ticketQueuePageSchema = z.object({
  items: z.array(queueTicketSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TicketQueuePage = z.infer<typeof ticketQueuePageSchema>;

export type Ticket = z.infer<typeof ticketSchema>;
export type TicketMessage = z.infer<typeof ticketMessageSchema>;
export type TicketDetail = z.infer<typeof ticketDetailSchema>;
export type StaffTicketMessage = z.infer<typeof staffTicketMessageSchema>;
export type StaffTicketDetail = z.infer<typeof staffTicketDetailSchema>;
