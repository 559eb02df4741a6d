import { clientLinks, staffLinks } from "@shared/deep-links";
import type { DbExecutor } from "../db/client";
import type { User } from "../db/schema";
import { incidentDuration, siteDownEmail, siteRecoveredEmail } from "../mail/templates/monitoring";
import { displayName } from "../auth/display-name";
import { companyUsers, copyTo, notify, staffUsers, type NoticeSettings } from "./notices";

type Site = { id: string; companyId: string; domain: string; address: string };
type Incident = { id: string; startedAt: Date; endedAt?: Date | null; detail: string };

/** The notice settings, and how often the monitor checks a site (MONITOR_INTERVAL). */
export type SiteNoticeSettings = NoticeSettings & { checkIntervalSeconds: number };

const person = (user: User) => ({ name: displayName(user), email: user.email });

/**
 * A site's incident opened (down) or closed (recovered): the company's owners are told and
 * emailed, staff told and the agency emailed. Returns the number of emails queued.
 */
export async function noticeSiteIncident(
  tx: DbExecutor,
  phase: "down" | "recovered",
  site: Site,
  incident: Incident,
  settings: SiteNoticeSettings,
): Promise<number> {
  const key = `site-${phase}:${incident.id}`;
  const endedAt = incident.endedAt ?? new Date();
  const clientLink = clientLinks.site(site.id);
  const staffLink = staffLinks.monitoring();
  // Owners open the site's page in the portal; the agency its monitoring view.
  const email = (to: Parameters<typeof siteDownEmail>[0]) => {
    const action =
      typeof to === "string"
        ? { label: "Open monitoring", href: `${settings.publicUrl}${staffLink}` }
        : { label: "Open the site's page", href: `${settings.publicUrl}${clientLink}` };
    return phase === "down"
      ? siteDownEmail(
          to,
          { domain: site.domain, address: site.address },
          incident,
          action,
          settings,
        )
      : siteRecoveredEmail(to, { domain: site.domain }, { ...incident, endedAt }, action, settings);
  };
  const title =
    phase === "down"
      ? `${site.domain} is down`
      : `${site.domain} is back up (down ${incidentDuration({ startedAt: incident.startedAt, endedAt })})`;
  const body = phase === "down" ? incident.detail : null;
  const clients = await notify(tx, {
    kind: "site-incident",
    key,
    recipients: await companyUsers(tx, site.companyId, ["owner"]),
    companyId: site.companyId,
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
    companyId: site.companyId,
    title,
    body,
    link: staffLink,
    agencyEmail,
    email: (user) => copyTo(agencyEmail, user),
  });
  return clients.emailed + staff.emailed;
}
