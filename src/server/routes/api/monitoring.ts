import {
  liveSiteListSchema,
  monitoringOverviewQuerySchema,
  monitoringOverviewSchema,
} from "@shared/schemas/monitoring-overview";
import { liveSites, monitoringOverview } from "../../websites/monitoring-overview";
import { errorResponses, forStaff, type RoutePlugin } from "./common";

/** The back office's monitoring view: every live site's state, incidents and expiries. */
export const monitoringRoutes: RoutePlugin = async (app, { db }) => {
  await forStaff(app, db, (staff) => {
    staff.get(
      "/api/admin/monitoring",
      {
        schema: {
          querystring: monitoringOverviewQuerySchema,
          response: { 200: monitoringOverviewSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        reply.header("cache-control", "no-store");
        return monitoringOverview(db, request.query);
      },
    );

    staff.get(
      "/api/admin/monitoring/sites",
      { schema: { response: { 200: liveSiteListSchema, ...errorResponses } } },
      async (_request, reply) => {
        reply.header("cache-control", "no-store");
        return liveSites(db);
      },
    );
  });
};
