import { asc, eq, sql } from "drizzle-orm";
import { isLive, type Website, type WebsiteInput } from "@shared/schemas/websites";
import type { DbExecutor } from "../db/client";
import { prepared } from "../db/prepared";
import { websites, type Website as WebsiteRow } from "../db/schema";
import { noticeAddedToAccount } from "../notices/account-notices";
import type { NoticeSettings } from "../notices/notices";
import { siteFigures } from "./figures";

/** Websites with their measured figures. */
export async function withFigures(db: DbExecutor, rows: WebsiteRow[]): Promise<Website[]> {
  const figures = await siteFigures(
    db,
    rows.map((row) => ({ id: row.id, live: isLive(row.status) })),
  );
  return rows.map(({ companyId: _company, createdAt, ...site }) => ({
    ...site,
    ...figures.get(site.id)!,
    createdAt: createdAt.toISOString(),
  }));
}

export async function listWebsites(db: DbExecutor, companyId: string): Promise<Website[]> {
  const rows = await prepared(db, "websites_of_company", (db) =>
    db
      .select()
      .from(websites)
      .where(eq(websites.companyId, sql.placeholder("companyId")))
      .orderBy(asc(websites.createdAt)),
  ).execute({ companyId });
  return withFigures(db, rows);
}

/** One website row by its id (with its company), or undefined. */
export async function findWebsiteRow(db: DbExecutor, id: string) {
  const [row] = await db.select().from(websites).where(eq(websites.id, id));
  return row;
}

export async function createWebsite(db: DbExecutor, companyId: string, input: WebsiteInput) {
  const [row] = await db
    .insert(websites)
    .values({ ...input, companyId })
    .returning();
  return row;
}

/** Staff add a website to a client: the row, and the company's members told, together. */
export async function addWebsite(
  db: DbExecutor,
  companyId: string,
  input: WebsiteInput,
  settings: NoticeSettings,
) {
  return db.transaction(async (tx) => {
    const row = await createWebsite(tx, companyId, input);
    if (row) await noticeAddedToAccount(tx, "website-added", row, settings);
    return row;
  });
}

/** The updated row (with its company), or undefined when there is no such website. */
export async function updateWebsite(db: DbExecutor, id: string, input: WebsiteInput) {
  const [row] = await db.update(websites).set(input).where(eq(websites.id, id)).returning();
  return row;
}

export async function deleteWebsite(db: DbExecutor, id: string): Promise<boolean> {
  return (await db.delete(websites).where(eq(websites.id, id)).returning()).length > 0;
}
