import { formatDateTime } from "@shared/format";
import { incidentUpdateStatusLabels } from "@shared/incident-status";
import { brand } from "@content/site";
import { simpleEmail } from "../layout";
import type { QueuedEmail } from "../outbox";

type Page = { name: string; url: string };

/** Double opt-in: the link that confirms a status page subscription. */
export function subscriptionConfirmEmail(
  to: string,
  page: Page,
  confirmUrl: string,
  agencyInbox: string,
): QueuedEmail {
  return simpleEmail(
    "status-subscription",
    to,
    `Confirm your subscription to ${page.name}`,
    [
      "Hello,",
      `Someone (we hope you) asked to be emailed about incidents and maintenance shown on ${page.name} (${page.url}).`,
      "Confirm with the button below. If it was not you, ignore this email: you will not hear from us again.",
    ],
    { label: "Confirm my subscription", href: confirmUrl },
    agencyInbox,
  );
}

/** An incident update, to a confirmed subscriber, with one-click unsubscribe (RFC 8058). */
export function statusUpdateEmail(
  to: string,
  page: Page,
  incident: { title: string; domain: string },
  update: { status: keyof typeof incidentUpdateStatusLabels; message: string; createdAt: Date },
  unsubscribeUrl: string,
  agencyInbox: string,
): QueuedEmail {
  const status = incidentUpdateStatusLabels[update.status];
  const email = simpleEmail(
    "status-update",
    to,
    `[${page.name}] ${status}: ${incident.title}`,
    [
      `${status} · ${incident.domain} · ${formatDateTime(update.createdAt, brand.timeZone)}`,
      update.message,
      `You receive this because you subscribed to ${page.name}. Unsubscribe: ${unsubscribeUrl}`,
    ],
    { label: "Open the status page", href: page.url },
    agencyInbox,
  );
  return { ...email, listUnsubscribe: unsubscribeUrl };
}

/**
 * Maintenance staff scheduled (or called off) on a site a page shows, to a confirmed subscriber,
 * with one-click unsubscribe.
 */
export function statusMaintenanceEmail(
  to: string,
  page: Page,
  change: "scheduled" | "cancelled",
  window: { note: string; startsAt: Date; endsAt: Date; domains: string[] },
  unsubscribeUrl: string,
  agencyInbox: string,
): QueuedEmail {
  const when = `${formatDateTime(window.startsAt, brand.timeZone)} to ${formatDateTime(window.endsAt, brand.timeZone)}`;
  const heading = change === "scheduled" ? "Scheduled maintenance" : "Maintenance called off";
  const email = simpleEmail(
    "status-update",
    to,
    `[${page.name}] ${heading}: ${when}`,
    [
      `${heading} · ${window.domains.join(", ")} · ${when}`,
      change === "scheduled"
        ? window.note
        : `The maintenance planned for this time will not take place. ${window.note}`,
      `You receive this because you subscribed to ${page.name}. Unsubscribe: ${unsubscribeUrl}`,
    ],
    { label: "Open the status page", href: page.url },
    agencyInbox,
  );
  return { ...email, listUnsubscribe: unsubscribeUrl };
}
