import {
  portalReportsSchema,
  reportMonthParamsSchema,
  reportNoteSchema,
  reportSettingsSchema,
  sentReportSchema,
  staffReportParamsSchema,
  staffReportSchema,
} from "@shared/schemas/reports";
import { auditContext, withAudit } from "../../audit/audit";
import { companyExists } from "../../clients/clients";
import { signedInMember } from "../../plugins/auth-guard";
import { refuse } from "../../plugins/errors";
import { reportFileName, reportPdf } from "../../reports/pdf";
import {
  archivedReportPdf,
  emailsReports,
  listReports,
  sendReport,
  setEmailReports,
  staffReport,
} from "../../reports/reading";
import {
  errorBody,
  errorResponses,
  forSignedInClients,
  forStaff,
  notFound,
  notFoundResponse,
  pdfResponse,
  type RoutePlugin,
  sendPdf,
  WRITE_BODY_LIMIT,
} from "./common";

// 409: a month not ended, or a client with no care plan, has no report.
const responses = { ...notFoundResponse, 409: errorBody, ...errorResponses };
const reportPdfResponses = { ...pdfResponse("The month's report"), ...responses };

/**
 * Monthly care reports: every member of a company lists its archived reports and opens their
 * PDFs, an owner turns the email off; staff preview any client's report for any ended month,
 * add a note and send it again (audited).
 */
export const reportRoutes: RoutePlugin = async (app, { db, config }) => {
  const settings = { agencyInbox: config.agencyInbox, publicUrl: config.publicUrl };
  const checkIntervalSeconds = config.monitorIntervalSeconds;

  await forSignedInClients(app, db, (client) => {
    client.get(
      "/api/reports",
      { schema: { response: { 200: portalReportsSchema, ...responses } } },
      async (request, reply) => {
        reply.header("cache-control", "no-store");
        const member = signedInMember(request);
        if (!member) return { reports: [], emailReports: true };
        const [reports, emailReports] = await Promise.all([
          listReports(db, member.companyId),
          emailsReports(db, member.companyId),
        ]);
        return { reports, emailReports };
      },
    );

    client.get(
      "/api/reports/:month/pdf",
      { schema: { params: reportMonthParamsSchema, response: reportPdfResponses } },
      async (request, reply) => {
        const member = signedInMember(request);
        const file =
          member && (await archivedReportPdf(db, member.companyId, request.params.month));
        if (!file) return reply.code(404).send(notFound("Report"));
        return sendPdf(reply, file);
      },
    );

    client.put(
      "/api/reports/settings",
      {
        bodyLimit: WRITE_BODY_LIMIT,
        schema: {
          body: reportSettingsSchema,
          response: { 200: reportSettingsSchema, ...responses },
        },
      },
      async (request, reply) => {
        const member = signedInMember(request);
        if (member?.role !== "owner") {
          return reply.code(403).send({ message: "Only an owner can change the report's email" });
        }
        const { emailReports } = request.body;
        await withAudit(db, auditContext(request), async (tx, audit) => {
          const before = await emailsReports(tx, member.companyId);
          await setEmailReports(tx, member.companyId, emailReports);
          await audit({
            action: "report.email-changed",
            targetType: "company",
            targetId: member.companyId,
            companyId: member.companyId,
            changes: { before: { emailReports: before }, after: { emailReports } },
          });
        });
        return { emailReports };
      },
    );
  });

  await forStaff(app, db, (staff) => {
    staff.get(
      "/api/admin/clients/:id/reports/:month",
      {
        schema: {
          params: staffReportParamsSchema,
          response: { 200: staffReportSchema, ...responses },
        },
      },
      async (request, reply) => {
        reply.header("cache-control", "no-store");
        const { id, month } = request.params;
        if (!(await companyExists(db, id))) return reply.code(404).send(notFound("Client"));
        const found = await staffReport(db, id, month, new Date(), checkIntervalSeconds);
        return found.ok ? found.value : refuse(reply, found);
      },
    );

    staff.get(
      "/api/admin/clients/:id/reports/:month/pdf",
      { schema: { params: staffReportParamsSchema, response: reportPdfResponses } },
      async (request, reply) => {
        const { id, month } = request.params;
        if (!(await companyExists(db, id))) return reply.code(404).send(notFound("Client"));
        const found = await staffReport(db, id, month, new Date(), checkIntervalSeconds);
        if (!found.ok) return refuse(reply, found);
        return sendPdf(reply, {
          fileName: reportFileName(found.value.report),
          bytes: await reportPdf(found.value.report, found.value.note),
        });
      },
    );

    staff.post(
      "/api/admin/clients/:id/reports/:month/send",
      {
        bodyLimit: WRITE_BODY_LIMIT,
        schema: {
          params: staffReportParamsSchema,
          body: reportNoteSchema,
          response: {
            200: sentReportSchema,
            ...responses,
          },
        },
      },
      async (request, reply) => {
        const { id, month } = request.params;
        if (!(await companyExists(db, id))) return reply.code(404).send(notFound("Client"));
        const note = request.body.note ?? null;
        const now = new Date();
        const found = await staffReport(db, id, month, now, checkIntervalSeconds);
        if (!found.ok) return refuse(reply, found);
        const emailed = await withAudit(db, auditContext(request), async (tx, audit) => {
          const sent = await sendReport(tx, found.value.report, note, { now, settings });
          await audit({
            action: "report.sent",
            targetType: "company",
            targetId: id,
            companyId: id,
            changes: { after: { month, note, emailed: sent } },
          });
          return sent;
        });
        return { emailed, note };
      },
    );
  });
};
