import {
  invoiceDetailSchema,
  refundInputSchema,
  reminderSentSchema,
} from "@shared/schemas/billing";
import { auditContext, recordAudit } from "../../audit/audit";
import { creditNoteDocument, refundPayment } from "../../billing/refunds";
import { remindByHand } from "../../billing/reminders";
import { createStripeGateway, StripeUnavailableError } from "../../billing/stripe";
import { signedInUser } from "../../plugins/auth-guard";
import { refuse } from "../../plugins/errors";
import {
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
  WRITE_BODY_LIMIT,
} from "./common";

const actionResponses = { 404: errorBody, 409: errorBody, 502: errorBody, ...errorResponses };
const creditNoteNotFound = notFound("Credit note");

/**
 * What follows an issued invoice: staff remind the client by hand, and refund a payment, which
 * issues a credit note; the client and staff download credit notes as PDF. Each staff write and
 * its audit row are one transaction.
 */
export const invoiceFollowUpRoutes: RoutePlugin = async (app, { db, config }) => {
  const { settings, staffView, clientView, staffDetail } = invoiceReading({ db, config });
  const stripe = config.stripe ? createStripeGateway(config.stripe) : undefined;

  await forSignedInClients(app, db, (client) => {
    client.get(
      "/api/credit-notes/:id/pdf",
      {
        schema: {
          params: idParams,
          response: { ...pdfResponse("The credit note"), ...notFoundResponse, ...errorResponses },
        },
      },
      async (request, reply) => {
        const view = clientView(request);
        const file = view && (await creditNoteDocument(db, request.params.id, view, { settings }));
        if (!file) return reply.code(404).send(creditNoteNotFound);
        return sendPdf(reply, file);
      },
    );
  });

  await forStaff(app, db, (staff) => {
    staff.get(
      "/api/admin/credit-notes/:id/pdf",
      {
        schema: {
          params: idParams,
          response: { ...pdfResponse("The credit note"), ...notFoundResponse, ...errorResponses },
        },
      },
      async (request, reply) => {
        const file = await creditNoteDocument(db, request.params.id, staffView, { settings });
        if (!file) return reply.code(404).send(creditNoteNotFound);
        return sendPdf(reply, file);
      },
    );

    staff.post(
      "/api/admin/invoices/:id/reminders",
      { schema: { params: idParams, response: { 200: reminderSentSchema, ...actionResponses } } },
      async (request, reply) => {
        const reminded = await db.transaction(async (tx) => {
          const outcome = await remindByHand(tx, request.params.id, { settings });
          if (!outcome.ok) return outcome;
          await recordAudit(tx, auditContext(request), {
            action: "invoice.reminded",
            targetType: "invoice",
            targetId: outcome.value.invoice.id,
            companyId: outcome.value.invoice.companyId,
            changes: {
              after: { number: outcome.value.invoice.number, sentTo: outcome.value.sentTo },
            },
          });
          return outcome;
        });
        if (!reminded.ok) return refuse(reply, reminded);
        return { sentTo: reminded.value.sentTo };
      },
    );

    staff.post(
      "/api/admin/invoices/:id/refunds",
      {
        bodyLimit: WRITE_BODY_LIMIT,
        schema: {
          params: idParams,
          body: refundInputSchema,
          response: { 201: invoiceDetailSchema, ...actionResponses },
        },
      },
      async (request, reply) => {
        let refunded;
        try {
          refunded = await db.transaction(async (tx) => {
            const outcome = await refundPayment(
              tx,
              request.params.id,
              { ...request.body, recordedBy: signedInUser(request).id },
              { settings, ...(stripe ? { stripe } : {}) },
            );
            if (!outcome.ok) return outcome;
            const { before, after, creditNote } = outcome.value;
            await recordAudit(tx, auditContext(request), {
              action: "invoice.refunded",
              targetType: "invoice",
              targetId: after.id,
              companyId: after.companyId,
              changes: {
                before: { status: before.status, paidCents: before.paidCents },
                after: {
                  status: after.status,
                  paidCents: after.paidCents,
                  creditNote: creditNote.number,
                  amountCents: creditNote.amountCents,
                  paymentId: creditNote.paymentId,
                },
              },
            });
            return outcome;
          });
        } catch (error) {
          if (!(error instanceof StripeUnavailableError)) throw error;
          request.log.warn({ err: error }, "a card refund failed at Stripe");
          return reply.code(502).send({
            message: `Stripe did not make the refund, and nothing was recorded: ${error.message}`,
          });
        }
        if (!refunded.ok) return refuse(reply, refunded);
        return reply.code(201).send(await staffDetail(request.params.id));
      },
    );
  });
};
