import { z } from "zod";
import { brand } from "@content/site";
import { requiredText } from "@shared/schemas/fields";
import {
  availabilitySchema,
  availabilityViewSchema,
  bookingReceiptSchema,
  bookingRequestSchema,
  CALL_MINUTES,
  moveCallSchema,
  slotsQuerySchema,
  slotsSchema,
  slotTakenSchema,
  SLOT_TAKEN_MESSAGE,
  staffCallsQuerySchema,
  staffCallsSchema,
} from "@shared/schemas/bookings";
import { auditContext, withAudit } from "../../audit/audit";
import { availabilityOf, saveAvailability } from "../../bookings/availability";
import { bookCall, currentSlots } from "../../bookings/bookings";
import {
  cancelCall,
  readLink,
  rescheduleCall,
  staffCancelCall,
  staffMoveCall,
} from "../../bookings/changes";
import { listStaffCalls } from "../../bookings/staff-calls";
import type { DomainFailure } from "../../domain-failure";
import { spamReason } from "../../leads/spam";
import { signedInUser } from "../../plugins/auth-guard";
import { refuse } from "../../plugins/errors";
import { errorResponses, forStaff, idParams, notFoundResponse, type RoutePlugin } from "./common";

const BOOKING_BODY_LIMIT = 16 * 1024;
const RATE_WINDOW_MS = 10 * 60 * 1000;

const tokenField = requiredText(
  "Token",
  1,
  100,
  "The link's token is missing: open the link from your email again",
  "This link is not valid: open the link from your email again",
).regex(/^hlb_[A-Za-z0-9_-]{43}$/, "This link is not valid: open the link from your email again");
const rescheduleSchema = z.object({
  token: tokenField,
  startsAt: bookingRequestSchema.shape.startsAt,
  timeZone: bookingRequestSchema.shape.timeZone.optional(),
});
const cancelSchema = z.object({ token: tokenField });
const linkQuerySchema = z.object({
  token: tokenField,
  purpose: z.enum(["reschedule", "cancel"], { error: "purpose: reschedule or cancel" }),
});

/**
 * Discovery Calls. Visitors read the open slots, book one (POST /api/bookings: the lead forms'
 * spam traps and per-address limit), and move or cancel it with the single-use links of their
 * email. Staff set their own weekly hours (GET/PUT /api/admin/bookings/availability), list the
 * calls (a lead's, or those to come), and move or cancel one: the visitor is emailed, as by link.
 */
