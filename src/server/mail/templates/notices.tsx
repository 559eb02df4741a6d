import { brand } from "@content/site";
import { ticketNumber } from "@shared/ticket-number";
import { simpleEmail } from "../layout";
import type { QueuedEmail } from "../outbox";
import { ticketReplyAddress } from "../reply-address";

type Person = { name: string; email: string };
type Settings = { agencyInbox: string; publicUrl: string };
/** A ticket's emails reply to the ticket's own address, so an answer lands in its thread. */
type TicketRef = { id: string; subject: string; replyToken: string };
type TicketSettings = Settings & { supportEmail: string };

/** How the portal names a ticket's status. */
export const ticketStatusLabels: Record<string, string> = {
  open: "Open",
  "in-progress": "In progress",
  waiting: "Waiting for you",
  resolved: "Resolved",
  closed: "Closed",
};
export const statusLabel = (status: string) => ticketStatusLabels[status] ?? status;

/** To the client who opened a ticket: it arrived, with its number. */
export function ticketReceivedEmail(
  ticket: TicketRef & { priority: string },
  client: Person,
  link: string,
  settings: TicketSettings,
): QueuedEmail {
  const number = ticketNumber(ticket.id);
  return simpleEmail(
    "ticket-acknowledgement",
    client.email,
    `We received your request [${number}]`,
    [
      `Hi ${client.name},`,
      `Thank you: we received your support request "${ticket.subject}" (ticket ${number}, ${ticket.priority} priority).`,
      `Someone from ${brand.name} will answer in the portal, and we will email you when they do. You can add to it by replying to this email. Quote ${number} if you call us about it.`,
    ],
    { label: "View the ticket", href: link },
    ticketReplyAddress(settings.supportEmail, ticket.replyToken),
  );
}

/** To a client company's member: staff changed a ticket's status. */
export function ticketStatusEmail(
  ticket: TicketRef,
  status: string,
  client: Person,
  link: string,
  settings: TicketSettings,
): QueuedEmail {
  const number = ticketNumber(ticket.id);
  const closing =
    status === "resolved"
      ? "If something is still not right, reply to this email or in the portal and the ticket opens again."
      : status === "waiting"
        ? "We are waiting for an answer from you: please reply to this email or in the portal."
        : "We will keep you posted.";
  return simpleEmail(
    "ticket-status",
    client.email,
    `${statusLabel(status)}: ${ticket.subject} [${number}]`,
    [
      `Hi ${client.name},`,
      `Your support ticket "${ticket.subject}" (${number}) is now ${statusLabel(status).toLowerCase()}.`,
      closing,
    ],
    { label: "View the ticket", href: link },
    ticketReplyAddress(settings.supportEmail, ticket.replyToken),
  );
}

/** To the agency: a client marked their own ticket resolved. */
export function ticketResolvedByClientEmail(
  ticket: TicketRef,
  client: Person,
  link: string,
  settings: TicketSettings,
): QueuedEmail {
  const number = ticketNumber(ticket.id);
  return simpleEmail(
    "ticket-status",
    settings.agencyInbox,
    `Resolved by the client: ${ticket.subject} [${number}]`,
    [
      `${client.name} (${client.email}) marked the ticket "${ticket.subject}" (${number}) resolved.`,
      "A reply from them opens it again.",
    ],
    { label: "Open the ticket", href: link },
    ticketReplyAddress(settings.supportEmail, ticket.replyToken),
  );
}

/** To a client company's member: staff added a website or a domain to the account. */
export function addedToAccountEmail(
  kind: "website-added" | "domain-added",
  name: string,
  client: Person,
  link: string,
  settings: Settings,
): QueuedEmail {
  const what = kind === "website-added" ? "website" : "domain";
  return simpleEmail(
    kind,
    client.email,
    `${name} was added to your account`,
    [
      `Hi ${client.name},`,
      kind === "website-added"
        ? `${brand.name} added the website ${name} to your client portal. Its uptime, visitors and plan show there.`
        : `${brand.name} added the domain ${name} to your client portal. Its expiry date and auto-renew show there.`,
      `If you did not expect this ${what}, reply to this email.`,
    ],
    { label: kind === "website-added" ? "View the website" : "View your domains", href: link },
    settings.agencyInbox,
  );
}

/** To the agency: a client switched a domain's auto-renew on or off. */
export function autoRenewSwitchedEmail(
  domain: string,
  autoRenew: boolean,
  who: Person & { company: string },
  link: string,
  settings: Settings,
): QueuedEmail {
  const state = autoRenew ? "on" : "off";
  return simpleEmail(
    "auto-renew-switched",
    settings.agencyInbox,
    `Auto-renew ${state} for ${domain} (${who.company})`,
    [
      `${who.name} <${who.email}> of ${who.company} switched auto-renew ${state} for ${domain}.`,
      autoRenew
        ? "The domain should be renewed before it expires."
        : "The domain will not be renewed: it lapses at its expiry date unless they switch it on again.",
    ],
    { label: "Open the client", href: link },
    who.email,
  );
}
