import ICAL from "ical.js";

/** A call as its calendar invitation describes it. */
export interface InvitationCall {
  bookingId: string;
  startsAt: Date;
  endsAt: Date;
  sequence: number;
  summary: string;
  description: string;
  meetingLink: string;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
}

/** The invitation's UID: the booking's, the same through every reschedule and the cancel. */
export const invitationUid = (bookingId: string, publicUrl: string) =>
  `booking-${bookingId}@${new URL(publicUrl).hostname}`;

function newCalendar(name: string) {
  const calendar = new ICAL.Component(["vcalendar", [], []]);
  calendar.updatePropertyWithValue("prodid", `-//Harborline//${name}//EN`);
  calendar.updatePropertyWithValue("version", "2.0");
  calendar.updatePropertyWithValue("calscale", "GREGORIAN");
  return calendar;
}

/** The call as a VEVENT: the same UID, SEQUENCE and times in the invitation and the staff feed. */
function callEvent(call: InvitationCall, uid: string, cancelled: boolean, now: Date) {
  const vevent = new ICAL.Component("vevent");
  const event = new ICAL.Event(vevent);
  event.uid = uid;
  event.sequence = call.sequence;
  event.summary = call.summary;
  event.description = `${call.description}\n\nJoin: ${call.meetingLink}`;
  event.location = call.meetingLink;
  event.startDate = ICAL.Time.fromJSDate(call.startsAt, true);
  event.endDate = ICAL.Time.fromJSDate(call.endsAt, true);
  vevent.updatePropertyWithValue("dtstamp", ICAL.Time.fromJSDate(now, true));
  vevent.updatePropertyWithValue("url", call.meetingLink);
  vevent.updatePropertyWithValue("status", cancelled ? "CANCELLED" : "CONFIRMED");
  const organizer = vevent.addPropertyWithValue("organizer", `mailto:${call.organizer.email}`);
  organizer.setParameter("cn", call.organizer.name);
  const attendee = vevent.addPropertyWithValue("attendee", `mailto:${call.attendee.email}`);
  attendee.setParameter("cn", call.attendee.name);
  attendee.setParameter("role", "REQ-PARTICIPANT");
  attendee.setParameter("partstat", cancelled ? "DECLINED" : "NEEDS-ACTION");
  attendee.setParameter("rsvp", cancelled ? "FALSE" : "TRUE");
  return vevent;
}

/**
 * An iCalendar invitation (RFC 5546) written with ical.js: METHOD:REQUEST for a new or moved call
 * (same UID, higher SEQUENCE), METHOD:CANCEL for a cancelled one; times in UTC.
 */
export function invitationIcs(
  call: InvitationCall,
  method: "REQUEST" | "CANCEL",
  uid: string,
  now: Date,
): string {
  const calendar = newCalendar("Discovery Call");
  calendar.updatePropertyWithValue("method", method);
  calendar.addSubcomponent(callEvent(call, uid, method === "CANCEL", now));
  return calendar.toString();
}

/**
 * A calendar to subscribe to (no METHOD: a published feed, not an invitation), each call a VEVENT
 * with the UID its invitation has, so a calendar app that has both shows the call once.
 */
export function feedIcs(
  name: string,
  calls: { call: InvitationCall; uid: string }[],
  now: Date,
): string {
  const calendar = newCalendar(name);
  calendar.updatePropertyWithValue("x-wr-calname", name);
  for (const { call, uid } of calls) calendar.addSubcomponent(callEvent(call, uid, false, now));
  return calendar.toString();
}