export const bookingRoutes: RoutePlugin = async (app, { db, config }) => {
  const settings = {
    publicUrl: config.publicUrl,
    agencyInbox: config.agencyInbox,
    timeZone: brand.timeZone,
  };
  /** The open slots; for a call being moved, its own time counts as free. */
  const slotsNow = async (moving?: string) => ({
    agencyTimeZone: brand.timeZone,
    minutes: CALL_MINUTES,
    slots: await currentSlots(db, new Date(), brand.timeZone, moving),
  });
  const formOptions = {
    bodyLimit: BOOKING_BODY_LIMIT,
    config: { rateLimit: false as const },
    onRequest: app.rateLimit({
      max: config.formRateLimit,
      timeWindow: RATE_WINDOW_MS,
      keyGenerator: (request) => `booking-form:${request.ip}`,
    }),
  };
  const changed = {
    200: bookingReceiptSchema,
    409: slotTakenSchema,
    ...notFoundResponse,
    ...errorResponses,
  };
  /** A slot just taken answers 409 with the slots still open; any other failure as usual. */
  const answer = async (
    reply: Parameters<typeof refuse>[0],
    failure: DomainFailure,
    moving?: string,
  ) =>
    failure.kind === "conflict" && failure.message === SLOT_TAKEN_MESSAGE
      ? reply.code(409).send({ message: SLOT_TAKEN_MESSAGE, slots: (await slotsNow(moving)).slots })
      : refuse(reply, failure);

  app.get(
    "/api/bookings/slots",
    {
      schema: { querystring: slotsQuerySchema, response: { 200: slotsSchema, ...errorResponses } },
    },
    async (_request, reply) => reply.header("cache-control", "no-store").send(await slotsNow()),
  );

  app.post(
    "/api/bookings",
    {
      ...formOptions,
      schema: {
        body: bookingRequestSchema,
        response: { 201: bookingReceiptSchema, ...changed },
      },
    },
    async (request, reply) => {
      const { website, formStartedAt, ...call } = request.body;
      const spam = spamReason({ website, formStartedAt }, call.note ?? "");
      if (spam) {
        // A bot's booking would hold a real slot: it is answered as booked and not stored.
        request.log.info({ spam }, "booking dropped as spam");
        const endsAt = new Date(new Date(call.startsAt).getTime() + CALL_MINUTES * 60_000);
        return reply.code(201).send({
          id: crypto.randomUUID(),
          startsAt: new Date(call.startsAt).toISOString(),
          endsAt: endsAt.toISOString(),
          timeZone: call.timeZone,
        });
      }
      const booked = await bookCall(db, call, settings);
      if (!booked.ok) return answer(reply, booked);
      return reply.code(201).send(booked.value);
    },
  );

  app.get(
    "/api/bookings/link",
    {
      schema: {
        querystring: linkQuerySchema,
        response: changed,
      },
    },
    async (request, reply) => {
      const link = await readLink(db, request.query.token, request.query.purpose);
      if (!link.ok) return refuse(reply, link);
      return reply.header("cache-control", "no-store").send(link.value);
    },
  );

  app.post(
    "/api/bookings/reschedule",
    { ...formOptions, schema: { body: rescheduleSchema, response: changed } },
    async (request, reply) => {
      const { token, startsAt, timeZone } = request.body;
      const moved = await rescheduleCall(db, token, startsAt, timeZone, settings);
      return moved.ok ? reply.send(moved.value) : answer(reply, moved);
    },
  );

  app.post(
    "/api/bookings/cancel",
    { ...formOptions, schema: { body: cancelSchema, response: changed } },
    async (request, reply) => {
      const cancelled = await cancelCall(db, request.body.token, settings);
      return cancelled.ok ? reply.send(cancelled.value) : refuse(reply, cancelled);
    },
  );

  await forStaff(app, db, (staff) => {
    const view = { 200: availabilityViewSchema, ...errorResponses };
    staff.get(
      "/api/admin/bookings/availability",
      { schema: { response: view } },
      async (request) => ({
        ...(await availabilityOf(db, signedInUser(request).id)),
        timeZone: brand.timeZone,
      }),
    );

    staff.put(
      "/api/admin/bookings/availability",
      { bodyLimit: BOOKING_BODY_LIMIT, schema: { body: availabilitySchema, response: view } },
      async (request) => {
        const user = signedInUser(request);
        const saved = await withAudit(db, auditContext(request), async (tx, audit) => {
          const before = await availabilityOf(tx, user.id);
          const after = await saveAvailability(tx, user.id, request.body);
          await audit({
            action: "booking-hours.changed",
            targetType: "user",
            targetId: user.id,
            changes: { before: { ...before }, after: { ...after } },
          });
          return after;
        });
        return { ...saved, timeZone: brand.timeZone };
      },
    );

    staff.get(
      "/api/admin/bookings",
      {
        schema: {
          querystring: staffCallsQuerySchema,
          response: { 200: staffCallsSchema, ...errorResponses },
        },
      },
      async (request, reply) =>
        reply.header("cache-control", "no-store").send({
          agencyTimeZone: brand.timeZone,
          calls: await listStaffCalls(db, request.query),
        }),
    );

    staff.get(
      "/api/admin/bookings/:id/slots",
      { schema: { params: idParams, response: { 200: slotsSchema, ...errorResponses } } },
      async (request, reply) =>
        reply.header("cache-control", "no-store").send(await slotsNow(request.params.id)),
    );

    staff.post(
      "/api/admin/bookings/:id/move",
      {
        bodyLimit: BOOKING_BODY_LIMIT,
        schema: { params: idParams, body: moveCallSchema, response: changed },
      },
      async (request, reply) => {
        const { id } = request.params;
        const moved = await staffMoveCall(
          db,
          id,
          request.body.startsAt,
          settings,
          auditContext(request),
        );
        return moved.ok ? reply.send(moved.value) : answer(reply, moved, id);
      },
    );

    staff.post(
      "/api/admin/bookings/:id/cancel",
      { schema: { params: idParams, response: changed } },
      async (request, reply) => {
        const cancelled = await staffCancelCall(
          db,
          request.params.id,
          settings,
          auditContext(request),
        );
        return cancelled.ok ? reply.send(cancelled.value) : refuse(reply, cancelled);
      },
    );
  });
};
