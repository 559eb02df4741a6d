import { z } from "zod";
import { inboundEmailSchema, outboxEmailSchema } from "@shared/schemas/emails";
import { listRecentInbound } from "../../inbound/inbound";
import { listRecentEmails } from "../../mail/outbox";
import { errorResponses, forStaff, type RoutePlugin } from "./common";

/**
 * What became of the latest emails: staff see what was sent, what waits and what failed, and
 * which received emails were taken into tickets or refused.
 */
export const emailRoutes: RoutePlugin = async (app, { db, config }) => {
  await forStaff(app, db, (staff) => {
    staff.get(
      "/api/admin/outbox",
      { schema: { response: { 200: z.array(outboxEmailSchema), ...errorResponses } } },
      async () => listRecentEmails(db, { withText: !config.isProduction }),
    );

    staff.get(
      "/api/admin/inbound-emails",
      { schema: { response: { 200: z.array(inboundEmailSchema), ...errorResponses } } },
      async () => listRecentInbound(db),
    );
  });
};
