import { clientLinks, staffLinks } from "@shared/deep-links";
import type { DbExecutor } from "../db/client";
import type { User } from "../db/schema";
import type { EmailAction } from "../mail/layout";
import type { QueuedEmail } from "../mail/outbox";
import { heartbeatDownEmail, heartbeatRecoveredEmail } from "../mail/templates/heartbeats";
import { incidentDuration, siteDownEmail, siteRecoveredEmail } from "../mail/templates/monitoring";
import { displayName } from "../auth/display-name";
import { companyUsers, copyTo, notify, staffUsers, type NoticeSettings } from "./notices";

type Person = { name: string; email: string };
type Site = { id: string; companyId: string; domain: string; address: string };
type Incident = { id: string; startedAt: Date; endedAt?: Date | null; detail: string };
type Job = {
  websiteId: string;
  companyId: string;
  domain: string;
  name: string;
  periodSeconds: number;
  graceSeconds: number;
};

/** The notice settings, and how often the monitor checks a site (MONITOR_INTERVAL). */
export type SiteNoticeSettings = NoticeSettings & { checkIntervalSeconds: number };

/**
 * What is told of an incident of a site (its own outage, or a job's missed or failed beat): the
 * bell's title and body, and the email to an owner (a person) or to the agency (an address).
 */
export type IncidentNotice = {
  /** Once per incident and phase: a notice with this key is never told twice. */
  key: string;
  websiteId: string;
  companyId: string;
  title: string;
  body: string | null;
  email: (to: Person | string, action: EmailAction) => QueuedEmail;
};

const person = (user: User) => ({ name: displayName(user), email: user.email });

/**
 * An incident opened (down) or closed (recovered): the company's owners are told and emailed,
 * staff told and the agency emailed. Owners' emails open the site's page in the portal; the
 * agency's its monitoring view. Returns the number of emails queued.
 */
export async function noticeIncident(
  tx: DbExecutor,
  notice: IncidentNotice,
  settings: NoticeSettings,
): Promise<number> {
  const clientLink = clientLinks.site(notice.websiteId);
  const staffLink = staffLinks.monitoring();
  const { key, companyId, title, body } = notice;
  const clients = await notify(tx, {
    kind: "site-incident",
    key,
    recipients: await companyUsers(tx, companyId, ["owner"]),
    companyId,
    title,
    body,
    link: clientLink,
    email: (user) =>
      notice.email(person(user), {
        label: "Open the site's page",
        href: `${settings.publicUrl}${clientLink}`,
      }),
  });
  const agencyEmail = notice.email(settings.agencyInbox, {
    label: "Open monitoring",
    href: `${settings.publicUrl}${staffLink}`,
  });
  const staff = await notify(tx, {
    kind: "staff-site-incident",
    key,
    recipients: await staffUsers(tx),
    companyId,
    title,
    body,
    link: staffLink,
    agencyEmail,
    email: (user) => copyTo(agencyEmail, user),
  });
  return clients.emailed + staff.emailed;
}

/** A site stopped answering (down) or answers again (recovered). */
export function siteIncidentNotice(
  phase: "down" | "recovered",
  site: Site,
  incident: Incident,
  settings: SiteNoticeSettings,
): IncidentNotice {
  const endedAt = incident.endedAt ?? new Date();
  const duration = incidentDuration({ startedAt: incident.startedAt, endedAt });
  return {
    key: `site-${phase}:${incident.id}`,
    websiteId: site.id,
    companyId: site.companyId,
    title:
      phase === "down" ? `${site.domain} is down` : `${site.domain} is back up (down ${duration})`,
    body: phase === "down" ? incident.detail : null,
    email: (to, action) =>
      phase === "down"
        ? siteDownEmail(to, site, incident, action, settings)
        : siteRecoveredEmail(to, site, { ...incident, endedAt }, action, settings),
  };
}

/**
 * A job's heartbeat was missed or failed (down), or a good beat came after (recovered): told as
 * a site's incident is (the same notice kinds, so the same choices apply), with a job's wording.
 */
export function heartbeatIncidentNotice(
  phase: "down" | "recovered",
  job: Job,
  incident: Incident & { failed: boolean },
  settings: NoticeSettings,
): IncidentNotice {
  const endedAt = incident.endedAt ?? new Date();
  const duration = incidentDuration({ startedAt: incident.startedAt, endedAt });
  return {
    key: `heartbeat-${phase}:${incident.id}`,
    websiteId: job.websiteId,
    companyId: job.companyId,
    title:
      phase === "down"
        ? `${job.domain}: ${job.name} ${incident.failed ? "failed" : "missed its heartbeat"}`
        : `${job.domain}: ${job.name} is running again (after ${duration})`,
    body: phase === "down" ? incident.detail : null,
    email: (to, action) =>
      phase === "down"
        ? heartbeatDownEmail(to, job, incident, action, settings)
        : heartbeatRecoveredEmail(to, job, { ...incident, endedAt }, action, settings),
  };
}
