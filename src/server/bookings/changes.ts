import { and, eq, isNull } from "drizzle-orm";
import { CALL_MINUTES, SLOT_TAKEN_MESSAGE, type BookingReceipt } from "@shared/schemas/bookings";
import { withAudit, type AuditContext } from "../audit/audit";
import type { Db, DbExecutor } from "../db/client";
import { bookings, bookingTokens, type BookingRow } from "../db/schema";
import {
  conflict,
  DomainFailureError,
  failure,
  ok,
  outcomeOf,
  type Outcome,
} from "../domain-failure";
import {
  hashBookingToken,
  holdStaffCalendar,
  isExclusionViolation,
  issueBookingTokens,
  whoIsFree,
  type BookingSettings,
} from "./bookings";
import { queueBookingChange } from "./messages";

const MINUTE = 60_000;
export type TokenPurpose = "reschedule" | "cancel";

const linkGone = (message: string) => failure("conflict", message);
const linkUnknown = () =>
  failure("not-found", "This link is not valid: use the latest email about your call");

/** The booking a link opens, if the link is unused and the call is still to come. */
async function openLink(
  db: DbExecutor,
  token: string,
  purpose: TokenPurpose,
  now: Date,
  lock = false,
): Promise<Outcome<{ row: BookingRow; tokenId: string }>> {
  const query = db
    .select({ booking: bookings, tokenId: bookingTokens.id, usedAt: bookingTokens.usedAt })
    .from(bookingTokens)
    .innerJoin(bookings, eq(bookings.id, bookingTokens.bookingId))
    .where(
      and(eq(bookingTokens.tokenHash, hashBookingToken(token)), eq(bookingTokens.purpose, purpose)),
    );
  const [found] = lock ? await query.for("update") : await query;
  if (!found) return linkUnknown();
  if (found.usedAt) {
    return linkGone("This link was already used: use the latest email about your call");
  }
  if (found.booking.status === "cancelled") return linkGone("This call is already cancelled");
  if (found.booking.startsAt.getTime() <= now.getTime()) {
    return linkGone("This call has already started: the link no longer works");
  }
  return ok({ row: found.booking, tokenId: found.tokenId });
}

/** What a change answers: the call's id, time and the visitor's zone. */
const receiptOf = (row: BookingRow) => ({
  id: row.id,
  startsAt: row.startsAt.toISOString(),
  endsAt: row.endsAt.toISOString(),
  timeZone: row.timeZone,
});

/** What a reschedule or cancel link shows before it is used: the call's time. */
export async function readLink(db: Db, token: string, purpose: TokenPurpose, now = new Date()) {
  const link = await openLink(db, token, purpose, now);
  if (!link.ok) return link;
  return ok(receiptOf(link.value.row));
}

/** Marks every link of a booking used: a change makes the old emails' links stale. */
async function retireLinks(tx: DbExecutor, bookingId: string, now: Date) {
  await tx
    .update(bookingTokens)
    .set({ usedAt: now })
    .where(and(eq(bookingTokens.bookingId, bookingId), isNull(bookingTokens.usedAt)));
}

/**
 * Moves a (locked) booking to a free start: the same UID with SEQUENCE one higher, the old links
 * retired and new ones in the visitor's email. The one way a call is moved, by link or by staff.
 */
async function moveBooking(
  tx: DbExecutor,
  before: BookingRow,
  startsAt: Date,
  free: { staffId: string; bufferMinutes: number },
  timeZone: string,
  settings: BookingSettings,
  now: Date,
) {
  await holdStaffCalendar(tx, free.staffId);
  await retireLinks(tx, before.id, now);
  const endsAt = new Date(startsAt.getTime() + CALL_MINUTES * MINUTE);
  const [row] = await tx
    .update(bookings)
    .set({
      staffId: free.staffId,
      startsAt,
      endsAt,
      heldUntil: new Date(endsAt.getTime() + free.bufferMinutes * MINUTE),
      timeZone,
      sequence: before.sequence + 1,
      reminderSentAt: null,
    })
    .where(eq(bookings.id, before.id))
    .returning();
  const links = await issueBookingTokens(tx, row!.id);
  await queueBookingChange(tx, row!, "moved", settings, now, links);
  return row!;
}

/** Cancels a (locked) booking: METHOD:CANCEL with a higher SEQUENCE, every link retired. */
async function cancelBooking(
  tx: DbExecutor,
  before: BookingRow,
  settings: BookingSettings,
  now: Date,
) {
  await retireLinks(tx, before.id, now);
  const [row] = await tx
    .update(bookings)
    .set({ status: "cancelled", sequence: before.sequence + 1 })
    .where(eq(bookings.id, before.id))
    .returning();
  await queueBookingChange(tx, row!, "cancelled", settings, now);
  return row!;
}

