import { and, eq } from "drizzle-orm";
import { z } from "@shared/schemas/zod";
import {
  clientHoursSchema,
  monthQuerySchema,
  planHoursInputSchema,
  planHoursSchema,
  portalHoursSchema,
  timeEntryInputSchema,
  timeEntrySchema,
  timeEntryUpdateSchema,
  timerSchema,
  timerStartSchema,
  timerStopSchema,
  type TimeEntry,
} from "@shared/schemas/hours";
import { auditContext, changedFields, withAudit } from "../../audit/audit";
import { companyExists } from "../../clients/clients";
import { timeEntries, supportTickets, type TimeEntryRow } from "../../db/schema";
import { DomainFailureError } from "../../domain-failure";
import {
  changeTime,
  deleteTime,
  discardTimer,
  logTime,
  setPlanHours,
  startTimer,
  stopTimer,
  timerOf,
} from "../../hours/entries";
import {
  agencyMonth,
  entryChoices,
  hoursOfMonth,
  listEntries,
  minutesBy,
  monthTotals,
  planHoursOf,
} from "../../hours/reading";
import { signedInMember } from "../../plugins/auth-guard";
import { refuse } from "../../plugins/errors";
import {
  deletedResponses,
  errorBody,
  errorResponses,
  forSignedInClients,
  forStaff,
  idParams,
  notFound,
  notFoundResponse,
  WRITE_BODY_LIMIT,
  type RoutePlugin,
} from "./common";

/** What the audit keeps of an entry. */
const entryFields = (entry: TimeEntryRow) => ({
  workDate: entry.workDate,
  minutes: entry.minutes,
  note: entry.note,
  websiteId: entry.websiteId,
  ticketId: entry.ticketId,
  projectId: entry.projectId,
});

const entryResponse = { ...notFoundResponse, ...errorResponses };
/** A timer's routes also answer 409: stopping one not running, starting one already running. */
const timerResponse = { 409: errorBody, ...entryResponse };
const ticketTimeSchema = z.object({ minutes: z.number().int(), entries: z.array(timeEntrySchema) });

/**
 * Hours: staff log time for a client (by hand or with their one timer) and read a client's
 * month; a client's members read this month's hours on the dashboard and each ticket's time.
 */
