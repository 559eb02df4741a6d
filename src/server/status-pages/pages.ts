import { and, asc, count, eq, inArray, isNotNull, like, ne } from "drizzle-orm";
import type { StaffStatusPageInput, StatusPageSettings } from "@shared/schemas/status-pages";
import type { DbExecutor } from "../db/client";
import {
  companies,
  outboxEmails,
  statusPages,
  statusPageSites,
  statusPageSubscribers,
  websites,
  type StatusPage,
} from "../db/schema";
import { conflict, invalid, notFound, ok, type Outcome } from "../domain-failure";

/** A status page's public path on the agency's own host. */
export const statusPagePath = (slug: string) => `/status/${slug}`;

/** A slug from a company's name: "Rivera Bakery, LLC" → "rivera-bakery-llc". */
export const slugOf = (name: string) =>
  name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 50)
    .replace(/-+$/, "") || "status";

/** A company's page settings, or its defaults (off, named after it) before the first save. */
export async function statusPageSettings(
  db: DbExecutor,
  companyId: string,
): Promise<StatusPageSettings | undefined> {
  const [company] = await db
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!company) return undefined;
  const [page] = await db.select().from(statusPages).where(eq(statusPages.companyId, companyId));
  const sites = await db
    .select({ id: websites.id, domain: websites.domain })
    .from(websites)
    .where(and(eq(websites.companyId, companyId), ne(websites.status, "cancelled")))
    .orderBy(asc(websites.domain));
  const shown = page
    ? await db
        .select({ websiteId: statusPageSites.websiteId })
        .from(statusPageSites)
        .where(eq(statusPageSites.pageId, page.id))
        .orderBy(asc(statusPageSites.position))
    : [];
  const [subscribers] = page
    ? await db
        .select({ n: count() })
        .from(statusPageSubscribers)
        .where(
          and(
            eq(statusPageSubscribers.pageId, page.id),
            isNotNull(statusPageSubscribers.confirmedAt),
          ),
        )
    : [{ n: 0 }];
  const slug = page?.slug ?? slugOf(company.name);
  return {
    exists: page !== undefined,
    enabled: page?.enabled ?? false,
    name: page?.name ?? `${company.name} status`,
    slug,
    indexed: page?.indexed ?? false,
    customHost: page?.customHost ?? null,
    websiteIds: shown.map((row) => row.websiteId),
    websites: sites,
    path: statusPagePath(slug),
    subscribers: subscribers?.n ?? 0,
  };
}

/**
 * Saves a company's page: its name, address, sites and whether it is shown; staff may also set
 * the client's own host name (`customHost` undefined: left as it is). Refused, changing nothing,
 * when the address or host name is another page's or a site is not the company's.
 */
export async function saveStatusPage(
  tx: DbExecutor,
  companyId: string,
  input: Omit<StaffStatusPageInput, "customHost" | "indexed"> & {
    indexed: boolean;
    customHost?: string | null | undefined;
  },
): Promise<Outcome<{ before: StatusPage | undefined; after: StatusPage }>> {
  const [company] = await tx
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!company) return notFound("Client not found");
  const siteIds = [...new Set(input.websiteIds)];
  if (siteIds.length > 0) {
    const theirs = await tx
      .select({ id: websites.id })
      .from(websites)
      .where(and(eq(websites.companyId, companyId), inArray(websites.id, siteIds)));
    if (theirs.length !== siteIds.length) {
      return invalid("Each site must be one of the company's websites", "websiteIds");
    }
  }
  const [slugTaken] = await tx
    .select({ id: statusPages.id })
    .from(statusPages)
    .where(and(eq(statusPages.slug, input.slug), ne(statusPages.companyId, companyId)));
  if (slugTaken) {
    return invalid(`The address /status/${input.slug} is taken: choose another`, "slug");
  }
  if (input.customHost) {
    const [hostTaken] = await tx
      .select({ id: statusPages.id })
      .from(statusPages)
      .where(
        and(eq(statusPages.customHost, input.customHost), ne(statusPages.companyId, companyId)),
      );
    if (hostTaken) return conflict(`${input.customHost} is another client's status page`);
  }
  const [before] = await tx
    .select()
    .from(statusPages)
    .where(eq(statusPages.companyId, companyId))
    .for("update");
  const values = {
    enabled: input.enabled,
    name: input.name,
    slug: input.slug,
    indexed: input.indexed,
    ...(input.customHost !== undefined ? { customHost: input.customHost } : {}),
  };
  const [after] = before
    ? await tx.update(statusPages).set(values).where(eq(statusPages.id, before.id)).returning()
    : await tx
        .insert(statusPages)
        .values({ companyId, ...values })
        .returning();
  await tx.delete(statusPageSites).where(eq(statusPageSites.pageId, after!.id));
  if (siteIds.length > 0) {
    await tx
      .insert(statusPageSites)
      .values(siteIds.map((websiteId, position) => ({ pageId: after!.id, websiteId, position })));
  }
  return ok({ before, after: after! });
}

