import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { openSlots, staffSlots, type BusySpan, type StaffHours } from "./booking-slots";
import { formatSlotInWords, formatSlotTime } from "./format";
import { defaultAvailability, minuteOfClock, type Availability } from "./schemas/bookings";
import { isoWeekday, wallClockInZone } from "./work-time";

const LA = "America/Los_Angeles";
const BERLIN = "Europe/Berlin";
const staff = (availability: Availability = defaultAvailability, staffId = "a"): StaffHours => ({
  staffId,
  availability,
});
const everyDay = (start: string, end: string, bufferMinutes = 0): Availability => ({
  days: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start, end })),
  bufferMinutes,
});
const onDay = (slots: string[], day: string, timeZone = LA) =>
  slots.filter((slot) => wallClockInZone(new Date(slot), timeZone).day === day);

describe("Discovery Call slots in Los Angeles", () => {
  it("offers Monday to Friday, 9 to 5 in the agency's zone, from 24 hours ahead to 30 days", () => {
    const now = new Date("2027-01-04T18:00:00Z"); // Monday 10:00 in Los Angeles (PST)
    const slots = openSlots([staff()], [], { now, timeZone: LA });
    // The first is Tuesday 10:00 PST: 24 hours on, not 9:00.
    expect(slots[0]).toBe("2027-01-05T18:00:00.000Z");
    expect(onDay(slots, "2027-01-06")).toHaveLength(16);
    expect(onDay(slots, "2027-01-09")).toEqual([]); // Saturday
    // The last is 30 days on, 2027-02-03 10:00 PST (and no later).
    expect(slots.at(-1)).toBe("2027-02-03T18:00:00.000Z");
  });

  it("keeps 9:00 at 9:00 on the clock across the March switch (PST to PDT, March 14, 2027)", () => {
    const now = new Date("2027-03-10T12:00:00Z");
    const slots = openSlots([staff()], [], { now, timeZone: LA });
    expect(onDay(slots, "2027-03-12")[0]).toBe("2027-03-12T17:00:00.000Z"); // Friday, UTC-8
    expect(onDay(slots, "2027-03-15")[0]).toBe("2027-03-15T16:00:00.000Z"); // Monday, UTC-7
    expect(onDay(slots, "2027-03-15")).toHaveLength(16);
  });

  it("skips the hour the clock never shows on the night of the March switch", () => {
    const now = new Date("2027-03-12T12:00:00Z");
    const slots = staffSlots(staff(everyDay("01:00", "04:00")), [], { now, timeZone: LA });
    const sunday = onDay(
      slots.map((s) => s.toISOString()),
      "2027-03-14",
    );
    // 01:00 PST, then 03:00 and 03:30 PDT; 01:30 would end at 03:00 on the clock, and 02:xx is not.
    expect(sunday.map((slot) => formatSlotTime(slot, LA))).toEqual([
      "1:00 AM",
      "3:00 AM",
      "3:30 AM",
    ]);
    expect(sunday[1]).toBe("2027-03-14T10:00:00.000Z");
  });

  it("keeps 9:00 at 9:00 across the November switch (PDT to PST, November 7, 2027)", () => {
    const now = new Date("2027-11-03T12:00:00Z");
    const slots = openSlots([staff()], [], { now, timeZone: LA });
    expect(onDay(slots, "2027-11-05")[0]).toBe("2027-11-05T16:00:00.000Z"); // Friday, UTC-7
    expect(onDay(slots, "2027-11-08")[0]).toBe("2027-11-08T17:00:00.000Z"); // Monday, UTC-8
  });

  it("offers a time read twice on the night of the November switch once, at its first reading", () => {
    const now = new Date("2027-11-05T12:00:00Z");
    const slots = staffSlots(staff(everyDay("00:00", "03:00")), [], { now, timeZone: LA });
    const sunday = onDay(
      slots.map((s) => s.toISOString()),
      "2027-11-07",
    );
    expect(sunday).toContain("2027-11-07T08:00:00.000Z"); // 01:00 PDT
    expect(sunday).not.toContain("2027-11-07T09:00:00.000Z"); // 01:00 PST, the second reading
    for (const slot of sunday) {
      expect(wallClockInZone(new Date(slot), LA).minute % 30).toBe(0);
    }
  });

  it("leaves out each booking with the staff member's buffer around it", () => {
    const now = new Date("2027-01-04T18:00:00Z");
    const busy: BusySpan[] = [
      {
        staffId: "a",
        startsAt: new Date("2027-01-06T18:00:00Z"),
        endsAt: new Date("2027-01-06T18:30:00Z"),
      },
    ];
    const wednesday = onDay(openSlots([staff()], busy, { now, timeZone: LA }), "2027-01-06");
    const times = wednesday.map((slot) => formatSlotTime(slot, LA));
    // 10:00 is booked; the 15 minutes either side take 9:30 and 10:30 too.
    expect(times.slice(0, 3)).toEqual(["9:00 AM", "11:00 AM", "11:30 AM"]);
    // Another staff member who is free keeps the time open.
    const two = onDay(
      openSlots([staff(), staff(defaultAvailability, "b")], busy, { now, timeZone: LA }),
      "2027-01-06",
    );
    expect(two).toHaveLength(16);
  });
});

