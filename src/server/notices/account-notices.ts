import { eq } from "drizzle-orm";
import type { DbExecutor } from "../db/client";
import { companies, type Domain, type User, type Website } from "../db/schema";
import { addedToAccountEmail, autoRenewSwitchedEmail } from "../mail/templates/notices";
import { displayName } from "../auth/display-name";
import { companyUsers, copyTo, notify, staffUsers, type NoticeSettings } from "./notices";
import { clientLinks, staffLinks } from "@shared/deep-links";

/*
 * The notices of what a client has: a website or a domain staff added (to the company's
 * members), and a domain's auto-renew a client switched (to staff).
 */

const person = (user: User) => ({ name: displayName(user), email: user.email });

/** Staff added a website or a domain to a client: its members are told and emailed. */
export async function noticeAddedToAccount(
  tx: DbExecutor,
  kind: "website-added" | "domain-added",
  row: Pick<Website | Domain, "id" | "companyId" | "domain">,
  settings: NoticeSettings,
) {
  const link = kind === "website-added" ? clientLinks.site(row.id) : clientLinks.domains();
  await notify(tx, {
    kind,
    key: `${kind}:${row.id}`,
    recipients: await companyUsers(tx, row.companyId),
    companyId: row.companyId,
    title:
      kind === "website-added" ? `Website added: ${row.domain}` : `Domain added: ${row.domain}`,
    body: null,
    link,
    email: (user) =>
      addedToAccountEmail(kind, row.domain, person(user), `${settings.publicUrl}${link}`, settings),
  });
}

/** A client switched a domain's auto-renew: staff are told, and the agency emailed. */
export async function noticeAutoRenew(
  tx: DbExecutor,
  domain: Domain,
  by: User,
  settings: NoticeSettings,
  now = new Date(),
) {
  const [company] = await tx.select().from(companies).where(eq(companies.id, domain.companyId));
  const companyName = company?.name ?? "A client";
  const link = staffLinks.client(domain.companyId);
  const state = domain.autoRenew ? "on" : "off";
  const agencyEmail = autoRenewSwitchedEmail(
    domain.domain,
    domain.autoRenew,
    { ...person(by), company: companyName },
    `${settings.publicUrl}${link}`,
    settings,
  );
  await notify(tx, {
    kind: "staff-auto-renew",
    key: `auto-renew:${domain.id}:${state}:${now.getTime()}`,
    recipients: await staffUsers(tx),
    companyId: domain.companyId,
    title: `Auto-renew ${state} for ${domain.domain}`,
    body: `${displayName(by)} of ${companyName} switched it ${state}.`,
    link,
    agencyEmail,
    email: (user) => copyTo(agencyEmail, user),
  });
}
