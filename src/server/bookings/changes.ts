import { and, eq, isNull } from "drizzle-orm";
import { CALL_MINUTES, SLOT_TAKEN_MESSAGE } from "@shared/schemas/bookings";
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

/** What a reschedule or cancel link shows before it is used: the call's time. */
export async function readLink(db: Db, token: string, purpose: TokenPurpose, now = new Date()) {
  const link = await openLink(db, token, purpose, now);
  if (!link.ok) return link;
  const { row } = link.value;
  return ok({
    id: row.id,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    timeZone: row.timeZone,
  });
}

/** Marks every link of a booking used: a change makes the old emails' links stale. */
async function retireLinks(tx: DbExecutor, bookingId: string, now: Date) {
  await tx
    .update(bookingTokens)
    .set({ usedAt: now })
    .where(and(eq(bookingTokens.bookingId, bookingId), isNull(bookingTokens.usedAt)));
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
  return outcomeOf(async () => {
    try {
      return await db.transaction(async (tx) => {
        const link = await openLink(tx, token, "reschedule", now, true);
        if (!link.ok) throw new DomainFailureError(link);
        await retireLinks(tx, link.value.row.id, now);
        const endsAt = new Date(startsAt.getTime() + CALL_MINUTES * MINUTE);
        const [row] = await tx
          .update(bookings)
          .set({
            staffId: free.value.staffId,
            startsAt,
            endsAt,
            heldUntil: new Date(endsAt.getTime() + free.value.bufferMinutes * MINUTE),
            timeZone: timeZone ?? link.value.row.timeZone,
            sequence: link.value.row.sequence + 1,
            reminderSentAt: null,
          })
          .where(eq(bookings.id, link.value.row.id))
          .returning();
        const links = await issueBookingTokens(tx, row!.id);
        await queueBookingChange(tx, row!, "moved", settings, now, links);
        return ok({
          id: row!.id,
          startsAt: row!.startsAt.toISOString(),
          endsAt: row!.endsAt.toISOString(),
          timeZone: row!.timeZone,
        });
      });
    } catch (error) {
      if (isExclusionViolation(error)) throw new DomainFailureError(conflict(SLOT_TAKEN_MESSAGE));
      throw error;
    }
  });
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
      await retireLinks(tx, link.value.row.id, now);
      const [row] = await tx
        .update(bookings)
        .set({ status: "cancelled", sequence: link.value.row.sequence + 1 })
        .where(eq(bookings.id, link.value.row.id))
        .returning();
      await queueBookingChange(tx, row!, "cancelled", settings, now);
      return ok({
        id: row!.id,
        startsAt: row!.startsAt.toISOString(),
        endsAt: row!.endsAt.toISOString(),
        timeZone: row!.timeZone,
      });
    }),
  );
}