describe("a visitor in Berlin, whose clocks switch on other dates", () => {
  it("sees 9:00 Los Angeles as 17:00 while only Los Angeles has switched in March, 18:00 after", () => {
    const now = new Date("2027-03-17T12:00:00Z");
    const slots = openSlots([staff()], [], { now, timeZone: LA });
    // Monday March 22: LA on PDT, Berlin still on CET: 8 hours apart.
    expect(formatSlotInWords(onDay(slots, "2027-03-22")[0]!, BERLIN)).toBe(
      "Monday, March 22, 2027 at 5:00 PM Central European Standard Time",
    );
    // Monday March 29: Berlin switched on the 28th: 9 hours apart again.
    expect(formatSlotInWords(onDay(slots, "2027-03-29")[0]!, BERLIN)).toBe(
      "Monday, March 29, 2027 at 6:00 PM Central European Summer Time",
    );
  });

  it("sees 9:00 Los Angeles as 17:00 between Berlin's switch (October 31) and Los Angeles's", () => {
    const now = new Date("2027-10-27T12:00:00Z");
    const slots = openSlots([staff()], [], { now, timeZone: LA });
    expect(formatSlotTime(onDay(slots, "2027-10-29")[0]!, BERLIN)).toBe("6:00 PM"); // both summer
    expect(formatSlotTime(onDay(slots, "2027-11-01")[0]!, BERLIN)).toBe("5:00 PM"); // Berlin winter
    expect(formatSlotTime(onDay(slots, "2027-11-08")[0]!, BERLIN)).toBe("6:00 PM"); // both winter
  });
});

const zones = [LA, BERLIN, "America/New_York", "Australia/Lord_Howe", "Asia/Kolkata", "UTC"];
/** Instants around the switches of 2027 (and of the southern hemisphere's April and October). */
const switchWeeks = [
  "2027-03-08",
  "2027-03-24",
  "2027-04-01",
  "2027-09-29",
  "2027-10-28",
  "2027-11-03",
];

const arbitraryAvailability: fc.Arbitrary<Availability> = fc.record({
  days: fc
    .uniqueArray(
      fc.record({
        weekday: fc.integer({ min: 1, max: 7 }),
        start: fc.integer({ min: 0, max: 46 }),
        length: fc.integer({ min: 1, max: 47 }),
      }),
      { selector: (day) => day.weekday, maxLength: 7 },
    )
    .map((days) =>
      days.map((day) => {
        const start = day.start * 30;
        const end = Math.min(start + day.length * 30, 23 * 60 + 59);
        const clock = (m: number) =>
          `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
        return { weekday: day.weekday, start: clock(start), end: clock(end) };
      }),
    ),
  bufferMinutes: fc.integer({ min: 0, max: 120 }),
});

describe("slots across daylight-saving switches (property)", () => {
  it("are each 30 minutes of real time, inside the hours on the clock, in the window, clear of bookings", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.constantFrom(...switchWeeks),
        fc.integer({ min: 0, max: 7 * 24 * 60 }),
        arbitraryAvailability,
        fc.array(fc.integer({ min: 0, max: 32 * 24 * 2 }), { maxLength: 6 }),
        (timeZone, week, offsetMinutes, availability, bookedHalfHours) => {
          const now = new Date(new Date(`${week}T00:00:00Z`).getTime() + offsetMinutes * 60_000);
          const busy = bookedHalfHours.map((half) => {
            const startsAt = new Date(now.getTime() + half * 30 * 60_000);
            return { staffId: "a", startsAt, endsAt: new Date(startsAt.getTime() + 30 * 60_000) };
          });
          const slots = staffSlots(staff(availability), busy, { now, timeZone });
          const buffer = availability.bufferMinutes * 60_000;
          let previous = -Infinity;
          for (const start of slots) {
            const end = new Date(start.getTime() + 30 * 60_000);
            expect(start.getTime()).toBeGreaterThan(previous);
            previous = start.getTime();
            expect(start.getTime()).toBeGreaterThanOrEqual(now.getTime() + 24 * 3_600_000);
            expect(start.getTime()).toBeLessThanOrEqual(now.getTime() + 30 * 86_400_000);
            const from = wallClockInZone(start, timeZone);
            const to = wallClockInZone(end, timeZone);
            const hours = availability.days.find((day) => day.weekday === isoWeekday(from.day));
            expect(hours).toBeDefined();
            expect(to.day).toBe(from.day);
            expect(to.minute - from.minute).toBe(30);
            expect(from.minute).toBeGreaterThanOrEqual(minuteOfClock(hours!.start));
            expect(to.minute).toBeLessThanOrEqual(minuteOfClock(hours!.end));
            for (const taken of busy) {
              const clear =
                end.getTime() + buffer <= taken.startsAt.getTime() ||
                start.getTime() >= taken.endsAt.getTime() + buffer;
              expect(clear).toBe(true);
            }
          }
        },
      ),
      { numRuns: 100 },
    );
  });
});
