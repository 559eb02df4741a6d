import { clientLinks } from "@shared/deep-links";
import type { DbExecutor } from "../db/client";
import { maintenanceEmail } from "../mail/templates/monitoring";
import { displayName } from "../auth/display-name";
import { companyUsers, notify, type NoticeSettings } from "./notices";

type Window = { id: string; companyId: string; startsAt: Date; endsAt: Date; note: string };
type Site = { id: string; domain: string };

/**
 * A maintenance window coming (48 hours ahead) or started: every member of the client company is
 * told and emailed (unless they turned this kind's email off), once per window and phase.
 * Returns the number of emails queued.
 */
export async function noticeMaintenance(
  tx: DbExecutor,
  phase: "ahead" | "started",
  window: Window,
  sites: Site[],
  settings: NoticeSettings,
): Promise<number> {
  if (sites.length === 0) return 0;
  const domains = sites.map((site) => site.domain);
  // One site: its page, which shows the window; several: the dashboard.
  const link = sites.length === 1 ? clientLinks.site(sites[0]!.id) : clientLinks.dashboard();
  const told = await notify(tx, {
    kind: "site-maintenance",
    key: `maintenance-${phase}:${window.id}`,
    recipients: await companyUsers(tx, window.companyId),
    companyId: window.companyId,
    title:
      phase === "ahead"
        ? `Maintenance planned on ${domains.join(", ")}`
        : `Maintenance has started on ${domains.join(", ")}`,
    body: window.note,
    link,
    email: (user) =>
      maintenanceEmail(
        { name: displayName(user), email: user.email },
        phase,
        { ...window, domains },
        { label: "Open the portal", href: `${settings.publicUrl}${link}` },
        settings,
      ),
  });
  return told.emailed;
}
