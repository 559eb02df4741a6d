import { z } from "zod";
import {
  invoiceDetailSchema,
  invoiceFilterSchema,
  invoiceListSchema,
  invoiceMessages,
  invoiceSummarySchema,
  newInvoiceSchema,
  paymentSchema,
  recordPaymentSchema,
} from "@shared/schemas/billing";
import { auditContext, withAudit } from "../../audit/audit";
import {
  closeInvoice,
  createInvoice,
  deleteDraft,
  issueDraft,
} from "../../billing/invoice-issuing";
import { recordPayment } from "../../billing/invoice-payments";
import {
  findInvoice,
  invoiceDocument,
  invoiceList,
  listInvoices,
  listPayments,
} from "../../billing/invoice-reading";
import { companyExists } from "../../clients/clients";
import type { Invoice } from "../../db/schema";
import { signedInUser } from "../../plugins/auth-guard";
import { refuse } from "../../plugins/errors";
import {
  billingMember,
  deletedResponses,
  errorBody,
  errorResponses,
  forSignedInClients,
  forStaff,
  idParams,
  invoiceReading,
  notFound,
  notFoundResponse,
  pdfResponse,
  type RoutePlugin,
  sendPdf,
} from "./common";

/** A manual invoice may have 50 lines: more than a portal form. */
const INVOICE_BODY_LIMIT = 64 * 1024;
const detailResponses = { 404: errorBody, 409: errorBody, ...errorResponses };

/** What the audit log keeps of an invoice. */
const invoiceFields = (invoice: Invoice) => ({
  number: invoice.number,
  status: invoice.status,
  totalCents: invoice.totalCents,
  paidCents: invoice.paidCents,
  dueDate: invoice.dueDate,
});

/**
 * Invoices and payments. Owners and billing members read their company's issued invoices, their
 * PDFs and their payments (anyone else gets 404); staff create, issue, void, record payments.
 */
