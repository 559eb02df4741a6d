import { brand } from "@content/site";
import { simpleEmail } from "../layout";
import type { QueuedEmail } from "../outbox";

type TicketRef = { id: string; subject: string };
type Person = { name: string; email: string };

/** To the agency: a client opened a ticket. */
export function newTicketEmail(
  ticket: TicketRef & { priority: string },
  client: Person,
  message: string,
  settings: { agencyInbox: string; publicUrl: string },
): QueuedEmail {
  return simpleEmail(
    "ticket-new",
    settings.agencyInbox,
    `New ${ticket.priority} ticket from ${client.name}: ${ticket.subject}`,
    [
      `${client.name} <${client.email}> opened a support ticket (${ticket.priority} priority).`,
      message,
    ],
    { label: "Open the ticket", href: `${settings.publicUrl}/admin/tickets/${ticket.id}` },
    client.email,
  );
}

/** To the agency: a client replied on their ticket. */
export function clientReplyEmail(
  ticket: TicketRef,
  client: Person,
  message: string,
  settings: { agencyInbox: string; publicUrl: string },
): QueuedEmail {
  return simpleEmail(
    "ticket-client-reply",
    settings.agencyInbox,
    `Reply from ${client.name}: ${ticket.subject}`,
    [`${client.name} <${client.email}> replied on their ticket.`, message],
    { label: "Open the ticket", href: `${settings.publicUrl}/admin/tickets/${ticket.id}` },
    client.email,
  );
}

/** To the client: staff answered their ticket. */
export function staffReplyEmail(
  ticket: TicketRef,
  client: Person,
  staffName: string,
  message: string,
  settings: { agencyInbox: string; publicUrl: string },
): QueuedEmail {
  return simpleEmail(
    "ticket-staff-reply",
    client.email,
    `Re: ${ticket.subject}`,
    [`Hi ${client.name},`, `${staffName} from ${brand.name} replied to your ticket:`, message],
    {
      label: "View the ticket",
      href: `${settings.publicUrl}/dashboard?tab=support&ticket=${ticket.id}`,
    },
    settings.agencyInbox,
  );
}
