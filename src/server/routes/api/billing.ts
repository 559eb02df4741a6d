import { billingInputSchema, billingSchema, type Billing } from "@shared/schemas/billing";
import { clientDetailSchema } from "@shared/schemas/clients";
import { auditContext, changedFields, recordAudit } from "../../audit/audit";
import { findBilling, saveBilling } from "../../billing/billing";
import { companyExists, findClient } from "../../clients/clients";
import { signedInMember } from "../../plugins/auth-guard";
import { seesBilling } from "@shared/schemas/team";
import {
  forSignedInClients,
  errorResponses,
  idParams,
  notFound,
  notFoundResponse,
  forStaff,
  type RoutePlugin,
} from "./common";

/** The billing a person sees, field by field, for the audit log. */
const billingFields = (billing: Billing) => ({
  plan: billing.plan,
  monthlyCostCents: billing.monthlyCostCents,
  nextBillingDate: billing.nextBillingDate,
  card: billing.paymentMethod
    ? `${billing.paymentMethod.brand} ${billing.paymentMethod.last4} ${billing.paymentMethod.expMonth ?? ""}/${billing.paymentMethod.expYear ?? ""}`
    : null,
});

/**
 * A client company's plan and payment method: its owners and billing members read them on the
 * Billing tab (other members get 404); staff set them.
 */
export const billingRoutes: RoutePlugin = async (app, { db }) => {
  await forSignedInClients(app, db, (client) => {
    client.get(
      "/api/billing",
      {
        schema: {
          response: { 200: billingSchema.nullable(), ...notFoundResponse, ...errorResponses },
        },
      },
      // Only owners and billing members see billing: to anyone else it is not there.
      async (request, reply) => {
        const member = await signedInMember(request, db);
        if (!member || !seesBilling(member.role)) {
          return reply.code(404).send(notFound("Billing"));
        }
        return findBilling(db, member.companyId);
      },
    );
  });

  await forStaff(app, db, (staff) => {
    staff.put(
      "/api/admin/clients/:id/billing",
      {
        schema: {
          params: idParams,
          body: billingInputSchema,
          response: { 200: clientDetailSchema, ...notFoundResponse, ...errorResponses },
        },
      },
      async (request, reply) => {
        if (!(await companyExists(db, request.params.id))) {
          return reply.code(404).send(notFound("Client"));
        }
        const before = await findBilling(db, request.params.id);
        const after = await saveBilling(db, request.params.id, request.body);
        await recordAudit(db, auditContext(request), {
          action: "billing.changed",
          targetType: "client",
          targetId: request.params.id,
          companyId: request.params.id,
          changes: changedFields(before ? billingFields(before) : undefined, billingFields(after!)),
        });
        return (await findClient(db, request.params.id))!;
      },
    );
  });
};
