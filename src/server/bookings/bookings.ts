import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import { openSlots, staffFreeAt, type BusySpan, type SlotRules } from "@shared/booking-slots";
import { formatSlotInWords } from "@shared/format";
import {
  CALL_MINUTES,
  HORIZON_DAYS,
  NOTICE_HOURS,
  SLOT_TAKEN_MESSAGE,
  type BookingReceipt,
} from "@shared/schemas/bookings";
import type { DbExecutor } from "../db/client";
import { bookings, bookingTokens } from "../db/schema";
import {
  conflict,
  DomainFailureError,
  invalid,
  ok,
  outcomeOf,
  type Outcome,
} from "../domain-failure";
import { leadForBooking } from "../leads/leads";
import { bookableStaff } from "./availability";
import { calendarBusySpans } from "./calendar-feeds";
import { queueBookingChange, type BookingMailSettings } from "./messages";

const MINUTE = 60_000;
const EXCLUSION_VIOLATION = "23P01";
const CALENDAR_LOCK_ID = 720_514_003;

export type BookingSettings = BookingMailSettings;

/** The visitor's request, as the shared schema reads it (spam traps apart). */
export interface CallRequest {
  startsAt: string;
  timeZone: string;
  name: string;
  email: string;
  note?: string | undefined;
}

export function isExclusionViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.code === EXCLUSION_VIOLATION || e.cause?.code === EXCLUSION_VIOLATION;
}

/**
 * Takes one staff member's calendar until the transaction ends, before a call is written to it.
 * Without it, racing writers each insert, then each waits on the other's uncommitted row to check
 * the exclusion constraint: PostgreSQL breaks such a deadlock only after a second, by failing
 * one. Held in turn, each writer finds the calls before it committed and is refused at once.
 */
export async function holdStaffCalendar(tx: DbExecutor, staffId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${CALENDAR_LOCK_ID}, hashtext(${staffId}))`);
}

export const hashBookingToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * What keeps a staff member busy from now on (with a day's margin for buffers): their confirmed
 * calls, and the busy times of their own calendar (calendar-feeds.ts).
 */
async function busySpans(db: DbExecutor, now: Date): Promise<(BusySpan & { id: string })[]> {
  const from = new Date(now.getTime() - 24 * 60 * MINUTE);
  const to = new Date(now.getTime() + (HORIZON_DAYS + 1) * 24 * 60 * MINUTE);
  const calls = db
    .select({
      id: bookings.id,
      staffId: bookings.staffId,
      startsAt: bookings.startsAt,
      endsAt: bookings.endsAt,
    })
    .from(bookings)
    .where(
      and(eq(bookings.status, "confirmed"), gt(bookings.endsAt, from), lt(bookings.startsAt, to)),
    );
  const [booked, calendars] = await Promise.all([calls, calendarBusySpans(db, from, to)]);
  return [...booked, ...calendars];
}

/**
 * The open slots now, every staff member's together (ISO instants, in order). `except` leaves one
 * booking out (the one being moved: its own time is free to it).
 */
export async function currentSlots(db: DbExecutor, now: Date, timeZone: string, except?: string) {
  const [staff, busy] = await Promise.all([bookableStaff(db), busySpans(db, now)]);
  return openSlots(staff, except ? busy.filter((span) => span.id !== except) : busy, {
    now,
    timeZone,
  });
}

/**
 * Why a start instant cannot be booked, or who may take it: the staff members free then, the
 * first of whom gets the call. `except` leaves one booking out (the one being moved).
 */
export async function whoIsFree(
  db: DbExecutor,
  start: Date,
  now: Date,
  timeZone: string,
  except?: string,
): Promise<Outcome<{ staffId: string; bufferMinutes: number }>> {
  const field = "startsAt";
  if (start.getTime() <= now.getTime()) {
    return invalid("That time has passed: choose a time from the list", field);
  }
  if (start.getTime() < now.getTime() + NOTICE_HOURS * 60 * MINUTE) {
    return invalid(
      `Calls are booked at least ${NOTICE_HOURS} hours ahead: choose a later time from the list`,
      field,
    );
  }
  if (start.getTime() > now.getTime() + HORIZON_DAYS * 24 * 60 * MINUTE) {
    return invalid(
      `Calls are booked at most ${HORIZON_DAYS} days ahead: choose an earlier time from the list`,
      field,
    );
  }
  const rules: SlotRules = { now, timeZone };
  const [staff, allBusy] = await Promise.all([bookableStaff(db), busySpans(db, now)]);
  const busy = except ? allBusy.filter((span) => span.id !== except) : allBusy;
  const free = staffFreeAt(start, staff, busy, rules);
  const first = staff.find((member) => member.staffId === free[0]);
  if (first) return ok({ staffId: first.staffId, bufferMinutes: first.availability.bufferMinutes });
  if (staffFreeAt(start, staff, [], rules).length === 0) {
    return invalid("That time is outside our hours: choose a time from the list", field);
  }
  return conflict(SLOT_TAKEN_MESSAGE);
}

/** A new reschedule and cancel link for a booking: the tokens, stored only as hashes. */
export async function issueBookingTokens(tx: DbExecutor, bookingId: string) {
  const reschedule = `hlb_${randomBytes(32).toString("base64url")}`;
  const cancel = `hlb_${randomBytes(32).toString("base64url")}`;
  await tx.insert(bookingTokens).values([
    { bookingId, purpose: "reschedule", tokenHash: hashBookingToken(reschedule) },
    { bookingId, purpose: "cancel", tokenHash: hashBookingToken(cancel) },
  ]);
  return { reschedule, cancel };
}

/**
 * Books a Discovery Call: checks the slot against the hours, the notice and the horizon, gives it
 * to the first staff member free then, links it to the visitor's lead (or starts one) and queues
 * the confirmation with its invitation, in one transaction. Two visitors racing for one slot:
 * the database's exclusion constraint lets one in; the other is answered SLOT_TAKEN_MESSAGE.
 */
export async function bookCall(
  db: DbExecutor,
  request: CallRequest,
  settings: BookingSettings,
  now = new Date(),
): Promise<Outcome<BookingReceipt>> {
  const startsAt = new Date(request.startsAt);
  const free = await whoIsFree(db, startsAt, now, settings.timeZone);
  if (!free.ok) return free;
  const endsAt = new Date(startsAt.getTime() + CALL_MINUTES * MINUTE);
  const heldUntil = new Date(endsAt.getTime() + free.value.bufferMinutes * MINUTE);
  return outcomeOf(async () => {
    try {
      return await db.transaction(async (tx) => {
        await holdStaffCalendar(tx, free.value.staffId);
        const lead = await leadForBooking(tx, {
          name: request.name,
          email: request.email,
          note: request.note,
          when: formatSlotInWords(startsAt, settings.timeZone),
        });
        const [row] = await tx
          .insert(bookings)
          .values({
            staffId: free.value.staffId,
            leadId: lead.id,
            startsAt,
            endsAt,
            heldUntil,
            name: request.name,
            email: request.email,
            note: request.note ?? null,
            timeZone: request.timeZone,
          })
          .returning();
        const tokens = await issueBookingTokens(tx, row!.id);
        await queueBookingChange(tx, row!, "booked", settings, now, tokens, lead);
        return ok({
          id: row!.id,
          startsAt: startsAt.toISOString(),
          endsAt: endsAt.toISOString(),
          timeZone: request.timeZone,
        });
      });
    } catch (error) {
      if (isExclusionViolation(error)) throw new DomainFailureError(conflict(SLOT_TAKEN_MESSAGE));
      throw error;
    }
  });
}