export const invoiceRoutes: RoutePlugin = async (app, { db, config }) => {
  const { settings, staffView, clientView, staffDetail } = invoiceReading({ db, config });

  await forSignedInClients(app, db, (client) => {
    client.get(
      "/api/invoices",
      {
        schema: {
          response: { 200: z.array(invoiceSummarySchema), ...notFoundResponse, ...errorResponses },
        },
      },
      async (request, reply) => {
        const member = billingMember(request);
        if (!member) return reply.code(404).send(notFound("Invoices"));
        return listInvoices(db, { companyId: member.companyId, withDrafts: false });
      },
    );

    client.get(
      "/api/invoices/:id",
      {
        schema: {
          params: idParams,
          response: { 200: invoiceDetailSchema, ...notFoundResponse, ...errorResponses },
        },
      },
      async (request, reply) => {
        const view = clientView(request);
        const invoice = view && (await findInvoice(db, request.params.id, view, { settings }));
        return invoice ?? reply.code(404).send({ message: invoiceMessages.notFound });
      },
    );

    client.get(
      "/api/invoices/:id/pdf",
      {
        schema: {
          params: idParams,
          response: { ...pdfResponse("The invoice"), ...notFoundResponse, ...errorResponses },
        },
      },
      async (request, reply) => {
        const view = clientView(request);
        const file = view && (await invoiceDocument(db, request.params.id, view, { settings }));
        if (!file) return reply.code(404).send({ message: invoiceMessages.notFound });
        return sendPdf(reply, file);
      },
    );

    client.get(
      "/api/payments",
      {
        schema: {
          response: { 200: z.array(paymentSchema), ...notFoundResponse, ...errorResponses },
        },
      },
      async (request, reply) => {
        const member = billingMember(request);
        if (!member) return reply.code(404).send(notFound("Payments"));
        return listPayments(db, member.companyId);
      },
    );
  });

  await forStaff(app, db, (staff) => {
    staff.get(
      "/api/admin/invoices",
      {
        schema: {
          querystring: invoiceFilterSchema,
          response: { 200: invoiceListSchema, ...errorResponses },
        },
      },
      async (request) => invoiceList(db, request.query),
    );

    staff.post(
      "/api/admin/invoices",
      {
        bodyLimit: INVOICE_BODY_LIMIT,
        schema: {
          body: newInvoiceSchema,
          response: { 201: invoiceDetailSchema, ...detailResponses },
        },
      },
      async (request, reply) => {
        const { companyId, lines, dueDate, memo, issue } = request.body;
        if (!(await companyExists(db, companyId))) {
          return reply
            .code(400)
            .send({ message: "Choose a client", errors: { companyId: "Choose a client" } });
        }
        const invoice = await withAudit(db, auditContext(request), async (tx, audit) => {
          const created = await createInvoice(
            tx,
            {
              companyId,
              source: "manual",
              lines,
              dueDate,
              memo: memo ?? null,
              createdBy: signedInUser(request).id,
            },
            { issue, settings },
          );
          await audit({
            action: issue ? "invoice.issued" : "invoice.created",
            targetType: "invoice",
            targetId: created!.id,
            companyId,
            changes: { after: invoiceFields(created!) },
          });
          return created!;
        });
        return reply.code(201).send(await staffDetail(invoice.id));
      },
    );

    staff.get(
      "/api/admin/invoices/:id",
      {
        schema: {
          params: idParams,
          response: { 200: invoiceDetailSchema, ...notFoundResponse, ...errorResponses },
        },
      },
      async (request, reply) =>
        (await findInvoice(db, request.params.id, staffView, { settings })) ??
        reply.code(404).send({ message: invoiceMessages.notFound }),
    );

    staff.get(
      "/api/admin/invoices/:id/pdf",
      {
        schema: {
          params: idParams,
          response: { ...pdfResponse("The invoice"), ...notFoundResponse, ...errorResponses },
        },
      },
      async (request, reply) => {
        const file = await invoiceDocument(db, request.params.id, staffView, { settings });
        if (!file) return reply.code(404).send({ message: invoiceMessages.notFound });
        return sendPdf(reply, file);
      },
    );

    staff.post(
      "/api/admin/invoices/:id/issue",
      { schema: { params: idParams, response: { 200: invoiceDetailSchema, ...detailResponses } } },
      async (request, reply) => {
        const issued = await withAudit(db, auditContext(request), async (tx, audit) => {
          const issued = await issueDraft(tx, request.params.id, { settings });
          if (!issued.ok) return issued;
          await audit({
            action: "invoice.issued",
            targetType: "invoice",
            targetId: request.params.id,
            companyId: issued.value.after.companyId,
            changes: {
              before: invoiceFields(issued.value.before),
              after: invoiceFields(issued.value.after),
            },
          });
          return issued;
        });
        if (!issued.ok) return refuse(reply, issued);
        return staffDetail(request.params.id);
      },
    );

    for (const status of ["void", "uncollectible"] as const) {
      staff.post(
        `/api/admin/invoices/:id/${status}`,
        {
          schema: {
            summary: `Mark an invoice ${status}`,
            params: idParams,
            response: { 200: invoiceDetailSchema, ...detailResponses },
          },
        },
        async (request, reply) => {
          const closed = await withAudit(db, auditContext(request), async (tx, audit) => {
            const closed = await closeInvoice(tx, request.params.id, status);
            if (!closed.ok) return closed;
            await audit({
              action: status === "void" ? "invoice.voided" : "invoice.uncollectible",
              targetType: "invoice",
              targetId: request.params.id,
              companyId: closed.value.after.companyId,
              changes: { before: { status: "open" }, after: { status } },
            });
            return closed;
          });
          if (!closed.ok) return refuse(reply, closed);
          return staffDetail(request.params.id);
        },
      );
    }

    staff.delete(
      "/api/admin/invoices/:id",
      { schema: { params: idParams, response: { ...deletedResponses, 409: errorBody } } },
      async (request, reply) => {
        const deleted = await withAudit(db, auditContext(request), async (tx, audit) => {
          const deleted = await deleteDraft(tx, request.params.id);
          if (!deleted.ok) return deleted;
          await audit({
            action: "invoice.deleted",
            targetType: "invoice",
            targetId: request.params.id,
            companyId: deleted.value.companyId,
            changes: { before: invoiceFields(deleted.value) },
          });
          return deleted;
        });
        if (!deleted.ok) return refuse(reply, deleted);
        return reply.code(204).send(null);
      },
    );

    staff.post(
      "/api/admin/invoices/:id/payments",
      {
        bodyLimit: INVOICE_BODY_LIMIT,
        schema: {
          params: idParams,
          body: recordPaymentSchema,
          response: { 200: invoiceDetailSchema, ...detailResponses },
        },
      },
      async (request, reply) => {
        const recorded = await withAudit(db, auditContext(request), async (tx, audit) => {
          const recorded = await recordPayment(
            tx,
            request.params.id,
            { ...request.body, recordedBy: signedInUser(request).id },
            { settings },
          );
          if (!recorded.ok) return recorded;
          await audit({
            action: "payment.recorded",
            targetType: "invoice",
            targetId: request.params.id,
            companyId: recorded.value.after.companyId,
            changes: {
              before: invoiceFields(recorded.value.before),
              after: {
                ...invoiceFields(recorded.value.after),
                payment: {
                  amountCents: request.body.amountCents,
                  method: request.body.method,
                  paidOn: request.body.paidOn,
                },
              },
            },
          });
          return recorded;
        });
        if (!recorded.ok) return refuse(reply, recorded);
        return staffDetail(request.params.id);
      },
    );
  });
};
