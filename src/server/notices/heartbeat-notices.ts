import { clientLinks, staffLinks } from "@shared/deep-links";
import type { DbExecutor } from "../db/client";
import type { User } from "../db/schema";
import { heartbeatDownEmail, heartbeatRecoveredEmail } from "../mail/templates/heartbeats";
import { incidentDuration } from "../mail/templates/monitoring";
import { displayName } from "../auth/display-name";
import { companyUsers, copyTo, notify, staffUsers, type NoticeSettings } from "./notices";

type Job = {
  websiteId: string;
  companyId: string;
  domain: string;
  name: string;
  periodSeconds: number;
  graceSeconds: number;
};
type Incident = {
  id: string;
  startedAt: Date;
  endedAt?: Date | null;
  detail: string;
  failed: boolean;
};

const person = (user: User) => ({ name: displayName(user), email: user.email });

/**
 * A heartbeat's incident opened (missed or failed) or closed (a good beat): told as a site's
 * incident is (the same notice kinds, so the same choices apply), with wording for a job: the
 * company's owners are told and emailed, staff told and the agency emailed. Returns the number
 * of emails queued.
 */
export async function noticeHeartbeatIncident(
  tx: DbExecutor,
  phase: "down" | "recovered",
  job: Job,
  incident: Incident,
  settings: NoticeSettings,
): Promise<number> {
  const key = `heartbeat-${phase}:${incident.id}`;
  const endedAt = incident.endedAt ?? new Date();
  const clientLink = clientLinks.site(job.websiteId);
  const staffLink = staffLinks.monitoring();
  const email = (to: Parameters<typeof heartbeatDownEmail>[0]) => {
    const action =
      typeof to === "string"
        ? { label: "Open monitoring", href: `${settings.publicUrl}${staffLink}` }
        : { label: "Open the site's page", href: `${settings.publicUrl}${clientLink}` };
    return phase === "down"
      ? heartbeatDownEmail(to, job, incident, action, settings)
      : heartbeatRecoveredEmail(to, job, { ...incident, endedAt }, action, settings);
  };
  const title =
    phase === "down"
      ? `${job.domain}: ${job.name} ${incident.failed ? "failed" : "missed its heartbeat"}`
      : `${job.domain}: ${job.name} is running again (after ${incidentDuration({ startedAt: incident.startedAt, endedAt })})`;
  const body = phase === "down" ? incident.detail : null;
  const clients = await notify(tx, {
    kind: "site-incident",
    key,
    recipients: await companyUsers(tx, job.companyId, ["owner"]),
    companyId: job.companyId,
    title,
    body,
    link: clientLink,
    email: (user) => email(person(user)),
  });
  const agencyEmail = email(settings.agencyInbox);
  const staff = await notify(tx, {
    kind: "staff-site-incident",
    key,
    recipients: await staffUsers(tx),
    companyId: job.companyId,
    title,
    body,
    link: staffLink,
    agencyEmail,
    email: (user) => copyTo(agencyEmail, user),
  });
  return clients.emailed + staff.emailed;
}
