import { booking as bookingContent } from "@content/booking";
import { brand } from "@content/site";
import { staffLinks } from "@shared/deep-links";
import { formatSlotInWords } from "@shared/format";
import type { DbExecutor } from "../db/client";
import type { BookingRow } from "../db/schema";
import { enqueueEmails } from "../mail/outbox";
import {
  bookingChangeEmails,
  bookingReminderEmail,
  type CallChange,
  type CallForEmail,
} from "../mail/templates/bookings";
import { invitationIcs, invitationUid } from "./invitation";

export type BookingMailSettings = { publicUrl: string; agencyInbox: string; timeZone: string };
export type BookingLinks = { reschedule: string; cancel: string };

/** The page a visitor books, reschedules and cancels on. */
export const bookingPageUrl = (publicUrl: string, action?: { [key: string]: string }) =>
  `${publicUrl}/book${action ? `?${new URLSearchParams(action).toString()}` : ""}`;

function callForEmail(
  row: BookingRow,
  settings: BookingMailSettings,
  links?: BookingLinks,
  lead?: { id: string; kind: "contact" | "application" },
): CallForEmail {
  return {
    name: row.name,
    email: row.email,
    whenVisitor: formatSlotInWords(row.startsAt, row.timeZone),
    whenAgency: formatSlotInWords(row.startsAt, settings.timeZone),
    note: row.note,
    meetingLink: bookingContent.meetingLink,
    bookUrl: bookingPageUrl(settings.publicUrl),
    ...(links
      ? {
          rescheduleUrl: bookingPageUrl(settings.publicUrl, { reschedule: links.reschedule }),
          cancelUrl: bookingPageUrl(settings.publicUrl, { cancel: links.cancel }),
        }
      : {}),
    ...(lead ? { leadUrl: `${settings.publicUrl}${staffLinks.lead(lead.kind, lead.id)}` } : {}),
  };
}

/** A booked call as its calendar event describes it (the invitation, the staff's feed). */
export const invitationCallOf = (row: BookingRow, settings: BookingMailSettings) => ({
  bookingId: row.id,
  startsAt: row.startsAt,
  endsAt: row.endsAt,
  sequence: row.sequence,
  summary: `${bookingContent.callName} with ${brand.name}`,
  description: bookingContent.summary,
  meetingLink: bookingContent.meetingLink,
  organizer: { name: brand.name, email: settings.agencyInbox },
  attendee: { name: row.name, email: row.email },
});

/** The call's invitation: REQUEST while it stands, CANCEL once cancelled; same UID throughout. */
export function bookingIcs(row: BookingRow, settings: BookingMailSettings, now: Date): string {
  const method = row.status === "cancelled" ? "CANCEL" : "REQUEST";
  return invitationIcs(
    invitationCallOf(row, settings),
    method,
    invitationUid(row.id, settings.publicUrl),
    now,
  );
}

/** Queues a change's emails (in the change's transaction): the visitor's with its invitation. */
export function queueBookingChange(
  tx: DbExecutor,
  row: BookingRow,
  change: CallChange,
  settings: BookingMailSettings,
  now: Date,
  links?: BookingLinks,
  lead?: { id: string; kind: "contact" | "application" },
) {
  const call = { ...callForEmail(row, settings, links, lead), ics: bookingIcs(row, settings, now) };
  return enqueueEmails(tx, bookingChangeEmails(call, change, settings));
}

/** Queues the reminder a day before the call. */
export function queueBookingReminder(
  tx: DbExecutor,
  row: BookingRow,
  settings: BookingMailSettings,
  links: BookingLinks,
) {
  return enqueueEmails(tx, [bookingReminderEmail(callForEmail(row, settings, links))]);
}
