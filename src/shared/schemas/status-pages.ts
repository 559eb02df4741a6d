import { z } from "./zod";
import { emailField, requiredText } from "./fields";
import { incidentUpdateStatusList } from "../incident-status";

/** A status page's address: /status/<slug>. Lower-case letters, digits and single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const slugMessage =
  "Address must be 3 to 60 lower-case letters, digits or hyphens (no hyphen at either end), like acme-status";

export const slugField = z
  .string({ error: slugMessage })
  .trim()
  .min(3, slugMessage)
  .max(60, slugMessage)
  .regex(SLUG_PATTERN, slugMessage);

/** A host name: labels of letters, digits and hyphens, at least one dot, no port, no scheme. */
const HOST_PATTERN =
  /^(?=.{4,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]([a-z0-9-]{0,61}[a-z0-9])?$/;
const hostMessage =
  "Host name must be a name like status.client.com: letters, digits, hyphens and dots, no https:// and no path";

export const customHostField = z
  .string({ error: hostMessage })
  .trim()
  .toLowerCase()
  .regex(HOST_PATTERN, hostMessage)
  .nullable();

/** PUT /api/status-page (an owner) and PUT /api/admin/clients/:id/status-page (staff). */
export const statusPageInputSchema = z.object({
  enabled: z.boolean({ error: "Shown must be true or false" }),
  name: requiredText("Name", 1, 100, "Name is required", "Name must be at most 100 characters"),
  slug: slugField,
  /** Let search engines index the page (off: noindex). */
  indexed: z.boolean({ error: "Indexed must be true or false" }).default(false),
  websiteIds: z
    .array(z.uuid({ error: "Each site must be one of the company's websites" }), {
      error: "Sites must be a list of the company's websites",
    })
    .max(50, "A page shows at most 50 sites"),
});
export type StatusPageInput = z.input<typeof statusPageInputSchema>;

/** Staff may also set the client's own host name (null: none; left out: unchanged). */
export const staffStatusPageInputSchema = statusPageInputSchema.extend({
  customHost: customHostField.optional(),
});
export type StaffStatusPageInput = z.input<typeof staffStatusPageInputSchema>;

/** A status page's settings, as the portal panel and the client page show them. */
export const statusPageSettingsSchema = z.object({
  /** False until the page was first saved. */
  exists: z.boolean(),
  enabled: z.boolean(),
  name: z.string(),
  slug: z.string(),
  indexed: z.boolean(),
  customHost: z.string().nullable(),
  websiteIds: z.array(z.uuid()),
  /** The company's websites, to choose from. */
  websites: z.array(z.object({ id: z.uuid(), domain: z.string() })),
  /** Its public address (path), when turned on. */
  path: z.string(),
  subscribers: z.number().int(),
});
export type StatusPageSettings = z.infer<typeof statusPageSettingsSchema>;

const statusField = z.enum(incidentUpdateStatusList, {
  error: "Status must be investigating, identified, monitoring or resolved",
});
const messageField = requiredText(
  "Message",
  1,
  2000,
  "Message is required",
  "Message must be at most 2000 characters",
  "paragraphs",
);

/** POST /api/admin/incidents/:id/updates. */
export const incidentUpdateInputSchema = z.object({ status: statusField, message: messageField });
export type IncidentUpdateInput = z.input<typeof incidentUpdateInputSchema>;

/** POST /api/admin/incidents: an outage the monitor cannot see, opened by hand. */
export const manualIncidentInputSchema = z.object({
  websiteId: z.uuid({ error: "Website must be one of the clients' websites" }),
  title: requiredText("Title", 1, 200, "Title is required", "Title must be at most 200 characters"),
  status: statusField,
  message: messageField,
});
export type ManualIncidentInput = z.input<typeof manualIncidentInputSchema>;

export const incidentUpdateSchema = z.object({
  id: z.uuid(),
  status: z.enum(incidentUpdateStatusList),
  message: z.string(),
  createdAt: z.string(),
});
export type IncidentUpdate = z.infer<typeof incidentUpdateSchema>;

/** An incident with its updates, as the portal, the back office and the status page list them. */
export const incidentWithUpdatesSchema = z.object({
  id: z.uuid(),
  websiteId: z.uuid(),
  domain: z.string(),
  /** The staff-written title, or what the monitor saw ("Site unreachable: HTTP 503"). */
  title: z.string(),
  manual: z.boolean(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  updates: z.array(incidentUpdateSchema),
});
export type IncidentWithUpdates = z.infer<typeof incidentWithUpdatesSchema>;

/** A visitor's subscription: POST /api/status/:slug/subscriptions (form or JSON). */
export const subscribeInputSchema = z.object({ email: emailField });
/** A subscription taken: the confirmation link is on its way. */
export const subscribedSchema = z.object({ message: z.string() });

/** The reverse proxy's question before it gets a certificate: yes, a status page's host name. */
export const statusHostCheckSchema = z.object({ ok: z.literal(true) });

/**
 * One day's bar: its uptime in percent, or null when the site was not checked outside
 * maintenance; and whether planned maintenance took some of it (that time is not counted).
 */
export const statusDaySchema = z.object({
  day: z.string(),
  uptimePercent: z.number().nullable(),
  maintenance: z.boolean(),
});

/** GET /status/<slug>.json: what the page shows, for programs. */
export const publicStatusSchema = z.object({
  name: z.string(),
  url: z.string(),
  /** up when every site is up, down when any is, unknown otherwise. */
  status: z.enum(["up", "down", "unknown"]),
  sites: z.array(
    z.object({
      id: z.uuid(),
      domain: z.string(),
      status: z.enum(["up", "down", "unknown"]),
      uptimePercent90d: z.number().nullable(),
      days: z.array(statusDaySchema),
    }),
  ),
  incidents: z.array(incidentWithUpdatesSchema.omit({ websiteId: true })),
  /** Maintenance under way or within 30 days, soonest first. */
  maintenance: z.array(
    z.object({
      title: z.string(),
      startsAt: z.string(),
      endsAt: z.string(),
      domains: z.array(z.string()),
    }),
  ),
  generatedAt: z.string(),
});
export type PublicStatus = z.infer<typeof publicStatusSchema>;
