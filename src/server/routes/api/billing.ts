import { billingInputSchema, billingSchema } from "@shared/schemas/billing";
import { clientDetailSchema } from "@shared/schemas/clients";
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
        await saveBilling(db, request.params.id, request.body);
        return (await findClient(db, request.params.id))!;
      },
    );
  });
};
