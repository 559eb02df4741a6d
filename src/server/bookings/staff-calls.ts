import { and, asc, desc, eq, gt } from "drizzle-orm";
import type { StaffCall } from "@shared/schemas/bookings";
import type { DbExecutor } from "../db/client";
import { bookings, leads, users } from "../db/schema";

/**
 * The calls the back office shows: a lead's (every one, newest first: what happened and what is
 * to come), or else every confirmed call still to come, soonest first.
 */
export async function listStaffCalls(
  db: DbExecutor,
  filter: { leadId?: string | undefined },
  now = new Date(),
): Promise<StaffCall[]> {
  const rows = await db
    .select({
      booking: bookings,
      leadKind: leads.kind,
      staffEmail: users.email,
      staffFirstName: users.firstName,
      staffLastName: users.lastName,
    })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.staffId))
    .leftJoin(leads, eq(leads.id, bookings.leadId))
    .where(
      filter.leadId
        ? eq(bookings.leadId, filter.leadId)
        : and(eq(bookings.status, "confirmed"), gt(bookings.endsAt, now)),
    )
    .orderBy(filter.leadId ? desc(bookings.startsAt) : asc(bookings.startsAt), asc(bookings.id))
    .limit(200);
  return rows.map(({ booking, leadKind, staffEmail, staffFirstName, staffLastName }) => ({
    id: booking.id,
    leadId: booking.leadId,
    leadKind: leadKind ?? null,
    name: booking.name,
    email: booking.email,
    startsAt: booking.startsAt.toISOString(),
    endsAt: booking.endsAt.toISOString(),
    timeZone: booking.timeZone,
    status: booking.status === "cancelled" ? "cancelled" : "confirmed",
    staffName: [staffFirstName, staffLastName].filter(Boolean).join(" ") || staffEmail,
  }));
}
