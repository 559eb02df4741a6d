import { and, eq, inArray } from "drizzle-orm";
import { clientLinks } from "@shared/deep-links";
import type { DbExecutor } from "../db/client";
import { companyMembers, notices, users, type User } from "../db/schema";
import { maintenanceEmail, maintenanceTitle } from "../mail/templates/monitoring";
import { displayName } from "../auth/display-name";
import { companyUsers, notify, type NoticeSettings } from "./notices";

type Window = { id: string; companyId: string; startsAt: Date; endsAt: Date; note: string };
type Site = { id: string; domain: string };

type Phase = "ahead" | "started" | "cancelled";

/** The company's members who were told of the window (ahead or at its start), and still are. */
async function toldOfWindow(tx: DbExecutor, window: Window): Promise<User[]> {
  const told: Phase[] = ["ahead", "started"];
  const rows = await tx
    .selectDistinct({ user: users })
    .from(notices)
    .innerJoin(users, eq(users.id, notices.userId))
    .innerJoin(
      companyMembers,
      and(eq(companyMembers.userId, users.id), eq(companyMembers.companyId, window.companyId)),
    )
    .where(
      inArray(
        notices.dedupeKey,
        told.map((phase) => `maintenance-${phase}:${window.id}`),
      ),
    );
  return rows.map((row) => row.user);
}

/**
 * A maintenance window coming (48 hours ahead) or started: every member of the client company is
 * told and emailed (unless they turned this kind's email off), once per window and phase. Called
 * off after that: the members who were told hear it is cancelled. Returns the number of emails
 * queued.
 */
export async function noticeMaintenance(
  tx: DbExecutor,
  phase: Phase,
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
    recipients:
      phase === "cancelled"
        ? await toldOfWindow(tx, window)
        : await companyUsers(tx, window.companyId),
    companyId: window.companyId,
    title: maintenanceTitle(phase, domains),
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
