import { and, eq, inArray, lt, sql } from "drizzle-orm";
import { clientLinks, staffLinks } from "@shared/deep-links";
import { displayName } from "../auth/display-name";
import type { Db, DbExecutor } from "../db/client";
import {
  companyMembers,
  domainExpiresAt,
  domains,
  expiryAlerts,
  liveWebsite,
  siteMonitors,
  users,
  websites,
} from "../db/schema";
import { enqueueEmails } from "../mail/outbox";
import { expiryWarningEmail } from "../mail/templates/monitoring";
import { DAY_MS, dayStartOf } from "./site-checks";

/*
 * Expiry warnings of live sites' certificates and of domain names, each stage emailed once, to
 * the company's owners and the agency.
 */

/** Expiry warnings, days before. */
export const EXPIRY_STAGES = [30, 14, 7] as const;

export type MonitorSettings = { agencyInbox: string; publicUrl: string };

/** Who hears of an expiry: the company's owners (and the agency's inbox). */
async function alertRecipients(db: DbExecutor, companyId: string) {
  const owners = await db
    .select({ user: users })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.role, "owner")));
  return owners.map(({ user }) => ({ name: displayName(user), email: user.email }));
}

const dayText = (moment: Date) => moment.toISOString().slice(0, 10);

/** The most urgent warning stage reached `daysLeft` days before an expiry, if any. */
export function expiryStage(daysLeft: number): number | undefined {
  return EXPIRY_STAGES.filter((days) => daysLeft <= days).at(-1);
}

type Expiry = {
  kind: "certificate" | "domain";
  subjectId: string;
  companyId: string;
  name: string;
  expiresAt: Date;
  autoRenew: boolean;
};

/**
 * Certificates of live sites and domains expiring within 30 days (and not yet expired) are
 * warned of at 30, 14 and 7 days. Each stage is a primary key inserted in the transaction that
 * queues the email, so it is sent once; after downtime the earlier stages are recorded without
 * an email and only the most urgent one is sent. A renewed expiry date is a new key: new warnings.
 */
export async function sendExpiryWarnings(
  db: Db,
  now: Date,
  settings: MonitorSettings,
): Promise<{ warnings: number; emailsQueued: number }> {
  const done = { warnings: 0, emailsQueued: 0 };
  const horizon = new Date(now.getTime() + (EXPIRY_STAGES[0] + 1) * DAY_MS);
  const today = dayStartOf(now);
  const certificates = await db
    .select({
      subjectId: websites.id,
      companyId: websites.companyId,
      name: websites.domain,
      expiresAt: siteMonitors.certExpiresAt,
    })
    .from(siteMonitors)
    .innerJoin(websites, eq(websites.id, siteMonitors.websiteId))
    .where(
      and(
        liveWebsite,
        sql`${siteMonitors.certExpiresAt} >= ${today}`,
        lt(siteMonitors.certExpiresAt, horizon),
      ),
    );
  const domainRows = await db
    .select({
      subjectId: domains.id,
      companyId: domains.companyId,
      name: domains.domain,
      expiresAt: domainExpiresAt,
      autoRenew: domains.autoRenew,
    })
    .from(domains)
    .where(and(sql`${domainExpiresAt} >= ${today}`, lt(domainExpiresAt, horizon)));
  const expiries: Expiry[] = [
    ...certificates.map((row) => ({
      ...row,
      kind: "certificate" as const,
      expiresAt: row.expiresAt!,
      autoRenew: true,
    })),
    ...domainRows.map((row) => ({ ...row, kind: "domain" as const, expiresAt: row.expiresAt! })),
  ];
  // The warnings sent already, read at once: a pass runs every few seconds, and a third of the
  // certificates may be within a warning's reach at any time.
  const sentBefore =
    expiries.length === 0
      ? []
      : await db
          .select({
            kind: expiryAlerts.kind,
            subjectId: expiryAlerts.subjectId,
            expiresOn: expiryAlerts.expiresOn,
            daysBefore: expiryAlerts.daysBefore,
          })
          .from(expiryAlerts)
          .where(
            inArray(
              expiryAlerts.subjectId,
              expiries.map((expiry) => expiry.subjectId),
            ),
          );
  const warned = new Set(
    sentBefore.map((row) => `${row.kind} ${row.subjectId} ${row.expiresOn} ${row.daysBefore}`),
  );
  for (const expiry of expiries) {
    const expiresOn = dayText(expiry.expiresAt);
    const daysLeft = Math.round((Date.parse(expiresOn) - today.getTime()) / DAY_MS);
    const stage = expiryStage(daysLeft);
    if (stage === undefined) continue;
    if (warned.has(`${expiry.kind} ${expiry.subjectId} ${expiresOn} ${stage}`)) continue;
    const sent = await db.transaction(async (tx) => {
      const recorded = await tx
        .insert(expiryAlerts)
        .values(
          EXPIRY_STAGES.filter((days) => days >= stage).map((daysBefore) => ({
            kind: expiry.kind,
            subjectId: expiry.subjectId,
            expiresOn,
            daysBefore,
            sentAt: now,
          })),
        )
        .onConflictDoNothing()
        .returning({ daysBefore: expiryAlerts.daysBefore });
      if (!recorded.some((row) => row.daysBefore === stage)) return false;
      const recipients = [...(await alertRecipients(tx, expiry.companyId)), settings.agencyInbox];
      // The client opens the site's page or their domains; the agency the client's page.
      const clientAction = {
        label: "Open the portal",
        href: `${settings.publicUrl}${
          expiry.kind === "certificate" ? clientLinks.site(expiry.subjectId) : clientLinks.domains()
        }`,
      };
      const staffAction = {
        label: "Open the client",
        href: `${settings.publicUrl}${staffLinks.client(expiry.companyId)}`,
      };
      await enqueueEmails(
        tx,
        recipients.map((to) =>
          expiryWarningEmail(
            to,
            { kind: expiry.kind, name: expiry.name, expiresOn, autoRenew: expiry.autoRenew },
            daysLeft,
            to === settings.agencyInbox ? staffAction : clientAction,
            settings,
          ),
        ),
      );
      done.emailsQueued += recipients.length;
      return true;
    });
    if (sent) done.warnings++;
  }
  return done;
}
