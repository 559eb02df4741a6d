import { z } from "./zod";
import { emailField, optionalText, requiredText, wholeNumber } from "./fields";
import { nameField, spamTrapsSchema } from "./leads";
import { isTimeZone } from "../work-time";

import {
  BUFFER_MAX,
  CALL_MINUTES,
  HORIZON_DAYS,
  NOTE_MAX,
  NOTICE_HOURS,
  SLOT_TAKEN_MESSAGE,
} from "../booking-rules";

export { BUFFER_MAX, CALL_MINUTES, HORIZON_DAYS, NOTE_MAX, NOTICE_HOURS, SLOT_TAKEN_MESSAGE };

/** Weekdays as ISO numbers, Monday first, and their names. */
export const weekdays = [1, 2, 3, 4, 5, 6, 7] as const;
export const weekdayNames = [
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
  "Sunday",
] as const;

const clockTime = (label: string) =>
  z
    .string({ error: `${label}: a time such as 09:00` })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${label}: a time such as 09:00`);

/** "09:30" -> 570. */
export const minuteOfClock = (time: string) =>
  Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** One weekday's hours, in the agency's time zone. */
export const dayHoursSchema = z
  .object({
    weekday: z.number({ error: "Weekday: 1 (Monday) to 7 (Sunday)" }).int().min(1).max(7),
    start: clockTime("Start"),
    end: clockTime("End"),
  })
  .refine((day) => minuteOfClock(day.end) - minuteOfClock(day.start) >= CALL_MINUTES, {
    message: `End must be at least ${CALL_MINUTES} minutes after the start`,
    path: ["end"],
  });
export type DayHours = z.infer<typeof dayHoursSchema>;

/**
 * A staff member's weekly availability for Discovery Calls (PUT and GET
 * /api/admin/bookings/availability): at most one span of hours per weekday, in the agency's time
 * zone, and the buffer kept free before and after each call. No days: no calls.
 */
export const availabilitySchema = z.object({
  days: z
    .array(dayHoursSchema, { error: "Give the weekly hours as a list of days" })
    .max(7)
    .refine((days) => new Set(days.map((day) => day.weekday)).size === days.length, {
      message: "Give each weekday at most once",
    }),
  bufferMinutes: wholeNumber("Buffer", 0, BUFFER_MAX),
});
export type Availability = z.infer<typeof availabilitySchema>;

/** What a staff member who never set their hours takes: Monday to Friday, 9 to 5, 15 minutes apart. */
export const defaultAvailability: Availability = {
  days: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: "09:00", end: "17:00" })),
  bufferMinutes: 15,
};

/** What the availability form shows: the hours, and the zone they are in. */
export const availabilityViewSchema = availabilitySchema.extend({ timeZone: z.string() });
export type AvailabilityView = z.infer<typeof availabilityViewSchema>;

const zoneMessage = "Time zone: an IANA name such as Europe/Berlin";
const timeZoneField = requiredText("Time zone", 1, 64, zoneMessage, zoneMessage).refine(
  isTimeZone,
  "Time zone: an IANA name such as Europe/Berlin",
);

/** GET /api/bookings/slots?timeZone=...: the zone the visitor reads the slots in. */
export const slotsQuerySchema = z.object({ timeZone: timeZoneField.optional() });

/** The open slots: start instants (UTC, ISO), each CALL_MINUTES long. */
export const slotsSchema = z.object({
  agencyTimeZone: z.string(),
  minutes: z.number(),
  slots: z.array(z.string()),
});
export type Slots = z.infer<typeof slotsSchema>;

/** POST /api/bookings: the visitor's slot, who they are and a note, with the spam traps. */
export const bookingRequestSchema = z
  .object({
    startsAt: requiredText(
      "Time",
      1,
      40,
      "Choose a time from the list",
      "Choose a time from the list",
    ).pipe(z.iso.datetime({ offset: true, error: "Choose a time from the list" })),
    timeZone: timeZoneField,
    name: nameField,
    email: emailField,
    note: optionalText(
      "Note",
      NOTE_MAX,
      `Note must be at most ${NOTE_MAX.toLocaleString("en-US")} characters`,
      "paragraphs",
    ),
  })
  .extend(spamTrapsSchema.shape);
export type BookingRequest = z.input<typeof bookingRequestSchema>;

/** What a booking answers (201): the call's id, its time and the visitor's zone. */
export const bookingReceiptSchema = z.object({
  id: z.uuid(),
  startsAt: z.string(),
  endsAt: z.string(),
  timeZone: z.string(),
});
export type BookingReceipt = z.infer<typeof bookingReceiptSchema>;

/**
 * A 409: the call cannot change as asked (a link already used, a call already cancelled); for a
 * slot just taken (SLOT_TAKEN_MESSAGE), with the slots still open.
 */
export const slotTakenSchema = z.object({
  message: z.string(),
  slots: z.array(z.string()).optional(),
});

const calendarAddressMessage =
  "Paste your calendar's private address in iCal format: it starts with https://";

/**
 * PUT /api/admin/bookings/calendar: the private ICS address of the staff member's own calendar
 * (Google, Outlook and Apple each give one), whose events count as busy. DELETE forgets it.
 */
export const calendarFeedInputSchema = z.object({
  url: requiredText(
    "Calendar address",
    1,
    2000,
    calendarAddressMessage,
    "Calendar address must be at most 2,000 characters",
  )
    .refine(
      (value) => !/^webcal:/i.test(value),
      "Calendar address: write https:// in place of webcal:// at its start",
    )
    .refine(
      (value) =>
        /^webcal:/i.test(value) ||
        (URL.canParse(value) && /^https?:$/.test(new URL(value).protocol)),
      calendarAddressMessage,
    ),
});
export type CalendarFeedInput = z.input<typeof calendarFeedInputSchema>;

/**
 * GET (and PUT) /api/admin/bookings/calendar: the staff member's calendar address and how its
 * last read went, and whether they have a private feed of their calls (its address is shown only
 * when issued).
 */
export const calendarFeedViewSchema = z.object({
  calendar: z
    .object({
      url: z.string(),
      /** When the last read ended; null until the first. */
      fetchedAt: z.string().nullable(),
      /** Why the last read failed, in words; null when it worked. */
      error: z.string().nullable(),
      /** The busy intervals the last good read found in the next 30 days. */
      busyCount: z.number(),
    })
    .nullable(),
  bookingFeed: z.object({ issuedAt: z.string() }).nullable(),
});
export type CalendarFeedView = z.infer<typeof calendarFeedViewSchema>;

/** POST /api/admin/bookings/calendar/feed: a new private feed address, shown this once. */
export const issuedBookingFeedSchema = z.object({ url: z.string(), issuedAt: z.string() });
export type IssuedBookingFeed = z.infer<typeof issuedBookingFeedSchema>;

/** GET /api/bookings/calendar/:token: the feed's token. */
export const bookingFeedParams = z.object({
  token: z.string({ error: "The feed's address must end with its token" }),
});

/** A call as the back office lists it: who, when, with whom, and whether it stands. */
export const staffCallSchema = z.object({
  id: z.uuid(),
  leadId: z.uuid().nullable(),
  leadKind: z.enum(["contact", "application"]).nullable(),
  name: z.string(),
  email: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  /** The visitor's time zone. */
  timeZone: z.string(),
  status: z.enum(["confirmed", "cancelled"]),
  /** The staff member who takes the call. */
  staffName: z.string(),
});
export type StaffCall = z.infer<typeof staffCallSchema>;

/** GET /api/admin/bookings: a lead's calls (every one), or else the calls still to come. */
export const staffCallsQuerySchema = z.object({
  leadId: z.uuid({ error: "leadId: the id of a lead" }).optional(),
});
export const staffCallsSchema = z.object({
  agencyTimeZone: z.string(),
  calls: z.array(staffCallSchema),
});
export type StaffCalls = z.infer<typeof staffCallsSchema>;

/** POST /api/admin/bookings/:id/move: the new start, one of the open slots. */
export const moveCallSchema = z.object({ startsAt: bookingRequestSchema.shape.startsAt });
