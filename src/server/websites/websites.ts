import { asc, eq } from "drizzle-orm";
import type { Website, WebsiteInput } from "@shared/schemas/websites";
import type { Db, DbExecutor } from "../db/client";
import { websites, type Website as WebsiteRow } from "../db/schema";

const toWebsite = ({ companyId: _company, createdAt, ...site }: WebsiteRow): Website => ({
  ...site,
  createdAt: createdAt.toISOString(),
});

export async function listWebsites(db: Db, companyId: string): Promise<Website[]> {
  const rows = await db
    .select()
    .from(websites)
    .where(eq(websites.companyId, companyId))
    .orderBy(asc(websites.createdAt));
  return rows.map(toWebsite);
}

/** One website row by its id (with its company), or undefined. */
export async function findWebsiteRow(db: Db, id: string) {
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

/** The updated row (with its company), or undefined when there is no such website. */
export async function updateWebsite(db: Db, id: string, input: WebsiteInput) {
  const [row] = await db.update(websites).set(input).where(eq(websites.id, id)).returning();
  return row;
}

export async function deleteWebsite(db: Db, id: string): Promise<boolean> {
  return (await db.delete(websites).where(eq(websites.id, id)).returning()).length > 0;
}
