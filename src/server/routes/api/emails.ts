import { z } from "zod";
import { outboxEmailSchema } from "@shared/schemas/emails";
import { listRecentEmails } from "../../mail/outbox";
import { errorResponses, forStaff, type RoutePlugin } from "./common";

/** What became of the latest emails: staff see what was sent, what waits and what failed. */
export const emailRoutes: RoutePlugin = async (app, { db }) => {
  await forStaff(app, db, (staff) => {
    staff.get(
      "/api/admin/outbox",
      { schema: { response: { 200: z.array(outboxEmailSchema), ...errorResponses } } },
      async () => listRecentEmails(db),
    );
  });
};
