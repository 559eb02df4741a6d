import { and, asc, eq, ne, sql } from "drizzle-orm";
import {
  EXPIRING_SOON_DAYS,
  type Domain,
  type DomainInput,
  type StaffDomain,
} from "@shared/schemas/domains";
import type { DbExecutor } from "../db/client";
import { prepared } from "../db/prepared";
import { domainExpiresAt, domains, type Domain as DomainRow, type User } from "../db/schema";
import { noticeAddedToAccount, noticeAutoRenew } from "../notices/account-notices";
import type { NoticeSettings } from "../notices/notices";
import { lookupFailure } from "./rdap-check";

const DAY_MS = 24 * 60 * 60 * 1000;

function toDomain(row: DomainRow, now: Date): Domain {
  // As domainExpiresAt: the registry's date, else the typed one.
  const expiresAt = row.measuredExpiresAt ?? row.expiresAt;
  const left = expiresAt ? expiresAt.getTime() - now.getTime() : Infinity;
  return {
    id: row.id,
    domain: row.domain,
    autoRenew: row.autoRenew,
    expiresAt: expiresAt?.toISOString() ?? null,
    expirySource: row.measuredExpiresAt ? "measured" : row.expiresAt ? "typed" : null,
    typedExpiresAt: row.expiresAt?.toISOString() ?? null,
    registrar: row.registrar,
    registryStatus: row.registryStatus,
    expiringSoon: left >= 0 && left <= EXPIRING_SOON_DAYS * DAY_MS,
  };
}

const domainRows = (db: DbExecutor, companyId: string) =>
  prepared(db, "domains_of_company", (db) =>
    db
      .select()
      .from(domains)
      .where(eq(domains.companyId, sql.placeholder("companyId")))
      .orderBy(asc(domainExpiresAt)),
  ).execute({ companyId });

/** A company's domains as the portal shows them, soonest expiry first. */
export async function listDomains(
  db: DbExecutor,
  companyId: string,
  now = new Date(),
): Promise<Domain[]> {
  return (await domainRows(db, companyId)).map((row) => toDomain(row, now));
}

/** The same for staff, with why the registry's record could not be read, if it could not. */
export async function listStaffDomains(
  db: DbExecutor,
  companyId: string,
  now = new Date(),
): Promise<StaffDomain[]> {
  return (await domainRows(db, companyId)).map((row) => ({
    ...toDomain(row, now),
    registryLookupError: lookupFailure(row.rdapError),
  }));
}

/**
 * A member sets auto-renew on a domain of the company; undefined when it is not theirs (or not
 * there). A switch (not a repeat of the same value) is told to staff.
 */
export async function setAutoRenew(
  db: DbExecutor,
  member: { user: User; companyId: string },
  domainId: string,
  autoRenew: boolean,
  settings: NoticeSettings,
): Promise<Domain | undefined> {
  return db.transaction(async (tx) => {
    const mine = and(eq(domains.id, domainId), eq(domains.companyId, member.companyId));
    const [before] = await tx.select().from(domains).where(mine).for("update");
    if (!before) return undefined;
    if (before.autoRenew === autoRenew) return toDomain(before, new Date());
    const [row] = await tx.update(domains).set({ autoRenew }).where(mine).returning();
    await noticeAutoRenew(tx, row!, member.user, settings);
    return toDomain(row!, new Date());
  });
}

/** One domain row by its id (with its company), or undefined. */
export async function findDomainRow(db: DbExecutor, id: string) {
  const [row] = await db.select().from(domains).where(eq(domains.id, id));
  return row;
}

const toDomainRow = (input: DomainInput) => ({
  domain: input.domain,
  autoRenew: input.autoRenew,
  expiresAt: input.expiresAt ? new Date(`${input.expiresAt}T00:00:00Z`) : null,
});

/** Staff add a domain to a client: the row, and the company's members told, together. */
export async function addDomain(
  db: DbExecutor,
  companyId: string,
  input: DomainInput,
  settings: NoticeSettings,
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(domains)
      .values({ ...toDomainRow(input), companyId })
      .returning();
    if (row) await noticeAddedToAccount(tx, "domain-added", row, settings);
    return row;
  });
}

/** A renamed domain's registry record is another domain's: forgotten, and the new name due. */
const notLookedUp = {
  measuredExpiresAt: null,
  registrar: null,
  registryStatus: [],
  rdapCheckedAt: null,
  rdapError: null,
};

/** The updated row (with its company), or undefined when there is no such domain. */
export async function updateDomain(db: DbExecutor, id: string, input: DomainInput) {
  await db
    .update(domains)
    .set({ ...notLookedUp, rdapNextCheckAt: new Date() })
    .where(and(eq(domains.id, id), ne(domains.domain, input.domain)));
  const [row] = await db
    .update(domains)
    .set(toDomainRow(input))
    .where(eq(domains.id, id))
    .returning();
  return row;
}

export async function deleteDomain(db: DbExecutor, id: string): Promise<boolean> {
  return (await db.delete(domains).where(eq(domains.id, id)).returning()).length > 0;
}
