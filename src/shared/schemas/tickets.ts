import { z } from "./zod";
import { requiredText } from "./fields";
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
);

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
  attachmentIds: attachmentIdsField,
});

/** A reply in a ticket's thread: POST /api/tickets/:id/messages. */
export const ticketReplySchema = z.object({
  body: messageField,
  attachmentIds: attachmentIdsField,
});

export type NewTicketInput = z.input<typeof newTicketSchema>;
export type NewTicket = z.output<typeof newTicketSchema>;
export type TicketReply = z.output<typeof ticketReplySchema>;
export type TicketReplyInput = z.input<typeof ticketReplySchema>;

export const ticketSchema = z.object({
  id: z.uuid(),
  /** The name of the member who opened it. */
  openedBy: z.string(),
  subject: z.string(),
  status: z.string(),
  priority: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const ticketMessageSchema = z.object({
  id: z.uuid(),
  body: z.string(),
  fromStaff: z.boolean(),
  authorName: z.string(),
  createdAt: z.string(),
  attachments: z.array(attachmentSchema),
});

/** A ticket with its thread, and the client company it belongs to. */
export const ticketDetailSchema = ticketSchema.extend({
  companyId: z.uuid(),
  messages: z.array(ticketMessageSchema),
});

/** Staff change a ticket's status or priority. */
export const ticketUpdateSchema = z
  .object({
    status: z.enum(ticketStatuses, { error: "Choose a ticket status" }).optional(),
    priority: z.enum(ticketPriorities, { error: "Choose a priority" }).optional(),
  })
  .refine((value) => value.status || value.priority, "Change the status or the priority");
export type TicketUpdate = z.output<typeof ticketUpdateSchema>;

/** Filters of the staff ticket queue. */
export const ticketQueueQuerySchema = z.object({
  status: z.enum(ticketStatuses, { error: "status: one of the ticket statuses" }).optional(),
  priority: z
    .enum(ticketPriorities, { error: "priority: one of the ticket priorities" })
    .optional(),
});
export type TicketQueueQuery = z.infer<typeof ticketQueueQuerySchema>;

/** A ticket in the staff queue: whose it is (the company, and who opened it) and its length. */
export const queueTicketSchema = ticketSchema.extend({
  clientName: z.string(),
  clientEmail: z.string(),
  companyId: z.uuid(),
  companyName: z.string(),
  messages: z.number().int(),
});
export type QueueTicket = z.infer<typeof queueTicketSchema>;

export type Ticket = z.infer<typeof ticketSchema>;
export type TicketMessage = z.infer<typeof ticketMessageSchema>;
export type TicketDetail = z.infer<typeof ticketDetailSchema>;
