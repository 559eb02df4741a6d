import type { Readable } from "node:stream";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorBodySchema } from "@shared/schemas/errors";
import type { Config } from "../../config";
import { findInvoice, type Viewer } from "../../billing/invoice-reading";
import type { BillingSettings } from "../../billing/settings";
import type { Db } from "../../db/client";
import { seesBilling } from "@shared/schemas/team";
import { documentAccess } from "../../plugins/api-document";
import { requireStaff, requireUser, signedInMember } from "../../plugins/auth-guard";

/** What every API route group is given. */
export type RouteOptions = { db: Db; config: Config };
export type RoutePlugin = FastifyPluginAsyncZod<RouteOptions>;
export type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

export const errorBody = errorBodySchema;

/** The error answers every route may give, in the one error format. */
export const errorResponses = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  429: errorBody,
  413: errorBody,
  415: errorBody,
  500: errorBody,
  503: errorBody,
};

/** For routes about one thing: an id that is not a UUID is simply not found. */
export const idParams = z.object({ id: z.uuid({ error: "Not found" }) });
export const notFoundResponse = { 404: errorBody };
/** What a route answers when the thing is not there, or not the caller's. */
export const notFound = (noun: string) => ({ message: `${noun} not found` });
export const deletedResponses = { 204: z.null(), ...notFoundResponse, ...errorResponses };

/**
 * The answer of a route that sends a file (a PDF, a CSV, an attachment), in the type it is sent
 * as: the API's document says so. Fastify sends the bytes as they are.
 */
export const fileResponse = (type: string, description: string) => ({
  200: {
    description,
    content: {
      [type]: {
        schema: z
          .custom<string | Buffer | Readable>()
          .meta({ type: "string", contentMediaType: type }),
      },
    },
  },
});
export const pdfResponse = (what: string) => fileResponse("application/pdf", `${what}, as a PDF`);

/** The answer of a browser navigation: a redirect (Location says where to). */
export const redirectResponse = (description: string, code: 302 | 303 = 302) => ({
  [code]: z.null().meta({ description }),
});

/** A write from a portal form carries a few kilobytes at most. */
export const WRITE_BODY_LIMIT = 16 * 1024;

/**
 * Routes a signed-in client calls: refused with 401 before the body is even read, so a
 * signed-out caller learns nothing. Every query is then filtered by the session's user.
 */
export function forSignedInClients(app: ZodApp, db: Db, routes: (client: ZodApp) => void) {
  return app.register(async (client) => {
    client.addHook("onRequest", requireUser(db));
    client.addHook("onRoute", documentAccess("client"));
    routes(client);
  });
}

/**
 * Routes under /api/admin, for staff only: 401 signed out, 403 signed in but not staff,
 * checked before any body is read. Each noun registers its staff routes through this.
 */
export function forStaff(app: ZodApp, db: Db, routes: (staff: ZodApp) => void) {
  return app.register(async (staff) => {
    staff.addHook("onRequest", requireStaff(db));
    staff.addHook("onRoute", documentAccess("staff"));
    routes(staff);
  });
}

/** A generated document, downloaded rather than shown, never cached. */
export function sendPdf(reply: FastifyReply, file: { fileName: string; bytes: Buffer }) {
  return reply
    .type("application/pdf")
    .header("content-disposition", `attachment; filename="${file.fileName}"`)
    .header("cache-control", "no-store")
    .send(file.bytes);
}

/**
 * The signed-in member when they see billing (owners and billing members); undefined for
 * anyone else, to whom billing answers 404: it is not there for them.
 */
export function billingMember(request: FastifyRequest) {
  const member = signedInMember(request);
  return member && seesBilling(member.role) ? member : undefined;
}

/** What invoices need of the settings: links, the agency's inbox, tax, whether cards are taken. */
export const billingSettings = (config: Config): BillingSettings => ({
  publicUrl: config.publicUrl,
  agencyInbox: config.agencyInbox,
  taxRatePpm: config.taxRatePpm,
  cardsAccepted: config.stripe !== undefined,
});

/**
 * What the invoice routes and their follow-ups read invoices with: the settings, staff's view
 * (every invoice) and a client's (an owner's or billing member's: their company's issued ones;
 * undefined for anyone else, to whom invoices answer 404), and the invoice a staff write answers.
 */
export function invoiceReading({ db, config }: RouteOptions) {
  const settings = billingSettings(config);
  const staffView: Viewer = { staff: true };
  const clientView = (request: FastifyRequest): Viewer | undefined => {
    const member = billingMember(request);
    return member && { staff: false, companyId: member.companyId };
  };
  const staffDetail = async (id: string) => (await findInvoice(db, id, staffView, { settings }))!;
  return { settings, staffView, clientView, staffDetail };
}
