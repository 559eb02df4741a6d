import {
  applicationSchema,
  contactSchema,
  leadDetailSchema,
  leadFilterSchema,
  leadListQuerySchema,
  leadListSchema,
  leadNoteInputSchema,
  leadParamsSchema,
  leadReceiptSchema,
  leadStatusUpdateSchema,
  spamTrapsSchema,
} from "@shared/schemas/leads";
import { convertLeadSchema, convertedLeadSchema } from "@shared/schemas/proposals";
import { auditContext, recordAudit, withAudit } from "../../audit/audit";
import { convertLead } from "../../leads/convert";
import { leadsToCsv } from "../../leads/csv";
import { addLeadNote, exportLeads, findLead, listLeads, setLeadStatus } from "../../leads/inbox";
import { storeApplication, storeContactMessage } from "../../leads/leads";
import { spamReason } from "../../leads/spam";
import { signedInUser } from "../../plugins/auth-guard";
import { refuse } from "../../plugins/errors";
import {
  errorBody,
  errorResponses,
  fileResponse,
  forStaff,
  idParams,
  notFound,
  notFoundResponse,
  type RoutePlugin,
} from "./common";

/** A lead form posts a few kilobytes at most; refuse anything far larger unread. */
const LEAD_BODY_LIMIT = 32 * 1024;
const RATE_WINDOW_MS = 10 * 60 * 1000;

/**
 * Leads. Visitors send them through the public forms, POST /api/contact and POST /api/apply: a
 * submission that trips a spam trap gets the same 201 answer, is kept with status "spam" and
 * causes no email. Staff work them in the inbox: status, notes and a CSV export.
 */
export const leadRoutes: RoutePlugin = async (app, { db, config }) => {
  const notice = { agencyInbox: config.agencyInbox, publicUrl: config.publicUrl };
  const formOptions = {
    bodyLimit: LEAD_BODY_LIMIT,
    // One count for both forms: FORM_RATE_LIMIT is what one address may send in all. (A limit in
    // each route's config, even with a shared groupId, would count each route on its own.) It
    // replaces the API limit on these routes, as a route's own limit does.
    config: { rateLimit: false as const },
    onRequest: app.rateLimit({
      max: config.formRateLimit,
      timeWindow: RATE_WINDOW_MS,
      // Its own key in the shared store, apart from any other limiter made this way.
      keyGenerator: (request) => `lead-forms:${request.ip}`,
    }),
  };
  const receipt = { 201: leadReceiptSchema, ...errorResponses };

  app.post(
    "/api/contact",
    {
      ...formOptions,
      schema: { body: contactSchema.extend(spamTrapsSchema.shape), response: receipt },
    },
    async (request, reply) => {
      const { website, formStartedAt, ...message } = request.body;
      const spam = spamReason({ website, formStartedAt }, message.message);
      if (spam) request.log.info({ spam }, "contact message kept as spam");
      const lead = await storeContactMessage(db, message, { spam: Boolean(spam), notice });
      return reply.code(201).send(lead);
    },
  );

  app.post(
    "/api/apply",
    {
      ...formOptions,
      schema: { body: applicationSchema.extend(spamTrapsSchema.shape), response: receipt },
    },
    async (request, reply) => {
      const { website, formStartedAt, ...application } = request.body;
      const spam = spamReason({ website, formStartedAt }, application.description);
      if (spam) request.log.info({ spam }, "project application kept as spam");
      const lead = await storeApplication(db, application, { spam: Boolean(spam), notice });
      return reply.code(201).send(lead);
    },
  );

  await forStaff(app, db, (staff) => {
    const detail = { ...notFoundResponse, ...errorResponses };

    staff.get(
      "/api/admin/leads",
      {
        schema: {
          querystring: leadListQuerySchema,
          response: { 200: leadListSchema, ...errorResponses },
        },
      },
      async (request) => listLeads(db, request.query),
    );

    staff.get(
      "/api/admin/leads/export.csv",
      {
        schema: {
          querystring: leadFilterSchema,
          response: {
            ...fileResponse("text/csv", "The leads the filters find, as CSV"),
            ...errorResponses,
          },
        },
      },
      async (request, reply) => {
        await recordAudit(db, auditContext(request), {
          action: "leads.exported",
          targetType: "leads",
          changes: { after: { ...request.query } },
        });
        const csv = leadsToCsv(exportLeads(db, request.query));
        const day = new Date().toISOString().slice(0, 10);
        return reply
          .type("text/csv; charset=utf-8")
          .header("content-disposition", `attachment; filename="leads-${day}.csv"`)
          .header("cache-control", "no-store")
          .send(csv);
      },
    );

    staff.get(
      "/api/admin/leads/:kind/:id",
      { schema: { params: leadParamsSchema, response: { 200: leadDetailSchema, ...detail } } },
      async (request, reply) =>
        (await findLead(db, request.params.kind, request.params.id)) ??
        reply.code(404).send(notFound("Lead")),
    );

    staff.patch(
      "/api/admin/leads/:kind/:id",
      {
        schema: {
          params: leadParamsSchema,
          body: leadStatusUpdateSchema,
          response: { 200: leadDetailSchema, ...detail },
        },
      },
      async (request, reply) => {
        const { kind, id } = request.params;
        const { status } = request.body;
        const changed = await withAudit(db, auditContext(request), async (tx, audit) => {
          const before = await findLead(tx, kind, id);
          if (!before || !(await setLeadStatus(tx, kind, id, status))) return false;
          await audit({
            action: "lead.status-changed",
            targetType: "lead",
            targetId: id,
            changes: { before: { status: before.status }, after: { status } },
          });
          return true;
        });
        if (!changed) return reply.code(404).send(notFound("Lead"));
        return (await findLead(db, kind, id))!;
      },
    );

    staff.post(
      "/api/admin/leads/:id/convert",
      {
        schema: {
          params: idParams,
          body: convertLeadSchema,
          response: { 200: convertedLeadSchema, 409: errorBody, ...detail },
        },
      },
      async (request, reply) => {
        const converted = await convertLead(
          db,
          request.params.id,
          request.body,
          notice,
          auditContext(request),
        );
        if (!converted.ok) return refuse(reply, converted);
        return converted.value;
      },
    );

    staff.post(
      "/api/admin/leads/:kind/:id/notes",
      {
        schema: {
          params: leadParamsSchema,
          body: leadNoteInputSchema,
          response: { 201: leadDetailSchema, ...detail },
        },
      },
      async (request, reply) => {
        const { kind, id } = request.params;
        const note = request.body.body;
        const lead = await withAudit(db, auditContext(request), async (tx, audit) => {
          const lead = await addLeadNote(tx, kind, id, signedInUser(request).id, note);
          if (lead) {
            await audit({
              action: "lead.note-added",
              targetType: "lead",
              targetId: id,
              changes: { after: { note } },
            });
          }
          return lead;
        });
        if (!lead) return reply.code(404).send(notFound("Lead"));
        return reply.code(201).send(lead);
      },
    );
  });
};
