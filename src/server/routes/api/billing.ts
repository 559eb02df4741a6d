import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import {
  autopaySchema,
  billingAddressSchema,
  billingSchema,
  planRequestApprovalSchema,
  planRequestInputSchema,
  planRequestSchema,
  recurringPlanInputSchema,
  recurringPlanSchema,
} from "@shared/schemas/billing";
import { auditContext, changedFields, withAudit } from "../../audit/audit";
import {
  addPlan,
  cancelPlan,
  decidePlanRequest,
  findBilling,
  listPlanRequests,
  planCompany,
  requestPlanChange,
  setAutopay,
  setBillingAddress,
  updatePlan,
} from "../../billing/billing";
import { companyExists } from "../../clients/clients";
import { signedInUser } from "../../plugins/auth-guard";
import { refuse } from "../../plugins/errors";
import {
  billingMember,
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

const decisionResponses = { 404: errorBody, 409: errorBody, ...errorResponses };

/**
 * A client's plans, card, billing address and plan requests. Owners and billing members read
 * them on the Billing tab (anyone else gets 404), ask for a plan change, turn automatic payment
 * on or off and keep the address their invoices print; staff add, change and cancel plans,
 * decide the requests and set the address too.
 */
export const billingRoutes: RoutePlugin = async (app, { db, config }) => {
  const cardsAccepted = config.stripe !== undefined;
  const settings = { agencyInbox: config.agencyInbox, publicUrl: config.publicUrl };

  /** Sets a company's billing address with its audit row; false when there is no company. */
  const changeAddress = (request: FastifyRequest, companyId: string, address: string) =>
    withAudit(db, auditContext(request), async (tx, audit) => {
      const changed = await setBillingAddress(tx, companyId, address);
      if (!changed) return false;
      const changes = changedFields(
        { billingAddress: changed.before },
        { billingAddress: changed.after },
      );
      if (changes)
        await audit({
          action: "client.billing-address-changed",
          targetType: "client",
          targetId: companyId,
          companyId,
          changes,
        });
      return true;
    });

  await forSignedInClients(app, db, (client) => {
    client.get(
      "/api/billing",
      { schema: { response: { 200: billingSchema, ...notFoundResponse, ...errorResponses } } },
      async (request, reply) => {
        const member = billingMember(request);
        if (!member) return reply.code(404).send(notFound("Billing"));
        return findBilling(db, member.companyId, cardsAccepted);
      },
    );

    client.put(
      "/api/billing/autopay",
      {
        bodyLimit: WRITE_BODY_LIMIT,
        schema: { body: autopaySchema, response: { 200: billingSchema, ...decisionResponses } },
      },
      async (request, reply) => {
        const member = billingMember(request);
        if (!member) return reply.code(404).send(notFound("Billing"));
        const changed = await setAutopay(db, member.companyId, request.body.enabled);
        if (!changed.ok) return refuse(reply, changed);
        return findBilling(db, member.companyId, cardsAccepted);
      },
    );

    client.put(
      "/api/billing/address",
      {
        bodyLimit: WRITE_BODY_LIMIT,
        schema: {
          body: billingAddressSchema,
          response: { 200: billingSchema, ...notFoundResponse, ...errorResponses },
        },
      },
      async (request, reply) => {
        const member = billingMember(request);
        if (!member) return reply.code(404).send(notFound("Billing"));
        await changeAddress(request, member.companyId, request.body.billingAddress);
        return findBilling(db, member.companyId, cardsAccepted);
      },
    );

    client.post(
      "/api/billing/plan-requests",
      {
        bodyLimit: WRITE_BODY_LIMIT,
        schema: {
          body: planRequestInputSchema,
          response: { 201: planRequestSchema, ...decisionResponses },
        },
      },
      async (request, reply) => {
        const member = billingMember(request);
        if (!member) return reply.code(404).send(notFound("Billing"));
        const requested = await requestPlanChange(
          db,
          { user: signedInUser(request), companyId: member.companyId },
          request.body,
          settings,
        );
        if (!requested.ok) return refuse(reply, requested);
        return reply.code(201).send(requested.value);
      },
    );
  });

  await forStaff(app, db, (staff) => {
    staff.get(
      "/api/admin/clients/:id/billing",
      {
        schema: {
          params: idParams,
          response: { 200: billingSchema, ...notFoundResponse, ...errorResponses },
        },
      },
      async (request, reply) => {
        if (!(await companyExists(db, request.params.id))) {
          return reply.code(404).send(notFound("Client"));
        }
        return findBilling(db, request.params.id, cardsAccepted);
      },
    );

    staff.put(
      "/api/admin/clients/:id/billing-address",
      {
        bodyLimit: WRITE_BODY_LIMIT,
        schema: {
          params: idParams,
          body: billingAddressSchema,
          response: { 200: billingSchema, ...notFoundResponse, ...errorResponses },
        },
      },
      async (request, reply) => {
        if (!(await changeAddress(request, request.params.id, request.body.billingAddress)))
          return reply.code(404).send(notFound("Client"));
        return findBilling(db, request.params.id, cardsAccepted);
      },
    );

    staff.post(
      "/api/admin/clients/:id/plans",
      {
        bodyLimit: WRITE_BODY_LIMIT,
        schema: {
          params: idParams,
          body: recurringPlanInputSchema,
          response: { 201: recurringPlanSchema, ...notFoundResponse, ...errorResponses },
        },
      },
      async (request, reply) => {
        if (!(await companyExists(db, request.params.id))) {
          return reply.code(404).send(notFound("Client"));
        }
        const plan = await withAudit(db, auditContext(request), async (tx, audit) => {
          const plan = await addPlan(tx, request.params.id, request.body);
          await audit({
            action: "plan.added",
            targetType: "plan",
            targetId: plan.id,
            companyId: request.params.id,
            changes: changedFields(undefined, planFields(plan)),
          });
          return plan;
        });
        return reply.code(201).send(plan);
      },
    );

    staff.put(
      "/api/admin/plans/:id",
      {
        bodyLimit: WRITE_BODY_LIMIT,
        schema: {
          params: idParams,
          body: recurringPlanInputSchema,
          response: { 200: recurringPlanSchema, ...notFoundResponse, ...errorResponses },
        },
      },
      async (request, reply) => {
        const changed = await withAudit(db, auditContext(request), async (tx, audit) => {
          const changed = await updatePlan(tx, request.params.id, request.body);
          if (!changed) return undefined;
          await audit({
            action: "plan.changed",
            targetType: "plan",
            targetId: request.params.id,
            companyId: (await planCompany(tx, request.params.id)) ?? null,
            changes: changedFields(planFields(changed.before), planFields(changed.after)),
          });
          return changed;
        });
        if (!changed) return reply.code(404).send(notFound("Plan"));
        return changed.after;
      },
    );

    staff.post(
      "/api/admin/plans/:id/cancel",
      {
        schema: {
          params: idParams,
          response: { 200: recurringPlanSchema, ...decisionResponses },
        },
      },
      async (request, reply) => {
        const cancelled = await withAudit(db, auditContext(request), async (tx, audit) => {
          const cancelled = await cancelPlan(tx, request.params.id);
          if (cancelled.ok) {
            await audit({
              action: "plan.cancelled",
              targetType: "plan",
              targetId: request.params.id,
              companyId: (await planCompany(tx, request.params.id)) ?? null,
              changes: { before: { status: "active" }, after: { status: "cancelled" } },
            });
          }
          return cancelled;
        });
        return cancelled.ok ? cancelled.value : refuse(reply, cancelled);
      },
    );

    staff.get(
      "/api/admin/plan-requests",
      { schema: { response: { 200: z.array(planRequestSchema), ...errorResponses } } },
      async () => listPlanRequests(db, {}),
    );

    /** Approves (at a price) or declines a plan request, with its audit event. */
    const decide = async (
      request: FastifyRequest,
      reply: FastifyReply,
      id: string,
      decision: { approve: true; amountCents: number } | { approve: false },
    ) => {
      const decided = await withAudit(db, auditContext(request), async (tx, audit) => {
        const decided = await decidePlanRequest(tx, id, decision);
        if (!decided.ok) return decided;
        const { before, after } = decided.value;
        await audit({
          action: decision.approve ? "plan-request.approved" : "plan-request.declined",
          targetType: "plan-request",
          targetId: id,
          companyId: after.companyId,
          changes: changedFields(
            { status: before.status, approvedAmountCents: before.approvedAmountCents },
            { status: after.status, approvedAmountCents: after.approvedAmountCents },
          ),
        });
        return decided;
      });
      if (!decided.ok) return refuse(reply, decided);
      return decided.value.after;
    };

    staff.post(
      "/api/admin/plan-requests/:id/approve",
      {
        bodyLimit: WRITE_BODY_LIMIT,
        schema: {
          params: idParams,
          body: planRequestApprovalSchema,
          response: { 200: planRequestSchema, ...decisionResponses },
        },
      },
      async (request, reply) =>
        decide(request, reply, request.params.id, {
          approve: true,
          amountCents: request.body.amountCents,
        }),
    );

    staff.post(
      "/api/admin/plan-requests/:id/decline",
      {
        schema: { params: idParams, response: { 200: planRequestSchema, ...decisionResponses } },
      },
      async (request, reply) => decide(request, reply, request.params.id, { approve: false }),
    );
  });
};

/** A plan as the audit log records it. */
const planFields = (plan: z.infer<typeof recurringPlanSchema>) => ({
  name: plan.name,
  amountCents: plan.amountCents,
  billingDay: plan.billingDay,
  startsOn: plan.startsOn,
  status: plan.status,
});
