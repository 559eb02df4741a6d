import { z } from "./zod";
import { wholeNumber } from "./fields";
import { invoiceDetailSchema } from "./billing";
import { clientDetailSchema } from "./clients";
import { leadDetailSchema } from "./leads";
import { incidentSchema } from "./monitoring-overview";
import { proposalDetailSchema } from "./proposals";
import { staffTicketDetailSchema } from "./tickets";
import { webhookEventTypes, type WebhookEventType } from "./webhooks";

/**
 * What each event carries as its `data`: the object as the API's staff read of that noun answers
 * it, in the same schema (so a receiver parses a delivery as it parses that GET), and the route.
 * The API document's webhooks section is made from this.
 */
export const webhookEventObjects = {
  "lead.created": { schema: leadDetailSchema, route: "/api/admin/leads/{kind}/{id}" },
  "client.created": { schema: clientDetailSchema, route: "/api/admin/clients/{id}" },
  "proposal.accepted": { schema: proposalDetailSchema, route: "/api/admin/proposals/{id}" },
  "invoice.issued": { schema: invoiceDetailSchema, route: "/api/admin/invoices/{id}" },
  "invoice.paid": { schema: invoiceDetailSchema, route: "/api/admin/invoices/{id}" },
  "ticket.created": { schema: staffTicketDetailSchema, route: "/api/admin/tickets/{id}" },
  "ticket.replied": { schema: staffTicketDetailSchema, route: "/api/admin/tickets/{id}" },
  // No route reads one incident: the monitoring view lists them in this schema.
  "incident.opened": { schema: incidentSchema, route: "/api/admin/monitoring" },
  "incident.resolved": { schema: incidentSchema, route: "/api/admin/monitoring" },
} as const satisfies Record<WebhookEventType, { schema: z.ZodType; route: string }>;

/** What a delivery's body is, and what the event log lists. */
export const webhookEventSchema = z.object({
  id: z.uuid(),
  type: z.enum(webhookEventTypes),
  createdAt: z.string(),
  data: z.record(z.string(), z.unknown()).meta({
    description:
      "The object as the API answers it; each event's schema is in the webhooks section.",
  }),
});
export type WebhookEvent = z.infer<typeof webhookEventSchema>;

export const EVENT_PAGE_MAX = 100;

/** GET /api/admin/events: the events after one already seen, oldest first, a page at a time. */
export const eventListQuerySchema = z.object({
  after: z
    .uuid({ error: "After must be the id of an event this list gave" })
    .optional()
    .meta({ description: "The id of the last event seen: the page starts after it." }),
  type: z
    .enum(webhookEventTypes, { error: `Type must be one of: ${webhookEventTypes.join(", ")}` })
    .optional(),
  limit: wholeNumber("Limit", 1, EVENT_PAGE_MAX).default(50),
});

/** A page of the event log: `hasMore` says to ask again with the last event's id as `after`. */
export const eventPageSchema = z.object({
  data: z.array(webhookEventSchema),
  hasMore: z.boolean(),
});
export type EventPage = z.infer<typeof eventPageSchema>;
