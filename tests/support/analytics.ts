import { eq } from "drizzle-orm";
import { goalEvents, pageViews, websites } from "../../src/server/db/schema";
import { companyOf, signInAs, type TestApp } from "./app";

/** A desktop Chrome's user agent, as a visitor's browser sends it with each page view. */
export const DESKTOP_BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/** The client whose site the analytics tests count visits of. */
export const siteOwnerEmail = "owner@harborcoffee.example";

/**
 * The client of the analytics tests, signed in (their session cookie), and their live site,
 * harborcoffee.example on the Business plan: its id and the key its tag sends.
 */
export async function aSiteWithItsOwner(t: TestApp, site: { checkUrl?: string } = {}) {
  const owner = await signInAs(t, siteOwnerEmail);
  const [row] = await t.database.db
    .insert(websites)
    .values({
      companyId: await companyOf(t, siteOwnerEmail),
      domain: "harborcoffee.example",
      plan: "Business",
      status: "active",
      ...site,
    })
    .returning({ id: websites.id, siteKey: websites.siteKey });
  return { owner, site: row! };
}

/** A site's page views as stored, oldest first, once the write buffer has been written out. */
export async function storedViews(t: TestApp, websiteId: string) {
  await t.app.analytics.buffer.flush();
  return t.database.db
    .select()
    .from(pageViews)
    .where(eq(pageViews.websiteId, websiteId))
    .orderBy(pageViews.id);
}

/** A site's goal completions as stored, oldest first, once their buffer has been written out. */
export async function storedGoals(t: TestApp, websiteId: string) {
  await t.app.analytics.goals.flush();
  return t.database.db
    .select()
    .from(goalEvents)
    .where(eq(goalEvents.websiteId, websiteId))
    .orderBy(goalEvents.id);
}
