import { asc, eq } from "drizzle-orm";
import type { Website } from "@shared/schemas/websites";
import type { Db } from "../db/client";
import { websites } from "../db/schema";

export async function listWebsites(db: Db, userId: string): Promise<Website[]> {
  const rows = await db
    .select()
    .from(websites)
    .where(eq(websites.userId, userId))
    .orderBy(asc(websites.createdAt));
  return rows.map(({ userId: _owner, createdAt, ...site }) => ({
    ...site,
    createdAt: createdAt.toISOString(),
  }));
}
