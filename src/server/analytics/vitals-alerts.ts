import { and, eq, gte, lte } from "drizzle-orm";
import { staffLinks } from "@shared/deep-links";
import { formatCalendarDate } from "@shared/format";
import { ratingOf, vitalNames, vitalThresholds, type VitalRating } from "@shared/vitals";
import type { Db } from "../db/client";
import { webVitalDays, webVitalRatings, websites } from "../db/schema";
import { siteSpeedPoorEmail } from "../mail/templates/vitals";
import { copyTo, notify, staffUsers, type NoticeSettings } from "../notices/notices";
import { addHistogram, percentileOf } from "./vitals-buckets";
import { dayBefore, FINAL_AFTER_DAYS } from "./vitals-rollup";

const WATCHED = ["lcp", "inp"] as const;
const WEEK = 7;

const text = (metric: "lcp" | "inp", ms: number) =>
  metric === "lcp" ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`;

/**
 * After a roll-up: each site's p75 LCP and INP over its last 7 rolled-up days (all pages and
 * devices), rated. A rating is kept per site and metric; when it goes from good to poor, staff
 * are told and the agency emailed once (the rating row changes in the same transaction, so
 * instances checking at once tell it once, and the next days' checks, still poor, tell nothing).
 * Returns how many changes were told.
 */
export async function checkVitalRatings(db: Db, settings: NoticeSettings, now = new Date()) {
  const through = dayBefore(now, FINAL_AFTER_DAYS);
  const from = dayBefore(now, FINAL_AFTER_DAYS + WEEK - 1);
  const sites = await db
    .select({ id: websites.id, domain: websites.domain, companyId: websites.companyId })
    .from(websites)
    .where(eq(websites.vitalsEnabled, true));
  let told = 0;
  for (const site of sites) {
    const rows = await db
      .select()
      .from(webVitalDays)
      .where(
        and(
          eq(webVitalDays.websiteId, site.id),
          gte(webVitalDays.day, from),
          lte(webVitalDays.day, through),
        ),
      );
    for (const metric of WATCHED) {
      const buckets = new Map<number, number>();
      for (const row of rows) {
        if (row.metric === metric)
          addHistogram(buckets, { first: row.firstBucket, counts: row.counts });
      }
      const p75 = percentileOf(metric, buckets);
      if (p75 === null) continue;
      const rating: VitalRating = ratingOf(metric, p75);
      told += await db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(webVitalRatings)
          .where(and(eq(webVitalRatings.websiteId, site.id), eq(webVitalRatings.metric, metric)))
          .for("update");
        if (before && before.day >= through) return 0;
        // A site sliding from good to poor usually passes through "needs improvement" for a
        // few days: the rating kept stays the last good or poor one meanwhile, so the slide is
        // told when it lands, and a site wavering about the poor line is not told again.
        const kept = rating === "needs-improvement" && before ? before.rating : rating;
        await tx
          .insert(webVitalRatings)
          .values({ websiteId: site.id, metric, rating: kept, day: through })
          .onConflictDoUpdate({
            target: [webVitalRatings.websiteId, webVitalRatings.metric],
            set: { rating: kept, day: through },
          });
        if (before?.rating !== "good" || rating !== "poor") return 0;
        const name = vitalNames[metric].short;
        const link = staffLinks.monitoring();
        const agencyEmail = siteSpeedPoorEmail(
          settings.agencyInbox,
          { domain: site.domain },
          {
            metric: name,
            p75: text(metric, p75),
            poorOver: text(metric, vitalThresholds[metric].poor),
            period: `the 7 days to ${formatCalendarDate(through)}`,
          },
          { label: "Open monitoring", href: `${settings.publicUrl}${link}` },
          settings,
        );
        await notify(tx, {
          kind: "staff-site-speed",
          key: `site-speed-poor:${site.id}:${metric}:${through}`,
          recipients: await staffUsers(tx),
          companyId: site.companyId,
          title: `${site.domain} turned slow for its visitors: ${name} ${text(metric, p75)} (poor)`,
          link,
          agencyEmail,
          email: (user) => copyTo(agencyEmail, user),
        });
        return 1;
      });
    }
  }
  return told;
}
