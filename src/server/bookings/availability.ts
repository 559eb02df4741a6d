import { asc, eq } from "drizzle-orm";
import type { StaffHours } from "@shared/booking-slots";
import { defaultAvailability, type Availability } from "@shared/schemas/bookings";
import type { DbExecutor } from "../db/client";
import { staffAvailability, users } from "../db/schema";

/** A staff member's weekly Discovery Call hours: theirs, or the default ones until they save. */
export async function availabilityOf(db: DbExecutor, userId: string): Promise<Availability> {
  const [row] = await db
    .select({ days: staffAvailability.days, bufferMinutes: staffAvailability.bufferMinutes })
    .from(staffAvailability)
    .where(eq(staffAvailability.userId, userId));
  return row ?? defaultAvailability;
}

/** Saves a staff member's hours (each weekday once, in the order of the week). */
export async function saveAvailability(
  db: DbExecutor,
  userId: string,
  availability: Availability,
): Promise<Availability> {
  const days = [...availability.days].sort((a, b) => a.weekday - b.weekday);
  const values = { days, bufferMinutes: availability.bufferMinutes };
  await db
    .insert(staffAvailability)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: staffAvailability.userId, set: values });
  return values;
}

/**
 * Everyone who takes Discovery Calls: each staff member with their hours (the defaults until
 * they save their own; no days, no calls), longest-serving first, which is who a call goes to
 * when several are free.
 */
export async function bookableStaff(db: DbExecutor): Promise<StaffHours[]> {
  const rows = await db
    .select({
      staffId: users.id,
      days: staffAvailability.days,
      bufferMinutes: staffAvailability.bufferMinutes,
    })
    .from(users)
    .leftJoin(staffAvailability, eq(staffAvailability.userId, users.id))
    .where(eq(users.isAdmin, true))
    .orderBy(asc(users.createdAt), asc(users.id));
  return rows
    .map((row) => ({
      staffId: row.staffId,
      availability:
        row.days && row.bufferMinutes !== null
          ? { days: row.days, bufferMinutes: row.bufferMinutes }
          : defaultAvailability,
    }))
    .filter((member) => member.availability.days.length > 0);
}
