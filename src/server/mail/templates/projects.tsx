import { brand } from "@content/site";
import { simpleEmail } from "../layout";
import type { QueuedEmail } from "../outbox";
import { clientLinks, staffLinks } from "@shared/deep-links";

type Person = { name: string; email: string };
type Settings = { agencyInbox: string; publicUrl: string };

/** To a client's owner or member: staff ask them to approve a milestone. */
export function approvalRequestEmail(
  to: Person,
  project: { name: string },
  milestone: { name: string; notes: string | null },
  settings: Settings,
): QueuedEmail {
  return simpleEmail(
    "project-approval-request",
    to.email,
    `Your approval is needed: ${milestone.name}`,
    [
      `Hi ${to.name},`,
      `${brand.name} asks for your approval of "${milestone.name}" on ${project.name}.`,
      ...(milestone.notes ? [milestone.notes] : []),
      "Open the Projects tab of your portal to approve it, or to tell us what you would like changed.",
    ],
    { label: "Review the milestone", href: `${settings.publicUrl}${clientLinks.projects()}` },
    settings.agencyInbox,
  );
}

/** To a client's owner or member: staff posted an update on their project. */
export function projectUpdateEmail(
  to: Person,
  project: { name: string },
  update: { body: string; previewUrl: string | null },
  settings: Settings,
): QueuedEmail {
  return simpleEmail(
    "project-update",
    to.email,
    `Project update: ${project.name}`,
    [
      `Hi ${to.name},`,
      `${brand.name} posted an update on ${project.name}:`,
      update.body,
      ...(update.previewUrl ? [`Preview: ${update.previewUrl}`] : []),
    ],
    { label: "View your project", href: `${settings.publicUrl}${clientLinks.projects()}` },
    settings.agencyInbox,
  );
}

/** To the agency: a client approved a milestone or asked for changes to it. */
export function milestoneAnswerEmail(
  client: Person,
  project: { id: string; name: string; companyId: string; companyName: string },
  milestone: { name: string },
  answer: { decision: "approved" | "changes-requested"; comment: string | null },
  settings: Settings,
): QueuedEmail {
  const approved = answer.decision === "approved";
  return simpleEmail(
    "project-milestone-answer",
    settings.agencyInbox,
    approved
      ? `${project.companyName} approved ${milestone.name}`
      : `${project.companyName} asks for changes to ${milestone.name}`,
    [
      `${client.name} <${client.email}> ${approved ? "approved" : "asked for changes to"} "${milestone.name}" on ${project.name}.`,
      ...(answer.comment ? [answer.comment] : []),
    ],
    {
      label: "Open the client",
      href: `${settings.publicUrl}${staffLinks.client(project.companyId)}`,
    },
    client.email,
  );
}
