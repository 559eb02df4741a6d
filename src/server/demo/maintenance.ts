import type { DbExecutor } from "../db/client";
import { maintenanceWindows, maintenanceWindowSites } from "../db/schema";

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/**
 * The demo client's maintenance window next week: two hours from 22:00 UTC seven days on, so
 * the portal shows it as planned and the back office can cancel it. Its notices go out when the
 * monitor's pass finds them due, as for any window.
 */
export async function seedDemoMaintenance(
  tx: DbExecutor,
  companyId: string,
  websiteId: string,
  staffId: string,
  now: Date,
) {
  const startsAt = new Date(
    Math.floor((now.getTime() + 7 * DAY_MS) / DAY_MS) * DAY_MS + 22 * HOUR_MS,
  );
  const [window] = await tx
    .insert(maintenanceWindows)
    .values({
      companyId,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 2 * HOUR_MS),
      note: "We are moving riverabakery.example to a faster server. The site may be unreachable for a few minutes during the move.",
      createdBy: staffId,
    })
    .returning({ id: maintenanceWindows.id });
  await tx.insert(maintenanceWindowSites).values({ windowId: window!.id, websiteId });
}
