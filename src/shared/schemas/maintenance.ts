import { z } from "./zod";
import { requiredText } from "./fields";

/** The longest window staff may schedule: longer work is not maintenance, it is an outage. */
export const MAINTENANCE_MAX_DAYS = 14;
/** The client's users are told this long before a window starts (and again when it starts). */
export const MAINTENANCE_NOTICE_AHEAD_HOURS = 48;

const moment = (label: string) =>
  z.iso.datetime({
    offset: true,
    error: `${label} must be a date and time such as 2027-01-31T22:00:00Z`,
  });

/**
 * POST /api/admin/clients/:id/maintenance-windows: the sites (of that client), when, and what
 * the client is told. The end must come after the start; the server also refuses a window whose
 * start is already past (uptime already measured is not rewritten).
 */
export const maintenanceWindowInputSchema = z
  .object({
    websiteIds: z
      .array(z.uuid({ error: "Choose the websites from the list" }), {
        error: "Choose at least one website",
      })
      .min(1, "Choose at least one website")
      .max(100, "Choose at most 100 websites"),
    startsAt: moment("Start"),
    endsAt: moment("End"),
    note: requiredText(
      "Note",
      1,
      1000,
      "Write a note for the client: what is done and what they may notice",
      "Note must be at most 1000 characters",
      "paragraphs",
    ),
  })
  .superRefine((input, ctx) => {
    const start = Date.parse(input.startsAt);
    const end = Date.parse(input.endsAt);
    if (end <= start) {
      ctx.addIssue({ code: "custom", path: ["endsAt"], message: "End must be after the start" });
    } else if (end - start > MAINTENANCE_MAX_DAYS * 86_400_000) {
      ctx.addIssue({
        code: "custom",
        path: ["endsAt"],
        message: `A window lasts at most ${MAINTENANCE_MAX_DAYS} days`,
      });
    }
  });
export type MaintenanceWindowInput = z.input<typeof maintenanceWindowInputSchema>;

/** A window as staff and the client's members see it. */
export const maintenanceWindowSchema = z.object({
  id: z.uuid(),
  startsAt: z.string(),
  endsAt: z.string(),
  note: z.string(),
  sites: z.array(z.object({ id: z.uuid(), domain: z.string() })),
  /** upcoming, ongoing or over (cancelled ones are not listed). */
  state: z.enum(["upcoming", "ongoing", "over"]),
});
export type MaintenanceWindow = z.infer<typeof maintenanceWindowSchema>;

export const maintenanceWindowListSchema = z.object({ windows: z.array(maintenanceWindowSchema) });
export type MaintenanceWindowList = z.infer<typeof maintenanceWindowListSchema>;
