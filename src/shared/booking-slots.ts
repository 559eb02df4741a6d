/**
 * The open Discovery Call slots: the staff's weekly hours read as wall-clock times in the
 * agency's time zone, less each staff member's buffer around their calls, from NOTICE_HOURS
 * after now to HORIZON_DAYS ahead. Pure: the clock and the bookings are given. A slot is a
 * start instant; it lasts CALL_MINUTES of real time and its start and end read, on the agency's
 * wall clock, as times inside the staff member's hours of that day (so a span of hours crossed
 * by a daylight-saving switch offers only the slots the clock really shows).
 */
import {
  CALL_MINUTES,
  HORIZON_DAYS,
  minuteOfClock,
  NOTICE_HOURS,
  type Availability,
} from "./schemas/bookings";
import {
  addDaysTo,
  dayInZone,
  instantOfWallClock,
  isoWeekday,
  steadyOffsetOfDay,
  wallClockInZone,
} from "./work-time";

const MINUTE = 60_000;

export interface StaffHours {
  staffId: string;
  availability: Availability;
}

/** A booked call: its staff member and its span (end exclusive). */
export interface BusySpan {
  staffId: string;
  startsAt: Date;
  endsAt: Date;
}

export interface SlotRules {
  now: Date;
  timeZone: string;
  minutes?: number;
  noticeHours?: number;
  horizonDays?: number;
}

/** One staff member's open slots, as start instants in order. */
export function staffSlots(staff: StaffHours, busy: BusySpan[], rules: SlotRules): Date[] {
  const minutes = rules.minutes ?? CALL_MINUTES;
  const earliest = rules.now.getTime() + (rules.noticeHours ?? NOTICE_HOURS) * 60 * MINUTE;
  const latest = rules.now.getTime() + (rules.horizonDays ?? HORIZON_DAYS) * 24 * 60 * MINUTE;
  const buffer = staff.availability.bufferMinutes * MINUTE;
  const theirs = busy.filter((span) => span.staffId === staff.staffId);
  const hours = new Map(staff.availability.days.map((day) => [day.weekday, day]));
  const slots: Date[] = [];
  const lastDay = dayInZone(new Date(latest), rules.timeZone);
  for (let day = dayInZone(new Date(earliest), rules.timeZone); day <= lastDay;) {
    const span = hours.get(isoWeekday(day));
    if (span) {
      const end = minuteOfClock(span.end);
      const steady = steadyOffsetOfDay(day, rules.timeZone);
      const [year, month, date] = day.split("-").map(Number) as [number, number, number];
      const midnight = Date.UTC(year, month - 1, date);
      for (let minute = minuteOfClock(span.start); minute + minutes <= end; minute += minutes) {
        const start =
          steady === null
            ? instantOfWallClock(day, minute, rules.timeZone)
            : new Date(midnight + (minute - steady) * MINUTE);
        if (!start || start.getTime() < earliest || start.getTime() > latest) continue;
        const finish = new Date(start.getTime() + minutes * MINUTE);
        if (steady === null) {
          // Across a switch the clock at the end is not the start plus the length: leave it out.
          const wall = wallClockInZone(finish, rules.timeZone);
          const endsOnTheDay = wall.day === day ? wall.minute : wall.minute + 24 * 60;
          if (endsOnTheDay !== minute + minutes) continue;
        }
        const clashes = theirs.some(
          (taken) =>
            start.getTime() < taken.endsAt.getTime() + buffer &&
            taken.startsAt.getTime() - buffer < finish.getTime(),
        );
        if (!clashes) slots.push(start);
      }
    }
    day = addDaysTo(day, 1);
  }
  return slots;
}

/** Every open slot of any staff member: start instants (ISO, UTC), each once, in order. */
export function openSlots(staff: StaffHours[], busy: BusySpan[], rules: SlotRules): string[] {
  const starts = new Set<number>();
  for (const member of staff) {
    for (const slot of staffSlots(member, busy, rules)) starts.add(slot.getTime());
  }
  return [...starts].sort((a, b) => a - b).map((time) => new Date(time).toISOString());
}

/** The staff members (by id) for whom a start instant is an open slot, in the order given. */
export function staffFreeAt(
  start: Date,
  staff: StaffHours[],
  busy: BusySpan[],
  rules: SlotRules,
): string[] {
  return staff
    .filter((member) =>
      staffSlots(member, busy, rules).some((slot) => slot.getTime() === start.getTime()),
    )
    .map((member) => member.staffId);
}
