import { z } from "./zod";
import { optionalText, requiredDate, requiredText, wholeNumber } from "./fields";

/** The most one entry may hold: a day. */
export const MAX_ENTRY_MINUTES = 24 * 60;
/** Staff may change or delete their own entries for this many days after logging them. */
export const ENTRY_EDIT_DAYS = 7;

/** A site, ticket or project of the entry's client: optional, and "" (the select's none) is none. */
const optionalTarget = (what: string) =>
  z.preprocess(
    (value) => (value === "" || value === undefined ? null : value),
    z.uuid({ error: `Choose the ${what} from the list` }).nullable(),
  );

const minutes = wholeNumber("Minutes", 1, MAX_ENTRY_MINUTES);
const note = requiredText(
  "Note",
  2,
  2000,
  "Write a note of at least 2 characters: what was done",
  "Note must be at most 2,000 characters",
  "paragraphs",
);
const targets = {
  websiteId: optionalTarget("site"),
  ticketId: optionalTarget("ticket"),
  projectId: optionalTarget("project"),
};

/**
 * PATCH /api/admin/time-entries/:id: what its author may change within ENTRY_EDIT_DAYS. The
 * server also refuses a date in the future (in the agency's time zone) and a site, ticket or
 * project of another client.
 */
export const timeEntryUpdateSchema = z.object({
  workDate: requiredDate(),
  minutes,
  note,
  ...targets,
});
export type TimeEntryUpdate = z.input<typeof timeEntryUpdateSchema>;

/** POST /api/admin/clients/:id/time-entries: time spent for that client. */
export const timeEntryInputSchema = timeEntryUpdateSchema;
export type TimeEntryInput = z.input<typeof timeEntryInputSchema>;

/** POST /api/admin/clients/:id/timer: starts the signed-in staff member's one timer. */
export const timerStartSchema = z.object({
  ...targets,
  note: optionalText("Note", 2000, "Note must be at most 2,000 characters", "paragraphs"),
});
export type TimerStart = z.input<typeof timerStartSchema>;

/** POST /api/admin/timer/stop: the note the entry keeps (the timer's own when left out). */
export const timerStopSchema = z.object({
  note: optionalText("Note", 2000, "Note must be at most 2,000 characters", "paragraphs"),
});
export type TimerStop = z.input<typeof timerStopSchema>;

/** PUT /api/admin/plans/:id/hours: a client plan's own hours and rate; null takes the default. */
export const planHoursInputSchema = z.object({
  includedHours: wholeNumber("Included hours", 0, 744).nullable(),
  overageRateCents: wholeNumber("Hourly rate", 0, 100_000_000).nullable(),
});
export type PlanHoursInput = z.input<typeof planHoursInputSchema>;

/** The month asked for: ?month=2026-11 (this month of the agency's time zone when left out). */
export const monthQuerySchema = z.object({
  month: z
    .string({ error: "Use a month such as 2026-11" })
    .regex(/^(20\d\d)-(0[1-9]|1[0-2])$/, "Use a month such as 2026-11")
    .optional(),
});

export const timeEntrySchema = z.object({
  id: z.uuid(),
  companyId: z.uuid(),
  userId: z.uuid().nullable(),
  /** Who logged it ("Dana Reyes"), or null once their account is gone. */
  staffName: z.string().nullable(),
  websiteId: z.uuid().nullable(),
  websiteDomain: z.string().nullable(),
  ticketId: z.uuid().nullable(),
  ticketSubject: z.string().nullable(),
  projectId: z.uuid().nullable(),
  projectName: z.string().nullable(),
  workDate: z.string(),
  minutes: z.number().int(),
  note: z.string(),
  createdAt: z.string(),
  /** The signed-in staff member may still change or delete it. */
  editable: z.boolean(),
});
export type TimeEntry = z.infer<typeof timeEntrySchema>;

/** A maintenance plan's hours for a month: what it includes, and what beyond costs. */
export const planHoursSchema = z.object({
  planId: z.uuid(),
  planName: z.string(),
  includedMinutes: z.number().int(),
  overageRateCents: z.number().int(),
  /** The figures are the plan's own (staff set them), not the catalogue's defaults. */
  overridden: z.boolean(),
});
export type PlanHours = z.infer<typeof planHoursSchema>;

const choiceSchema = z.object({ id: z.uuid(), label: z.string() });

/** A client's hours in a month (the back office's list; the monthly report reuses it). */
export const clientHoursSchema = z.object({
  month: z.string(),
  usedMinutes: z.number().int(),
  plan: planHoursSchema.nullable(),
  entries: z.array(timeEntrySchema),
  /** The last six months' totals, newest first. */
  months: z.array(z.object({ month: z.string(), minutes: z.number().int() })),
  /** What time can be logged against: the client's sites, tickets and projects. */
  choices: z.object({
    websites: z.array(choiceSchema),
    tickets: z.array(choiceSchema),
    projects: z.array(choiceSchema),
  }),
});
export type ClientHours = z.infer<typeof clientHoursSchema>;

/** The dashboard's card: hours used against hours included this month. */
export const portalHoursSchema = z.object({
  month: z.string(),
  usedMinutes: z.number().int(),
  /** Null when the client has no maintenance plan (the card is then not shown). */
  includedMinutes: z.number().int().nullable(),
  planName: z.string().nullable(),
});
export type PortalHours = z.infer<typeof portalHoursSchema>;

/** The signed-in staff member's running timer, if any. */
export const timerSchema = z.object({
  timer: z
    .object({
      companyId: z.uuid(),
      companyName: z.string(),
      websiteId: z.uuid().nullable(),
      ticketId: z.uuid().nullable(),
      projectId: z.uuid().nullable(),
      note: z.string(),
      startedAt: z.string(),
    })
    .nullable(),
});
export type Timer = z.infer<typeof timerSchema>;