/** A slot taken by a racing booking, as the exclusion constraint reports it, told as such. */
async function slotTakenAsConflict<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isExclusionViolation(error)) throw new DomainFailureError(conflict(SLOT_TAKEN_MESSAGE));
    throw error;
  }
}

/**
 * Moves a call with its reschedule link: a free slot (same rules as booking), the same UID with
 * SEQUENCE one higher, new links in the new email; the old links stop working.
 */
export async function rescheduleCall(
  db: Db,
  token: string,
  startsAtIso: string,
  timeZone: string | undefined,
  settings: BookingSettings,
  now = new Date(),
) {
  const startsAt = new Date(startsAtIso);
  const peek = await openLink(db, token, "reschedule", now);
  if (!peek.ok) return peek;
  const free = await whoIsFree(db, startsAt, now, settings.timeZone, peek.value.row.id);
  if (!free.ok) return free;
  return outcomeOf(() =>
    slotTakenAsConflict(() =>
      db.transaction(async (tx) => {
        const link = await openLink(tx, token, "reschedule", now, true);
        if (!link.ok) throw new DomainFailureError(link);
        const { row } = link.value;
        const zone = timeZone ?? row.timeZone;
        return ok(receiptOf(await moveBooking(tx, row, startsAt, free.value, zone, settings, now)));
      }),
    ),
  );
}

/** Cancels a call with its cancel link: METHOD:CANCEL with a higher SEQUENCE, links retired. */
export async function cancelCall(
  db: Db,
  token: string,
  settings: BookingSettings,
  now = new Date(),
) {
  return outcomeOf(() =>
    db.transaction(async (tx) => {
      const link = await openLink(tx, token, "cancel", now, true);
      if (!link.ok) throw new DomainFailureError(link);
      return ok(receiptOf(await cancelBooking(tx, link.value.row, settings, now)));
    }),
  );
}

/** A booking staff may still change: it exists, stands, and has not started. */
async function openBooking(
  db: DbExecutor,
  id: string,
  now: Date,
  lock = false,
): Promise<Outcome<BookingRow>> {
  const query = db.select().from(bookings).where(eq(bookings.id, id));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) return failure("not-found", "This call does not exist: it may have been removed");
  if (row.status === "cancelled") return linkGone("This call is already cancelled");
  if (row.startsAt.getTime() <= now.getTime()) {
    return linkGone("This call has already started: it can no longer be moved or cancelled");
  }
  return ok(row);
}

const auditedCall = (row: BookingRow) => ({
  startsAt: row.startsAt.toISOString(),
  status: row.status,
  sequence: row.sequence,
  staffId: row.staffId,
});

/**
 * Staff move a call from the back office: the same checks and emails as the visitor's reschedule
 * link (the visitor keeps their time zone), audited in the same transaction.
 */
export async function staffMoveCall(
  db: Db,
  id: string,
  startsAtIso: string,
  settings: BookingSettings,
  context: AuditContext,
  now = new Date(),
): Promise<Outcome<BookingReceipt>> {
  const startsAt = new Date(startsAtIso);
  const peek = await openBooking(db, id, now);
  if (!peek.ok) return peek;
  const free = await whoIsFree(db, startsAt, now, settings.timeZone, id);
  if (!free.ok) return free;
  return outcomeOf(() =>
    slotTakenAsConflict(() =>
      withAudit(db, context, async (tx, audit) => {
        const before = await openBooking(tx, id, now, true);
        if (!before.ok) throw new DomainFailureError(before);
        const zone = before.value.timeZone;
        const after = await moveBooking(
          tx,
          before.value,
          startsAt,
          free.value,
          zone,
          settings,
          now,
        );
        await audit({
          action: "booking.moved",
          targetType: "booking",
          targetId: id,
          changes: { before: auditedCall(before.value), after: auditedCall(after) },
        });
        return ok(receiptOf(after));
      }),
    ),
  );
}

/** Staff cancel a call from the back office: METHOD:CANCEL to the visitor, audited. */
export async function staffCancelCall(
  db: Db,
  id: string,
  settings: BookingSettings,
  context: AuditContext,
  now = new Date(),
): Promise<Outcome<BookingReceipt>> {
  return outcomeOf(() =>
    withAudit(db, context, async (tx, audit) => {
      const before = await openBooking(tx, id, now, true);
      if (!before.ok) throw new DomainFailureError(before);
      const after = await cancelBooking(tx, before.value, settings, now);
      await audit({
        action: "booking.cancelled",
        targetType: "booking",
        targetId: id,
        changes: { before: auditedCall(before.value), after: auditedCall(after) },
      });
      return ok(receiptOf(after));
    }),
  );
}
