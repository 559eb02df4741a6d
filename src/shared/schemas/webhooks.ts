import { z } from "./zod";
import { optionalText, requiredText } from "./fields";

/** What an endpoint may ask to be told of. */
export const webhookEventTypes = [
  "lead.created",
  "client.created",
  "proposal.accepted",
  "invoice.issued",
  "invoice.paid",
  "ticket.created",
  "ticket.replied",
  "incident.opened",
  "incident.resolved",
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

/** What each event means, for the back office's choices. */
export const webhookEventLabels: Record<WebhookEventType, string> = {
  "lead.created": "A contact message or project application arrives",
  "client.created": "A client is added, or a lead converted into one",
  "proposal.accepted": "A client accepts a proposal",
  "invoice.issued": "An invoice is issued",
  "invoice.paid": "An invoice is paid in full",
  "ticket.created": "A client opens a support ticket",
  "ticket.replied": "A reply is added to a ticket",
  "incident.opened": "A client's website goes down",
  "incident.resolved": "A client's website is back up",
};

/** Retries of a delivery stop, and an endpoint failing this long is disabled. */
export const WEBHOOK_RETRY_DAYS = 3;

/** Events (they carry personal data) are kept this long, as Stripe keeps its own, then deleted. */
export const WEBHOOK_EVENT_RETENTION_DAYS = 30;

const URL_RULE = "URL must be a full web address, e.g. https://hooks.example.com/harborline";

/** POST /api/admin/webhooks: where to send, and which events. */
export const webhookEndpointInputSchema = z.object({
  url: requiredText("URL", 1, 2000, URL_RULE, "URL must be at most 2000 characters")
    .refine((value) => URL.canParse(value), URL_RULE)
    .refine(
      (value) => !URL.canParse(value) || /^https?:$/.test(new URL(value).protocol),
      "URL must start with https:// (or http:// outside production)",
    ),
  events: z
    .array(
      z.enum(webhookEventTypes, {
        error: `Events must be among: ${webhookEventTypes.join(", ")}`,
      }),
      { error: "Events must be a list of event names" },
    )
    .min(1, "Choose at least one event")
    .max(webhookEventTypes.length, "Name each event once")
    .refine((events) => new Set(events).size === events.length, "Name each event once"),
  description: optionalText("Description", 200, "Description must be at most 200 characters"),
});
export type WebhookEndpointInput = z.input<typeof webhookEndpointInputSchema>;

/** An endpoint as staff see it: never its secret, which is shown once when it is made. */
export const webhookEndpointSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  events: z.array(z.enum(webhookEventTypes)),
  description: z.string(),
  enabled: z.boolean(),
  failingSince: z.string().nullable(),
  disabledAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** The answer to a new endpoint: its signing secret, shown this once. */
export const createdWebhookEndpointSchema = webhookEndpointSchema.extend({ secret: z.string() });
export type CreatedWebhookEndpoint = z.infer<typeof createdWebhookEndpointSchema>;

/** PATCH /api/admin/webhooks/:id: turn an endpoint off or on again. */
export const webhookEndpointUpdateSchema = z.object({
  enabled: z.boolean({ error: "Enabled must be true or false" }),
});

export const webhookDeliveryStatuses = ["pending", "delivered", "failed"] as const;

/** One try of a delivery: its time and the answer's status code, or why there was none. */
export const webhookAttemptSchema = z.object({
  at: z.string(),
  statusCode: z.number().int().nullable(),
  error: z.string().nullable(),
  durationMs: z.number().int(),
});

/** A delivery in the log: the event, where it stands, and each attempt. */
export const webhookDeliverySchema = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  eventType: z.enum(webhookEventTypes),
  endpointId: z.uuid(),
  status: z.enum(webhookDeliveryStatuses),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
  attempts: z.array(webhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** What an endpoint receives: the event, with the object as the API answers it. */
export type WebhookEventBody = {
  id: string;
  type: WebhookEventType;
  createdAt: string;
  data: unknown;
};
