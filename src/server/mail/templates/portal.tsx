import { brand } from "@content/site";
import { ButtonLink, emailText, renderEmailHtml } from "../layout";
import type { QueuedEmail } from "../outbox";

type TicketRef = { id: string; subject: string };
type Person = { name: string; email: string };

function simpleEmail(
  kind: QueuedEmail["kind"],
  to: string,
  subject: string,
  paragraphs: string[],
  action: { label: string; href: string },
  replyTo?: string,
): QueuedEmail {
  return {
    kind,
    to,
    ...(replyTo ? { replyTo } : {}),
    subject,
    html: renderEmailHtml(
      subject,
      <>
        {paragraphs.map((text, i) => (
          <p key={i} style={{ whiteSpace: "pre-wrap" }}>
            {text}
          </p>
        ))}
        <p>
          <ButtonLink href={action.href}>{action.label}</ButtonLink>
        </p>
      </>,
    ),
    text: emailText([
      ...paragraphs.flatMap((text) => [text, ""]),
      `${action.label}: ${action.href}`,
    ]),
  };
}

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

/** To a new client: their account exists; the link signs them in. */
export function invitationEmail(
  client: Person,
  link: string,
  days: number,
  settings: { agencyInbox: string },
): QueuedEmail {
  return simpleEmail(
    "client-invitation",
    client.email,
    `Your ${brand.name} client portal is ready`,
    [
      `Hi ${client.name},`,
      `We have set up your ${brand.name} client portal: your websites, domains, billing and support tickets in one place.`,
      `The button below signs you in. It works once and expires in ${days} days; after that, ask for a new link on the sign-in page with this email address.`,
    ],
    { label: "Open my client portal", href: link },
    settings.agencyInbox,
  );
}
