import { brand } from "@content/site";
import { booking as bookingContent } from "@content/booking";
import type { EmailAttachment } from "../../db/schema";
import { ButtonLink, emailText, renderEmailHtml } from "../layout";
import type { QueuedEmail } from "../outbox";

/** What a booking's emails say: the call's time in words, in the visitor's zone and the agency's. */
export interface CallForEmail {
  name: string;
  email: string;
  /** "Monday, March 22, 2027 at 5:00 PM Central European Standard Time" */
  whenVisitor: string;
  whenAgency: string;
  note?: string | null;
  meetingLink: string;
  /** The single-use links (none in a cancel's email). */
  rescheduleUrl?: string;
  cancelUrl?: string;
  /** The page to book again from. */
  bookUrl: string;
  /** The iCalendar file (REQUEST or CANCEL). */
  ics?: string;
  /** Where staff open the lead the call belongs to. */
  leadUrl?: string;
}

export type CallChange = "booked" | "moved" | "cancelled";

const invitation = (ics: string, method: "REQUEST" | "CANCEL"): EmailAttachment => ({
  filename: method === "CANCEL" ? "cancelled-call.ics" : "invitation.ics",
  contentType: `text/calendar; charset=utf-8; method=${method}`,
  contentBase64: Buffer.from(ics, "utf8").toString("base64"),
});

const firstNameOf = (name: string) => name.split(/\s+/)[0] ?? name;

/**
 * The visitor's email when a call is booked, moved or cancelled, with its invitation, and the
 * agency's note of it.
 */
export function bookingChangeEmails(
  call: CallForEmail,
  change: CallChange,
  settings: { agencyInbox: string },
): QueuedEmail[] {
  const { callName } = bookingContent;
  const subject = {
    booked: `Your ${callName} with ${brand.name}: ${call.whenVisitor}`,
    moved: `Your ${callName} with ${brand.name} moved to ${call.whenVisitor}`,
    cancelled: `Your ${callName} with ${brand.name} on ${call.whenVisitor} is cancelled`,
  }[change];
  const opening = {
    booked: `Your ${callName} is booked for ${call.whenVisitor}.`,
    moved: `Your ${callName} now takes place on ${call.whenVisitor}.`,
    cancelled: `Your ${callName} on ${call.whenVisitor} is cancelled. We hope to talk another time.`,
  }[change];
  const live = change !== "cancelled";
  const visitor: QueuedEmail = {
    kind: "booking-confirmation",
    to: call.email,
    replyTo: settings.agencyInbox,
    subject,
    html: renderEmailHtml(
      subject,
      <>
        <p>Hi {firstNameOf(call.name)},</p>
        <p>{opening}</p>
        {live && (
          <>
            <p>
              Join the call at <a href={call.meetingLink}>{call.meetingLink}</a>. The invitation is
              attached: open it to add the call to your calendar.
            </p>
            <p>
              <ButtonLink href={call.meetingLink}>Join the call</ButtonLink>
            </p>
            <p>
              Need another time? <a href={call.rescheduleUrl}>Reschedule</a> or{" "}
              <a href={call.cancelUrl}>cancel the call</a>. Each link works once.
            </p>
          </>
        )}
        {!live && (
          <p>
            <ButtonLink href={call.bookUrl}>Book another time</ButtonLink>
          </p>
        )}
        <p>— The {brand.name} team</p>
      </>,
    ),
    text: emailText([
      `Hi ${firstNameOf(call.name)},`,
      "",
      opening,
      "",
      ...(live
        ? [
            `Join the call: ${call.meetingLink}`,
            "The invitation is attached: open it to add the call to your calendar.",
            "",
            `Reschedule (works once): ${call.rescheduleUrl}`,
            `Cancel the call (works once): ${call.cancelUrl}`,
          ]
        : [`Book another time: ${call.bookUrl}`]),
      "",
      `— The ${brand.name} team`,
    ]),
    ...(call.ics ? { attachments: [invitation(call.ics, live ? "REQUEST" : "CANCEL")] } : {}),
  };
  const staffSubject = {
    booked: `${callName} booked by ${call.name}: ${call.whenAgency}`,
    moved: `${callName} with ${call.name} moved to ${call.whenAgency}`,
    cancelled: `${callName} with ${call.name} on ${call.whenAgency} cancelled`,
  }[change];
  const rows = [
    `When: ${call.whenAgency}`,
    `Who: ${call.name} <${call.email}>`,
    ...(call.note ? [`Note: ${call.note}`] : []),
  ];
  const agency: QueuedEmail = {
    kind: "booking-notification",
    to: settings.agencyInbox,
    replyTo: call.email,
    subject: staffSubject,
    html: renderEmailHtml(
      staffSubject,
      <>
        {rows.map((row) => (
          <p key={row} style={{ whiteSpace: "pre-wrap" }}>
            {row}
          </p>
        ))}
        {call.leadUrl && (
          <p>
            <ButtonLink href={call.leadUrl}>Open the lead</ButtonLink>
          </p>
        )}
      </>,
    ),
    text: emailText([...rows, ...(call.leadUrl ? ["", `Open the lead: ${call.leadUrl}`] : [])]),
  };
  return [visitor, agency];
}

/** The visitor's reminder, a day before the call. */
export function bookingReminderEmail(call: CallForEmail): QueuedEmail {
  const subject = `Reminder: your ${bookingContent.callName} with ${brand.name} is tomorrow`;
  const line = `Your ${bookingContent.callName} is on ${call.whenVisitor}.`;
  return {
    kind: "booking-reminder",
    to: call.email,
    subject,
    html: renderEmailHtml(
      subject,
      <>
        <p>Hi {firstNameOf(call.name)},</p>
        <p>{line}</p>
        <p>
          <ButtonLink href={call.meetingLink}>Join the call</ButtonLink>
        </p>
        <p>
          Need another time? <a href={call.rescheduleUrl}>Reschedule</a> or{" "}
          <a href={call.cancelUrl}>cancel the call</a>.
        </p>
      </>,
    ),
    text: emailText([
      `Hi ${firstNameOf(call.name)},`,
      "",
      line,
      `Join the call: ${call.meetingLink}`,
      "",
      `Reschedule: ${call.rescheduleUrl}`,
      `Cancel the call: ${call.cancelUrl}`,
    ]),
  };
}
