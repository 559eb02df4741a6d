/**
 * The Discovery Call's fixed rules, plain values with no zod: what /book needs before its form
 * is used (the schemas in schemas/bookings.ts, which re-export these, load when it is).
 */

/** A Discovery Call lasts this long. */
export const CALL_MINUTES = 30;
/** A call starts at least this long after it is booked. */
export const NOTICE_HOURS = 24;
/** And at most this many days ahead. */
export const HORIZON_DAYS = 30;
/** The longest note a visitor may add. */
export const NOTE_MAX = 1000;
/** The most buffer a staff member may keep between calls. */
export const BUFFER_MAX = 120;
/** What a visitor (or staff) racing for a slot just taken is told, with the slots still open. */
export const SLOT_TAKEN_MESSAGE = "That time was just taken: please pick another";
