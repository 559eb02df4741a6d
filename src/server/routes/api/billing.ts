import { billingInputSchema, billingSchema, type Billing } from "@shared/schemas/billing";
import { clientDetailSchema } from "@shared/schemas/clients";
import { auditContext, changedFields, recordAudit } from "../../audit/audit";
import { findBilling, saveBilling } from "../../billing/billing";
import { findClient, userExists } from "../../clients/clients";
import { signedInUser } from "../../plugins/auth-guard";
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

/** A client's plan and payment method: the Billing tab reads its own; staff set them. */
export const billingRoutes: RoutePlugin = async (app, { db }) => {
  await forSignedInClients(app, db, (client) => {
    client.get(
      "/api/billing",
      { schema: { response: { 200: billingSchema.nullable(), ...errorResponses } } },
      async (request) => findBilling(db, signedInUser(request).id),
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
        if (!(await userExists(db, request.params.id))) {
          return reply.code(404).send(notFound("Client"));
        }
        const before = await findBilling(db, request.params.id);
        const after = await saveBilling(db, request.params.id, request.body);
        await recordAudit(db, auditContext(request), {
          action: "billing.changed",
          targetType: "client",
          targetId: request.params.id,
          changes: changedFields(before ? billingFields(before) : undefined, billingFields(after!)),
        });
        return (await findClient(db, request.params.id))!;
      },
    );
  });
};
