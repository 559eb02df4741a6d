import { eq } from "drizzle-orm";
import { brand } from "@content/site";
import { addMonthsTo, dayInZone } from "@shared/work-time";
import type { DbExecutor } from "../db/client";
import { projects, timeEntries } from "../db/schema";
import { agencyMonth } from "../hours/reading";

const DAY_MS = 86_400_000;

/**
 * The demo's logged time: when (days ago, or a day of the month some months back, so each
 * archived month has its care hours whatever today's date), minutes, what was done, and what it
 * was against.
 */
type DemoEntry = ({ daysAgo: number } | { monthsBack: number; day: number }) & {
  minutes: number;
  note: string;
  on?: "site" | "banner" | "project";
};
const demoEntries: DemoEntry[] = [
  {
    monthsBack: 3,
    day: 4,
    minutes: 60,
    note: "Monthly plugin and core updates; checked checkout after.",
    on: "site",
  },
  {
    monthsBack: 3,
    day: 13,
    minutes: 45,
    note: "Replaced the spring menu PDF and its link on the menu page.",
    on: "site",
  },
  {
    monthsBack: 3,
    day: 22,
    minutes: 30,
    note: "Renewed the catering form's spam filter keys.",
    on: "site",
  },
  {
    monthsBack: 2,
    day: 3,
    minutes: 60,
    note: "Monthly plugin and core updates; tested the order form.",
    on: "site",
  },
  {
    monthsBack: 2,
    day: 16,
    minutes: 75,
    note: "Investigated slow image loads; resized the gallery photos.",
    on: "site",
  },
  {
    monthsBack: 1,
    day: 6,
    minutes: 60,
    note: "Monthly plugin and core updates.",
    on: "site",
  },
  {
    monthsBack: 1,
    day: 15,
    minutes: 40,
    note: "Updated the opening hours for both shops.",
    on: "site",
  },
  {
    daysAgo: 26,
    minutes: 90,
    note: "Discovery call prep and notes for the new site.",
    on: "project",
  },
  { daysAgo: 19, minutes: 120, note: "Homepage and menu page wireframes.", on: "project" },
  { daysAgo: 12, minutes: 150, note: "Design review changes to the catering page.", on: "project" },
  { daysAgo: 5, minutes: 50, note: "Drafted the holiday hours banner on staging.", on: "banner" },
  { daysAgo: 3, minutes: 45, note: "Backup restore test on staging: all good.", on: "site" },
  { daysAgo: 1, minutes: 35, note: "Banner copy changes after the client's review.", on: "banner" },
];

/**
 * The demo client's hours for the last three months: site care, the holiday-banner ticket and
 * the new site's project, logged by the demo staff member on days of the agency's time zone.
 */
export async function seedDemoHours(
  tx: DbExecutor,
  ids: { companyId: string; staffId: string; websiteId: string; bannerTicketId: string },
  now: Date,
) {
  const [project] = await tx
    .select({ id: projects.id })
    .from(projects)
    .where(eq(projects.companyId, ids.companyId));
  await tx.insert(timeEntries).values(
    demoEntries.map((entry) => {
      const workDate =
        "daysAgo" in entry
          ? dayInZone(new Date(now.getTime() - entry.daysAgo * DAY_MS), brand.timeZone)
          : `${addMonthsTo(agencyMonth(now), -entry.monthsBack)}-${String(entry.day).padStart(2, "0")}`;
      // Logged that afternoon, or now for an entry of today.
      const at = new Date(Math.min(Date.parse(`${workDate}T23:00:00Z`), now.getTime()));
      return {
        companyId: ids.companyId,
        userId: ids.staffId,
        websiteId: entry.on === "site" || entry.on === "banner" ? ids.websiteId : null,
        ticketId: entry.on === "banner" ? ids.bannerTicketId : null,
        projectId: entry.on === "project" ? (project?.id ?? null) : null,
        workDate,
        minutes: entry.minutes,
        note: entry.note,
        createdAt: at,
        updatedAt: at,
      };
    }),
  );
}
