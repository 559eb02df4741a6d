import { brand } from "@content/site";
import {
  type Application,
  budgetOptions,
  type Contact,
  projectTypeOptions,
  timelineOptions,
} from "@shared/schemas/leads";
import { ButtonLink, emailText, renderEmailHtml } from "../layout";
import type { QueuedEmail } from "../outbox";
import { staffLinks } from "@shared/deep-links";

export type LeadKind = "contact" | "application";
export type LeadForEmail =
  | { kind: "contact"; id: string; reference: string; fields: Contact }
  | { kind: "application"; id: string; reference: string; fields: Application };

const labelOf = (options: readonly { value: string; label: string }[], value?: string) =>
  options.find((option) => option.value === value)?.label ?? value;

/** Every field of the lead, labelled as on the form, in the form's order. */
function leadRows(lead: LeadForEmail): [string, string][] {
  if (lead.kind === "contact") {
    const { name, email, subject, message } = lead.fields;
    return [
      ["Name", name],
      ["Email", email],
      ["Subject", subject],
      ["Message", message],
    ];
  }
  const f = lead.fields;
  return [
    ["Full Name", f.name],
    ["Email Address", f.email],
    ["Phone Number", f.phone ?? "—"],
    ["Company Name", f.company ?? "—"],
    ["Project Type", labelOf(projectTypeOptions, f.projectType) ?? "—"],
    ["Estimated Budget", labelOf(budgetOptions, f.budget) ?? "—"],
    ["Desired Timeline", labelOf(timelineOptions, f.timeline) ?? "—"],
    ["Project Description", f.description],
  ];
}

const kindLabel = (kind: LeadKind) => (kind === "contact" ? "message" : "project application");

/** The two emails a new lead causes: a notification to the agency and a receipt to the sender. */
export function leadEmails(
  lead: LeadForEmail,
  settings: { agencyInbox: string; publicUrl: string },
): QueuedEmail[] {
  const rows = leadRows(lead);
  const link = `${settings.publicUrl}${staffLinks.lead(lead.kind, lead.id)}`;
  const what = kindLabel(lead.kind);
  const topic =
    lead.kind === "contact"
      ? lead.fields.subject
      : labelOf(projectTypeOptions, lead.fields.projectType);
  const notificationSubject = `New ${what} ${lead.reference} from ${lead.fields.name}: ${topic}`;
  const ackSubject = `We received your ${what} (${lead.reference})`;
  const firstName = lead.fields.name.split(/\s+/)[0] ?? lead.fields.name;
  const bookUrl = `${settings.publicUrl}/book`;

  return [
    {
      kind: "lead-notification",
      to: settings.agencyInbox,
      replyTo: lead.fields.email,
      subject: notificationSubject,
      html: renderEmailHtml(
        notificationSubject,
        <>
          <p>
            A new {what} arrived on the website. Reference <strong>{lead.reference}</strong>. Reply
            to this email to answer {lead.fields.name} directly.
          </p>
          <table role="presentation" cellPadding={6} style={{ borderCollapse: "collapse" }}>
            <tbody>
              {rows.map(([label, value]) => (
                <tr key={label}>
                  <th align="left" style={{ verticalAlign: "top", color: "#6b6b70" }}>
                    {label}
                  </th>
                  <td style={{ whiteSpace: "pre-wrap" }}>{value}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p>
            <ButtonLink href={link}>Open the lead</ButtonLink>
          </p>
        </>,
      ),
      text: emailText([
        `A new ${what} arrived on the website. Reference ${lead.reference}.`,
        `Reply to this email to answer ${lead.fields.name} directly.`,
        "",
        ...rows.map(([label, value]) => `${label}: ${value}`),
        "",
        `Open the lead: ${link}`,
      ]),
    },
    {
      kind: "lead-acknowledgement",
      to: lead.fields.email,
      replyTo: settings.agencyInbox,
      subject: ackSubject,
      html: renderEmailHtml(
        ackSubject,
        <>
          <p>Hi {firstName},</p>
          <p>
            Thank you for your {what}. Our team will reach out within 24 hours. Your reference
            number is <strong>{lead.reference}</strong>; mention it if you call or write to us.
          </p>
          <p>Rather pick a time to talk now? Book a free 30-minute Discovery Call:</p>
          <p>
            <ButtonLink href={bookUrl}>Book a Discovery Call</ButtonLink>
          </p>
          <p>— The {brand.name} team</p>
        </>,
      ),
      text: emailText([
        `Hi ${firstName},`,
        "",
        `Thank you for your ${what}. Our team will reach out within 24 hours.`,
        `Your reference number is ${lead.reference}; mention it if you call or write to us.`,
        "",
        `Rather pick a time to talk now? Book a free 30-minute Discovery Call: ${bookUrl}`,
        "",
        `— The ${brand.name} team`,
      ]),
    },
  ];
}
