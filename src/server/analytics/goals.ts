import { sql } from "drizzle-orm";
import { z } from "zod";
import { plainText, visible } from "@shared/schemas/fields";
import { AUTOMATIC_GOALS, MAX_GOAL_NAME } from "@shared/schemas/site-audience";
import type { Db } from "../db/client";
import { eventTypeMessage, pageUrlField, siteKeyField } from "./ingest";

/**
 * Goals: what a visitor did that the client counts as a success. The page calls
 * `hl("Signup")`; with staff's switches on, /js/hl.js also reports clicks on links to other sites
 * ("Outbound link") and on files ("File download"). A goal is one goal_events row with the
 * visitor's daily hash, so the site page can tell which source and campaign brought the
 * visitors who reached it (websites/audience.ts).
 */

const nameMessage = `name must be the goal's name: 1 to ${MAX_GOAL_NAME} characters on one line`;

/** What `hl(name)` sends, as a text/plain JSON body like a page view's. */
export const goalEventFields = {
  type: z.literal("goal", { error: eventTypeMessage }),
  name: plainText("name", nameMessage)
    .trim()
    .min(1, { error: nameMessage })
    .max(MAX_GOAL_NAME, { error: `name must be at most ${MAX_GOAL_NAME} characters` })
    .refine((value) => !/[\r\n\u2028\u2029]/.test(value), nameMessage)
    .refine(visible, nameMessage),
};

export type AutomaticGoalSwitches = { trackOutboundLinks: boolean; trackFileDownloads: boolean };

/**
 * Whether a goal is counted for the site: an automatic goal only while staff have its switch
 * on (a page with an old snippet may still send it); a goal named by the page always.
 */
export function goalCounted(name: string, site: AutomaticGoalSwitches): boolean {
  if (name === AUTOMATIC_GOALS.outbound) return site.trackOutboundLinks;
  if (name === AUTOMATIC_GOALS.download) return site.trackFileDownloads;
  return true;
}

/** One goal_events row, ready to write. */
export type GoalRow = {
  websiteId: string;
  occurredAt: string;
  day: string;
  visitorHash: string;
  name: string;
  path: string;
};

/** Writes a batch of goals in one insert (the ingest's write buffer calls it). */
export async function writeGoals(db: Db, rows: GoalRow[]): Promise<void> {
  await db.execute(sql`
    insert into goal_events (website_id, occurred_at, day, visitor_hash, name, path)
    select v."websiteId", v."occurredAt", v.day, v."visitorHash", v.name, v.path
    from json_to_recordset(${JSON.stringify(rows)}::json) as v(
      "websiteId" uuid, "occurredAt" timestamptz, day date, "visitorHash" text, name text, path text
    )
    -- A website deleted since its key was cached takes its goals with it.
    where exists (select 1 from websites w where w.id = v."websiteId")`);
}

/** A goal as the tag sends it. */
export const goalEventSchema = z.object({
  site: siteKeyField,
  url: pageUrlField,
  ...goalEventFields,
});
export type GoalEvent = z.infer<typeof goalEventSchema>;
