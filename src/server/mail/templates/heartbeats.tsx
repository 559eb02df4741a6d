import { brand } from "@content/site";
import { formatDateTime, formatPeriod } from "@shared/format";
import { simpleEmail, type EmailAction } from "../layout";
import type { QueuedEmail } from "../outbox";
import { incidentDuration } from "./monitoring";

type Person = { name: string; email: string };
type Settings = { agencyInbox: string; publicUrl: string };
type Job = { name: string; domain: string; periodSeconds: number; graceSeconds: number };

/** In the agency's time zone (brand.timeZone), named. */
const when = (moment: Date) => formatDateTime(moment, brand.timeZone);
const greeting = (to: Person | string) => (typeof to === "string" ? "Hello," : `Hi ${to.name},`);
const addressOf = (to: Person | string) => (typeof to === "string" ? to : to.email);

/**
 * A job's heartbeat was missed (no beat within its period and grace) or the job reported a
 * failure (?status=fail): the alert, as a down site's, with wording for a job.
 */
export function heartbeatDownEmail(
  to: Person | string,
  job: Job,
  incident: { startedAt: Date; detail: string; failed: boolean },
  action: EmailAction,
  settings: Settings,
): QueuedEmail {
  const subject = incident.failed
    ? `${job.domain}: ${job.name} failed`
    : `${job.domain}: ${job.name} missed its heartbeat`;
  return simpleEmail(
    "site-down",
    addressOf(to),
    subject,
    [
      greeting(to),
      incident.failed
        ? `The job “${job.name}” of ${job.domain} reported a failure at ${when(incident.startedAt)}: ${incident.detail}.`
        : `The job “${job.name}” of ${job.domain} has not reported a run in time: ${incident.detail}.`,
      `It should report every ${formatPeriod(job.periodSeconds)}, at most ${formatPeriod(job.graceSeconds)} late. We will email again when it reports a good run.`,
      typeof to === "string"
        ? "Please look into it."
        : `${brand.name} has been told too; reply to this email if you know of a reason.`,
    ],
    action,
    settings.agencyInbox,
  );
}

/** A good beat after an alerted incident: the job runs again. */
export function heartbeatRecoveredEmail(
  to: Person | string,
  job: Pick<Job, "name" | "domain">,
  incident: { startedAt: Date; endedAt: Date },
  action: EmailAction,
  settings: Settings,
): QueuedEmail {
  const duration = incidentDuration(incident);
  return simpleEmail(
    "site-recovered",
    addressOf(to),
    `${job.domain}: ${job.name} is running again (after ${duration})`,
    [
      greeting(to),
      `The job “${job.name}” of ${job.domain} reported a good run at ${when(incident.endedAt)}.`,
      `It had been missing or failing for ${duration}, since ${when(incident.startedAt)}.`,
    ],
    action,
    settings.agencyInbox,
  );
}
