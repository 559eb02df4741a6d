import { monitoringOverviewSchema } from "@shared/schemas/monitoring-overview";
import { monitoringOverview } from "../../websites/monitoring-overview";
import { errorResponses, forStaff, type RoutePlugin } from "./common";

/** The back office's monitoring view: every live site's state, incidents and expiries. */
export const monitoringRoutes: RoutePlugin = async (app, { db }) => {
  await forStaff(app, db, (staff) => {
    staff.get(
      "/api/admin/monitoring",
      { schema: { response: { 200: monitoringOverviewSchema, ...errorResponses } } },
      async (_request, reply) => {
        reply.header("cache-control", "no-store");
        return monitoringOverview(db);
      },
    );
  });
};
