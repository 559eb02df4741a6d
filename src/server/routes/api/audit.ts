import { auditPageSchema, auditQuerySchema } from "@shared/schemas/audit";
import { listAuditEvents } from "../../audit/audit";
import { errorResponses, forStaff, type RoutePlugin } from "./common";

/** The audit log, for staff: every staff write and every security event, newest first. */
export const auditRoutes: RoutePlugin = async (app, { db }) => {
  await forStaff(app, db, (staff) => {
    staff.get(
      "/api/admin/audit",
      {
        schema: {
          querystring: auditQuerySchema,
          response: { 200: auditPageSchema, ...errorResponses },
        },
      },
      async (request) => listAuditEvents(db, request.query),
    );
  });
};
