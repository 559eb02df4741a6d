import { brand } from "@content/site";
import { formatCalendarDate, formatDateTime, formatDuration } from "@shared/format";
import { checkIntervalText } from "@shared/site-range";
import { simpleEmail, type EmailAction } from "../layout";
import type { QueuedEmail } from "../outbox";

type Person = { name: string; email: string };
type Settings = { agencyInbox: string; publicUrl: string };

/** "Nov 20, 2026, 2:00 AM PST": in the agency's time zone (brand.timeZone), named. */
const when = (moment: Date) => formatDateTime(moment, brand.timeZone);

/** How long an incident lasted: "3 hr 12 min", as the portal and the back office say it. */
export const incidentDuration = (incident: { startedAt: Date; endedAt: Date }) =>
  formatDuration((incident.endedAt.getTime() - incident.startedAt.getTime()) / 1000);

/** To a client owner (with a greeting) or to staff (recipient without a name). */
const greeting = (to: Person | string) => (typeof to === "string" ? "Hello," : `Hi ${to.name},`);
const addressOf = (to: Person | string) => (typeof to === "string" ? to : to.email);

/** A website stopped answering (two checks in a row failed). */
export function siteDownEmail(
  to: Person | string,
  site: { domain: string; address: string },
  incident: { startedAt: Date; detail: string },
  action: EmailAction,
  settings: Settings & { checkIntervalSeconds: number },
): QueuedEmail {
  return simpleEmail(
    "site-down",
    addressOf(to),
    `${site.domain} is down`,
    [
      greeting(to),
      `${site.domain} has not been answering since ${when(incident.startedAt)}: ${incident.detail}.`,
      `We check ${site.address} ${checkIntervalText(settings.checkIntervalSeconds)} and will email again when it is back up.`,
      typeof to === "string"
        ? "Please look into it."
        : `${brand.name} has been told too; reply to this email if you know of a reason.`,
    ],
    action,
    settings.agencyInbox,
  );
}

/** A website answers again, after an incident whose down email was sent. */
export function siteRecoveredEmail(
  to: Person | string,
  site: { domain: string },
  incident: { startedAt: Date; endedAt: Date },
  action: EmailAction,
  settings: Settings,
): QueuedEmail {
  const duration = incidentDuration(incident);
  return simpleEmail(
    "site-recovered",
    addressOf(to),
    `${site.domain} is back up (down ${duration})`,
    [
      greeting(to),
      `${site.domain} is answering again since ${when(incident.endedAt)}.`,
      `It was down for ${duration}, from ${when(incident.startedAt)}.`,
    ],
    action,
    settings.agencyInbox,
  );
}

/** A certificate or a domain expires in 30, 14 or 7 days (or fewer, after downtime). */
export function expiryWarningEmail(
  to: Person | string,
  subject: { kind: "certificate" | "domain"; name: string; expiresOn: string; autoRenew: boolean },
  daysLeft: number,
  action: EmailAction,
  settings: Settings,
): QueuedEmail {
  const what =
    subject.kind === "certificate"
      ? `The security certificate (https) of ${subject.name}`
      : `The domain ${subject.name}`;
  const inDays = daysLeft <= 0 ? "today" : `in ${daysLeft} ${daysLeft === 1 ? "day" : "days"}`;
  const advice =
    subject.kind === "certificate"
      ? "Certificates are normally renewed automatically; if this one is not renewed, visitors will see a security warning."
      : subject.autoRenew
        ? "It is set to renew automatically; please make sure the payment on file is current."
        : "It is not set to renew automatically: renew it before then or the site and its email stop working.";
  return simpleEmail(
    "expiry-warning",
    addressOf(to),
    `${subject.kind === "certificate" ? "Certificate" : "Domain"} ${subject.name} expires ${inDays}`,
    [
      greeting(to),
      `${what} expires ${inDays}, on ${formatCalendarDate(subject.expiresOn)}.`,
      advice,
    ],
    action,
    settings.agencyInbox,
  );
}

/** A maintenance notice's subject, and its title in the portal's bell. */
export const maintenanceTitle = (phase: "ahead" | "started" | "cancelled", domains: string[]) =>
  ({
    ahead: `Maintenance planned on ${domains.join(", ")}`,
    started: `Maintenance has started on ${domains.join(", ")}`,
    cancelled: `Maintenance cancelled on ${domains.join(", ")}`,
  })[phase];

/**
 * A maintenance window on some of a client's sites: 48 hours ahead, when it starts, and when it
 * is called off after the client was told of it.
 */
export function maintenanceEmail(
  to: Person,
  phase: "ahead" | "started" | "cancelled",
  window: { startsAt: Date; endsAt: Date; note: string; domains: string[] },
  action: EmailAction,
  settings: Settings,
): QueuedEmail {
  const sites = window.domains.join(", ");
  const span = `from ${when(window.startsAt)} to ${when(window.endsAt)}`;
  const lines = {
    ahead: [
      `${brand.name} will carry out maintenance on ${sites} ${span}.`,
      window.note,
      "We keep checking the sites during the window; this time does not count against their uptime.",
    ],
    started: [
      `Maintenance on ${sites} has started and runs until ${when(window.endsAt)}.`,
      window.note,
      "We keep checking the sites during the window; this time does not count against their uptime.",
    ],
    cancelled: [
      `The maintenance we told you of on ${sites}, planned ${span}, is cancelled.`,
      `It was for: ${window.note}`,
      "The sites are checked as usual: any time they do not answer counts against their uptime.",
    ],
  };
  return simpleEmail(
    "maintenance-notice",
    to.email,
    maintenanceTitle(phase, window.domains),
    [greeting(to), ...lines[phase]],
    action,
    settings.agencyInbox,
  );
}
