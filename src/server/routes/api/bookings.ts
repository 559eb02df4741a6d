import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { brand } from "@content/site";
import { requiredText } from "@shared/schemas/fields";
import {
  availabilitySchema,
  availabilityViewSchema,
  bookingFeedParams,
  bookingReceiptSchema,
  calendarFeedInputSchema,
  calendarFeedViewSchema,
  issuedBookingFeedSchema,
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
import {
  bookingFeedIcs,
  bookingFeedIssuedAt,
  bookingFeedUrl,
  issueBookingFeed,
} from "../../bookings/booking-feed";
import { bookCall, currentSlots } from "../../bookings/bookings";
import { calendarFeedOf, readCalendarFeed, saveCalendarFeed } from "../../bookings/calendar-feeds";
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
import {
  errorResponses,
  fileResponse,
  forStaff,
  idParams,
  notFoundResponse,
  type RoutePlugin,
} from "./common";

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
 * email. Staff set their own weekly hours (GET/PUT /api/admin/bookings/availability), the
 * address of their own calendar whose events count as busy, and take a private feed of their
 * calls (GET/PUT /api/admin/bookings/calendar, POST .../calendar/feed, read by their calendar app
 * at GET /api/bookings/calendar/<token>). They list the calls (a lead's, or those to come), and
 * move or cancel one: the visitor is emailed, as by link.
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

  app.get(
    "/api/bookings/calendar/:token",
    {
      schema: {
        params: bookingFeedParams,
        response: {
          ...fileResponse("text/calendar", "The staff member's calls, as an iCalendar feed"),
          ...notFoundResponse,
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      reply
        .header("cache-control", "no-store")
        .header("x-robots-tag", "noindex")
        .header("referrer-policy", "no-referrer");
      const ics = await bookingFeedIcs(db, request.params.token, settings, new Date());
      if (ics === undefined) {
        return reply.code(404).send({
          message: "This calendar feed does not exist or was replaced by a newer one",
        });
      }
      return reply.type("text/calendar; charset=utf-8").send(ics);
    },
  );

  /** A staff member's calendar address and private feed, as their account page shows them. */
  const calendarView = async (userId: string) => {
    const issuedAt = await bookingFeedIssuedAt(db, userId);
    return {
      calendar: await calendarFeedOf(db, userId),
      bookingFeed: issuedAt ? { issuedAt: issuedAt.toISOString() } : null,
    };
  };
  /** The audit log names the calendar's host only: the whole address opens the calendar. */
  const calendarHost = (url: string | null | undefined) => (url ? new URL(url).host : "none");

  await forStaff(app, db, (staff) => {
    const view = { 200: availabilityViewSchema, ...errorResponses };
    const feedView = { 200: calendarFeedViewSchema, ...errorResponses };

    staff.get("/api/admin/bookings/calendar", { schema: { response: feedView } }, (request) =>
      calendarView(signedInUser(request).id),
    );

    /** Saves (or with null, forgets) the staff member's calendar address, audited by host. */
    const changeCalendar = async (request: FastifyRequest, url: string | null, now: Date) => {
      const user = signedInUser(request);
      await withAudit(db, auditContext(request), async (tx, audit) => {
        const before = await calendarFeedOf(tx, user.id);
        await saveCalendarFeed(tx, user.id, url, now);
        await audit({
          action: "booking-calendar.changed",
          targetType: "user",
          targetId: user.id,
          changes: {
            before: { calendar: calendarHost(before?.url) },
            after: { calendar: calendarHost(url) },
          },
        });
      });
      return user.id;
    };

    staff.put(
      "/api/admin/bookings/calendar",
      {
        bodyLimit: BOOKING_BODY_LIMIT,
        schema: { body: calendarFeedInputSchema, response: feedView },
      },
      async (request) => {
        const { url } = request.body;
        const now = new Date();
        const userId = await changeCalendar(request, url, now);
        // Read at once (this request claimed it), so the page says how it went.
        await readCalendarFeed(
          db,
          { userId, url },
          { allowPrivate: config.monitorAllowPrivate, timeZone: brand.timeZone },
          now,
        );
        return calendarView(userId);
      },
    );

    staff.delete(
      "/api/admin/bookings/calendar",
      { schema: { response: feedView } },
      async (request) => calendarView(await changeCalendar(request, null, new Date())),
    );

    staff.post(
      "/api/admin/bookings/calendar/feed",
      { schema: { response: { 201: issuedBookingFeedSchema, ...errorResponses } } },
      async (request, reply) => {
        const user = signedInUser(request);
        const issued = await withAudit(db, auditContext(request), async (tx, audit) => {
          const before = await bookingFeedIssuedAt(tx, user.id);
          const feed = await issueBookingFeed(tx, user.id, new Date());
          await audit({
            action: "booking-feed.issued",
            targetType: "user",
            targetId: user.id,
            changes: {
              before: { issuedAt: before?.toISOString() ?? null },
              after: { issuedAt: feed.issuedAt.toISOString() },
            },
          });
          return feed;
        });
        return reply.code(201).send({
          url: bookingFeedUrl(config.publicUrl, issued.token),
          issuedAt: issued.issuedAt.toISOString(),
        });
      },
    );

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