export const hoursRoutes: RoutePlugin = async (app, { db }) => {
  await forSignedInClients(app, db, (client) => {
    client.get(
      "/api/hours",
      { schema: { response: { 200: portalHoursSchema, ...errorResponses } } },
      async (request, reply) => {
        reply.header("cache-control", "no-store");
        const month = agencyMonth(new Date());
        const member = signedInMember(request);
        if (!member) return { month, usedMinutes: 0, includedMinutes: null, planName: null };
        const hours = await hoursOfMonth(db, member.companyId, month);
        return {
          month,
          usedMinutes: hours.usedMinutes,
          includedMinutes: hours.plan?.includedMinutes ?? null,
          planName: hours.plan?.planName ?? null,
        };
      },
    );

    client.get(
      "/api/tickets/:id/time",
      {
        schema: {
          params: idParams,
          response: { 200: z.object({ minutes: z.number().int() }), ...entryResponse },
        },
      },
      async (request, reply) => {
        reply.header("cache-control", "no-store");
        const member = signedInMember(request);
        const [ticket] = member
          ? await db
              .select({ id: supportTickets.id })
              .from(supportTickets)
              .where(
                and(
                  eq(supportTickets.id, request.params.id),
                  eq(supportTickets.companyId, member.companyId),
                ),
              )
          : [];
        if (!ticket) return reply.code(404).send(notFound("Ticket"));
        const minutes = await minutesBy(db, "ticketId", [ticket.id]);
        return { minutes: minutes.get(ticket.id) ?? 0 };
      },
    );
  });

  await forStaff(app, db, (staff) => {
    const viewer = (request: { user?: { id: string } | null }) => ({
      id: request.user?.id ?? null,
      now: new Date(),
    });
    const entryView = async (id: string, request: { user?: { id: string } | null }) => {
      const [entry] = await listEntries(db, eq(timeEntries.id, id), viewer(request));
      return entry as TimeEntry;
    };

    staff.get(
      "/api/admin/clients/:id/hours",
      {
        schema: {
          params: idParams,
          querystring: monthQuerySchema,
          response: { 200: clientHoursSchema, ...entryResponse },
        },
      },
      async (request, reply) => {
        reply.header("cache-control", "no-store");
        const companyId = request.params.id;
        if (!(await companyExists(db, companyId))) {
          return reply.code(404).send(notFound("Client"));
        }
        const month = request.query.month ?? agencyMonth(new Date());
        const hours = await hoursOfMonth(db, companyId, month, viewer(request));
        const [months, choices] = await Promise.all([
          monthTotals(db, companyId, month, 6),
          entryChoices(db, companyId),
        ]);
        return { ...hours, months, choices };
      },
    );

    staff.post(
      "/api/admin/clients/:id/time-entries",
      {
        bodyLimit: WRITE_BODY_LIMIT,
        schema: {
          params: idParams,
          body: timeEntryInputSchema,
          response: { 201: timeEntrySchema, ...entryResponse },
        },
      },
      async (request, reply) => {
        const companyId = request.params.id;
        if (!(await companyExists(db, companyId))) {
          return reply.code(404).send(notFound("Client"));
        }
        const entry = await withAudit(db, auditContext(request), async (tx, audit) => {
          const logged = await logTime(tx, companyId, request.user!.id, request.body, new Date());
          if (!logged.ok) throw new DomainFailureError(logged);
          await audit({
            action: "time.logged",
            targetType: "time-entry",
            targetId: logged.value.id,
            companyId,
            changes: { after: entryFields(logged.value) },
          });
          return logged.value;
        });
        return reply.code(201).send(await entryView(entry.id, request));
      },
    );

    staff.patch(
      "/api/admin/time-entries/:id",
      {
        bodyLimit: WRITE_BODY_LIMIT,
        schema: {
          params: idParams,
          body: timeEntryUpdateSchema,
          response: { 200: timeEntrySchema, ...entryResponse },
        },
      },
      async (request) => {
        await withAudit(db, auditContext(request), async (tx, audit) => {
          const changed = await changeTime(
            tx,
            request.params.id,
            request.user!.id,
            request.body,
            new Date(),
          );
          if (!changed.ok) throw new DomainFailureError(changed);
          await audit({
            action: "time.changed",
            targetType: "time-entry",
            targetId: request.params.id,
            companyId: changed.value.after.companyId,
            changes: changedFields(
              entryFields(changed.value.before),
              entryFields(changed.value.after),
            ),
          });
        });
        return entryView(request.params.id, request);
      },
    );

    staff.delete(
      "/api/admin/time-entries/:id",
      { schema: { params: idParams, response: deletedResponses } },
      async (request, reply) => {
        const deleted = await withAudit(db, auditContext(request), async (tx, audit) => {
          const outcome = await deleteTime(tx, request.params.id, request.user!.id, new Date());
          if (!outcome.ok) return outcome;
          await audit({
            action: "time.deleted",
            targetType: "time-entry",
            targetId: request.params.id,
            companyId: outcome.value.companyId,
            changes: { before: entryFields(outcome.value) },
          });
          return outcome;
        });
        if (!deleted.ok) return refuse(reply, deleted);
        return reply.code(204).send(null);
      },
    );

    staff.get(
      "/api/admin/tickets/:id/time",
      { schema: { params: idParams, response: { 200: ticketTimeSchema, ...entryResponse } } },
      async (request, reply) => {
        reply.header("cache-control", "no-store");
        const entries = await listEntries(
          db,
          eq(timeEntries.ticketId, request.params.id),
          viewer(request),
        );
        const [ticket] = await db
          .select({ id: supportTickets.id })
          .from(supportTickets)
          .where(eq(supportTickets.id, request.params.id));
        if (!ticket) return reply.code(404).send(notFound("Ticket"));
        return { minutes: entries.reduce((sum, each) => sum + each.minutes, 0), entries };
      },
    );

    const timerView = async (userId: string) => {
      const timer = await timerOf(db, userId);
      return {
        timer: timer
          ? {
              companyId: timer.companyId,
              companyName: timer.companyName,
              websiteId: timer.websiteId,
              ticketId: timer.ticketId,
              projectId: timer.projectId,
              note: timer.note,
              startedAt: timer.startedAt.toISOString(),
            }
          : null,
      };
    };

    staff.get(
      "/api/admin/timer",
      { schema: { response: { 200: timerSchema, ...errorResponses } } },
      async (request, reply) => {
        reply.header("cache-control", "no-store");
        return timerView(request.user!.id);
      },
    );

    // Stop, start, discard: the audit walk calls them in this order on a running timer.
    staff.post(
      "/api/admin/timer/stop",
      {
        bodyLimit: WRITE_BODY_LIMIT,
        schema: { body: timerStopSchema, response: { 201: timeEntrySchema, ...timerResponse } },
      },
      async (request, reply) => {
        const entry = await withAudit(db, auditContext(request), async (tx, audit) => {
          const stopped = await stopTimer(tx, request.user!.id, request.body.note, new Date());
          if (!stopped.ok) throw new DomainFailureError(stopped);
          const { timer, entry } = stopped.value;
          await audit({
            action: "timer.stopped",
            targetType: "time-entry",
            targetId: entry.id,
            companyId: entry.companyId,
            changes: {
              before: { startedAt: timer.startedAt.toISOString() },
              after: entryFields(entry),
            },
          });
          return entry;
        });
        return reply.code(201).send(await entryView(entry.id, request));
      },
    );

    staff.post(
      "/api/admin/clients/:id/timer",
      {
        bodyLimit: WRITE_BODY_LIMIT,
        schema: {
          summary: "Start a timer on a client",
          params: idParams,
          body: timerStartSchema,
          response: { 201: timerSchema, ...timerResponse },
        },
      },
      async (request, reply) => {
        const companyId = request.params.id;
        if (!(await companyExists(db, companyId))) {
          return reply.code(404).send(notFound("Client"));
        }
        await withAudit(db, auditContext(request), async (tx, audit) => {
          const started = await startTimer(
            tx,
            companyId,
            request.user!.id,
            request.body,
            new Date(),
          );
          if (!started.ok) throw new DomainFailureError(started);
          await audit({
            action: "timer.started",
            targetType: "timer",
            targetId: request.user!.id,
            companyId,
            changes: {
              after: {
                startedAt: started.value.startedAt.toISOString(),
                ticketId: started.value.ticketId,
                websiteId: started.value.websiteId,
                projectId: started.value.projectId,
              },
            },
          });
        });
        return reply.code(201).send(await timerView(request.user!.id));
      },
    );

    staff.delete(
      "/api/admin/timer",
      { schema: { response: { 204: z.null(), ...timerResponse } } },
      async (request, reply) => {
        const discarded = await withAudit(db, auditContext(request), async (tx, audit) => {
          const outcome = await discardTimer(tx, request.user!.id);
          if (!outcome.ok) return outcome;
          await audit({
            action: "timer.discarded",
            targetType: "timer",
            targetId: request.user!.id,
            companyId: outcome.value.companyId,
            changes: { before: { startedAt: outcome.value.startedAt.toISOString() } },
          });
          return outcome;
        });
        if (!discarded.ok) return refuse(reply, discarded);
        return reply.code(204).send(null);
      },
    );

    staff.put(
      "/api/admin/plans/:id/hours",
      {
        bodyLimit: WRITE_BODY_LIMIT,
        schema: {
          params: idParams,
          body: planHoursInputSchema,
          response: { 200: planHoursSchema, ...entryResponse },
        },
      },
      async (request, reply) => {
        const changed = await withAudit(db, auditContext(request), async (tx, audit) => {
          const changed = await setPlanHours(tx, request.params.id, request.body);
          if (!changed) return undefined;
          const fields = (plan: typeof changed.before) => ({
            includedMinutes: plan.includedMinutes,
            overageRateCents: plan.overageRateCents,
          });
          await audit({
            action: "plan.hours-changed",
            targetType: "plan",
            targetId: request.params.id,
            companyId: changed.after.companyId,
            changes: changedFields(fields(changed.before), fields(changed.after)),
          });
          return changed.after;
        });
        if (!changed) return reply.code(404).send(notFound("Plan"));
        return planHoursOf(changed);
      },
    );
  });
};
