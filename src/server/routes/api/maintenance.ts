import {
  maintenanceWindowInputSchema,
  maintenanceWindowListSchema,
} from "@shared/schemas/maintenance";
import { auditContext, withAudit } from "../../audit/audit";
import { companyExists } from "../../clients/clients";
import { DomainFailureError } from "../../domain-failure";
import {
  cancelMaintenanceWindow,
  companyMaintenanceWindows,
  scheduleMaintenanceWindow,
  windowSites,
} from "../../monitoring/maintenance";
import { signedInMember } from "../../plugins/auth-guard";
import { refuse } from "../../plugins/errors";
import { tellSubscribersOfMaintenance } from "../../status-pages/subscriptions";
import {
  deletedResponses,
  errorResponses,
  forSignedInClients,
  forStaff,
  idParams,
  notFound,
  notFoundResponse,
  type RoutePlugin,
} from "./common";

/** Staff see a client's windows that ended this recently too. */
const STAFF_HISTORY_MS = 30 * 86_400_000;

const listResponse = { 200: maintenanceWindowListSchema, ...notFoundResponse, ...errorResponses };

/**
 * Maintenance windows: staff schedule, list and cancel them on a client's page; the client's
 * members read the ongoing and coming ones in the portal.
 */
export const maintenanceRoutes: RoutePlugin = async (app, { db, config }) => {
  const settings = { publicUrl: config.publicUrl, agencyInbox: config.agencyInbox };
  await forSignedInClients(app, db, (client) => {
    client.get(
      "/api/maintenance-windows",
      { schema: { response: listResponse } },
      async (request, reply) => {
        reply.header("cache-control", "no-store");
        const member = signedInMember(request);
        if (!member) return { windows: [] };
        return { windows: await companyMaintenanceWindows(db, member.companyId, new Date()) };
      },
    );
  });

  await forStaff(app, db, (staff) => {
    const staffList = async (companyId: string, now: Date) => ({
      windows: await companyMaintenanceWindows(
        db,
        companyId,
        now,
        new Date(now.getTime() - STAFF_HISTORY_MS),
      ),
    });

    staff.get(
      "/api/admin/clients/:id/maintenance-windows",
      { schema: { params: idParams, response: listResponse } },
      async (request, reply) => {
        reply.header("cache-control", "no-store");
        if (!(await companyExists(db, request.params.id))) {
          return reply.code(404).send(notFound("Client"));
        }
        return staffList(request.params.id, new Date());
      },
    );

    staff.post(
      "/api/admin/clients/:id/maintenance-windows",
      { schema: { params: idParams, body: maintenanceWindowInputSchema, response: listResponse } },
      async (request, reply) => {
        const companyId = request.params.id;
        if (!(await companyExists(db, companyId))) {
          return reply.code(404).send(notFound("Client"));
        }
        const now = new Date();
        // A refusal rolls the transaction back; the error handler answers it.
        await withAudit(db, auditContext(request), async (tx, audit) => {
          const scheduled = await scheduleMaintenanceWindow(
            tx,
            companyId,
            request.body,
            now,
            request.user?.id ?? null,
          );
          if (!scheduled.ok) throw new DomainFailureError(scheduled);
          const { startsAt, endsAt, note } = scheduled.value;
          const sites = await windowSites(tx, scheduled.value.id);
          await tellSubscribersOfMaintenance(
            tx,
            "scheduled",
            { ...scheduled.value, sites },
            settings,
          );
          await audit({
            action: "maintenance.scheduled",
            targetType: "maintenance-window",
            targetId: scheduled.value.id,
            companyId,
            changes: {
              after: {
                startsAt: startsAt.toISOString(),
                endsAt: endsAt.toISOString(),
                note,
                websiteIds: request.body.websiteIds,
              },
            },
          });
        });
        return staffList(companyId, now);
      },
    );

    staff.delete(
      "/api/admin/maintenance-windows/:id",
      { schema: { params: idParams, response: deletedResponses } },
      async (request, reply) => {
        const now = new Date();
        const cancelled = await withAudit(db, auditContext(request), async (tx, audit) => {
          const outcome = await cancelMaintenanceWindow(tx, request.params.id, now, settings);
          if (!outcome.ok) return outcome;
          const { startsAt, endsAt, note, companyId } = outcome.value;
          const sites = await windowSites(tx, outcome.value.id);
          await tellSubscribersOfMaintenance(
            tx,
            "cancelled",
            { ...outcome.value, sites },
            settings,
          );
          await audit({
            action: "maintenance.cancelled",
            targetType: "maintenance-window",
            targetId: outcome.value.id,
            companyId,
            changes: {
              before: { startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString(), note },
            },
          });
          return outcome;
        });
        if (!cancelled.ok) return refuse(reply, cancelled);
        return reply.code(204).send(null);
      },
    );
  });
};