/** A page that is turned on, by its slug. */
export async function shownPageBySlug(db: DbExecutor, slug: string) {
  const [page] = await db
    .select()
    .from(statusPages)
    .where(and(eq(statusPages.slug, slug), eq(statusPages.enabled, true)));
  return page;
}

/** A page that is turned on, by the client's own host name (lower case, no port). */
export async function shownPageByHost(db: DbExecutor, host: string) {
  const [page] = await db
    .select()
    .from(statusPages)
    .where(and(eq(statusPages.customHost, host), eq(statusPages.enabled, true)));
  return page;
}

/**
 * Whether the reverse proxy may get a certificate for a host name: only for one staff added to a
 * page (Caddy's on-demand TLS `ask`).
 */
export async function isStatusHost(db: DbExecutor, host: string): Promise<boolean> {
  const [page] = await db
    .select({ id: statusPages.id })
    .from(statusPages)
    .where(eq(statusPages.customHost, host.toLowerCase()));
  return page !== undefined;
}

/** The sites a page shows, in order, with their domain. */
export async function pageSites(db: DbExecutor, pageId: string) {
  return db
    .select({ id: websites.id, domain: websites.domain, status: websites.status })
    .from(statusPageSites)
    .innerJoin(websites, eq(websites.id, statusPageSites.websiteId))
    .where(eq(statusPageSites.pageId, pageId))
    .orderBy(asc(statusPageSites.position));
}

/** The pages that show a site and are turned on: their subscribers hear of its incidents. */
export async function pagesShowing(db: DbExecutor, websiteId: string) {
  return db
    .select({ page: statusPages })
    .from(statusPageSites)
    .innerJoin(statusPages, eq(statusPages.id, statusPageSites.pageId))
    .where(and(eq(statusPageSites.websiteId, websiteId), eq(statusPages.enabled, true)))
    .then((rows) => rows.map((row) => row.page));
}

/**
 * A company's status page and its subscribers, for a privacy export (undefined: it has none).
 * Subscribers are stored per page, so they are the company's to export and erase.
 */
export async function statusPageData(db: DbExecutor, companyId: string) {
  const [page] = await db.select().from(statusPages).where(eq(statusPages.companyId, companyId));
  if (!page) return undefined;
  const subscribers = await db
    .select({
      email: statusPageSubscribers.email,
      confirmedAt: statusPageSubscribers.confirmedAt,
      createdAt: statusPageSubscribers.createdAt,
    })
    .from(statusPageSubscribers)
    .where(eq(statusPageSubscribers.pageId, page.id))
    .orderBy(asc(statusPageSubscribers.email));
  return {
    name: page.name,
    slug: page.slug,
    enabled: page.enabled,
    indexed: page.indexed,
    customHost: page.customHost,
    subscribers: subscribers.map((row) => ({
      email: row.email,
      confirmedAt: row.confirmedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

/**
 * Erases a company's status page subscribers and the emails the page sent them (its confirm links
 * and updates, which name the page's address); the page itself goes with the company (cascade).
 */
export async function eraseStatusPageSubscribers(tx: DbExecutor, companyId: string) {
  const [page] = await tx.select().from(statusPages).where(eq(statusPages.companyId, companyId));
  if (!page) return;
  const subscribers = await tx
    .delete(statusPageSubscribers)
    .where(eq(statusPageSubscribers.pageId, page.id))
    .returning({ email: statusPageSubscribers.email });
  if (subscribers.length === 0) return;
  await tx.delete(outboxEmails).where(
    and(
      inArray(
        outboxEmails.to,
        subscribers.map((row) => row.email),
      ),
      inArray(outboxEmails.kind, ["status-subscription", "status-update"]),
      like(outboxEmails.text, `%${statusPagePath(page.slug)}/%`),
    ),
  );
}
