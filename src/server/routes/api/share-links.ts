import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { siteHealthQuerySchema } from "@shared/schemas/site-health";
import {
  createdShareLinkSchema,
  shareLinkInputSchema,
  shareLinkSchema,
  shareLockedSchema,
  sharedViewSchema,
  shareTokenParams,
  shareUnlockSchema,
} from "@shared/schemas/share-links";
import { siteWindow } from "@shared/site-range";
import { auditContext, withAudit, type AuditContext } from "../../audit/audit";
import type { Db } from "../../db/client";
import { invalid } from "../../domain-failure";
import { signedInMember, signedInUser } from "../../plugins/auth-guard";
import { refuse } from "../../plugins/errors";
import {
  checkSharePassword,
  createShareLink,
  hashShareToken,
  isUnlocked,
  listShareLinks,
  noteShareView,
  openShareLink,
  revokeShareLink,
  UNLOCK_LIFETIME_MS,
  unlockValue,
} from "../../share-links/links";
import { sharedView } from "../../share-links/panels";
import {
  errorResponses,
  forSignedInClients,
  forStaff,
  idParams,
  notFound,
  notFoundResponse,
  WRITE_BODY_LIMIT,
  type RoutePlugin,
} from "./common";

/** Views of shared links one address may load a minute: a person changing ranges stays under. */
export const SHARE_VIEWS_PER_MINUTE = 60;
/** Password tries one address may make on one link in UNLOCK_TRIES_WINDOW_MS. */
export const UNLOCK_TRIES = 10;
export const UNLOCK_TRIES_WINDOW_MS = 15 * 60_000;
/** The cookie a right password sets, scoped to the link's own API path. */
export const UNLOCK_COOKIE = "hl_share";

const ownersOnly = { message: "Only the company's owner manages share links" };
const linkNotFound = { message: "This link does not exist, was revoked or has expired" };
const wrongPassword = { message: "That password is not right: check it and try again" };

/** What a share link answers with besides its data: never cached, never indexed, no referrer. */
function privateAnswer(reply: FastifyReply) {
  return reply
    .header("cache-control", "no-store")
    .header("x-robots-tag", "noindex")
    .header("referrer-policy", "no-referrer");
}

/** What the audit log keeps of a link: never its token or its password. */
const audited = (link: {
  websiteId: string;
  name: string;
  panels: string[];
  expiresAt: string | null;
  hasPassword: boolean;
}) => ({
  websiteId: link.websiteId,
  name: link.name,
  panels: link.panels,
  expiresAt: link.expiresAt,
  hasPassword: link.hasPassword,
});

/** Revokes a link with its audit row; undefined when there is no such link (of the company). */
function revokeWithAudit(db: Db, context: AuditContext, id: string, companyId?: string) {
  return withAudit(db, context, async (tx, audit) => {
    const revoked = await revokeShareLink(tx, id, companyId);
    if (!revoked) return undefined;
    if (!revoked.wasRevoked) {
      await audit({
        action: "share-link.revoked",
        targetType: "share-link",
        targetId: revoked.link.id,
        companyId: revoked.companyId,
        changes: { before: audited(revoked.link) },
      });
    }
    return revoked.link;
  });
}

/**
 * Share links: the company's owner makes, lists and revokes them on a site's page; staff list and
 * revoke them; anyone with a link reads its panels (GET /api/share/<token>), after its password
 * when it has one. The page itself (/share/<token>) is served by plugins/pages.ts, 404 too once
 * the link no longer opens.
 */
export const shareLinkRoutes: RoutePlugin = async (app, { db, config }) => {
  const ownersCompany = (request: FastifyRequest) => {
    const member = signedInMember(request);
    return member?.role === "owner" ? member.companyId : undefined;
  };

  await forSignedInClients(app, db, (client) => {
    client.get(
      "/api/websites/:id/share-links",
      {
        schema: {
          params: idParams,
          response: { 200: z.array(shareLinkSchema), ...notFoundResponse, ...errorResponses },
        },
      },
      async (request, reply) => {
        const companyId = ownersCompany(request);
        if (!companyId) return reply.code(403).send(ownersOnly);
        reply.header("cache-control", "no-store");
        const links = await listShareLinks(db, request.params.id, companyId);
        return links ?? reply.code(404).send(notFound("Website"));
      },
    );

    client.post(
      "/api/websites/:id/share-links",
      {
        bodyLimit: WRITE_BODY_LIMIT,
        schema: {
          params: idParams,
          body: shareLinkInputSchema,
          response: { 201: createdShareLinkSchema, ...notFoundResponse, ...errorResponses },
        },
      },
      async (request, reply) => {
        const companyId = ownersCompany(request);
        if (!companyId) return reply.code(403).send(ownersOnly);
        const user = signedInUser(request);
        const created = await withAudit(db, auditContext(request), async (tx, audit) => {
          const created = await createShareLink(
            tx,
            { websiteId: request.params.id, companyId },
            request.body,
            user,
            config.publicUrl,
          );
          if (!created) return undefined;
          await audit({
            action: "share-link.created",
            targetType: "share-link",
            targetId: created.id,
            companyId,
            changes: { after: audited(created) },
          });
          return created;
        });
        if (!created) return reply.code(404).send(notFound("Website"));
        const { companyId: _company, ...answer } = created;
        return reply.code(201).header("cache-control", "no-store").send(answer);
      },
    );

    client.post(
      "/api/share-links/:id/revoke",
      {
        schema: {
          params: idParams,
          response: { 200: shareLinkSchema, ...notFoundResponse, ...errorResponses },
        },
      },
      async (request, reply) => {
        const companyId = ownersCompany(request);
        if (!companyId) return reply.code(403).send(ownersOnly);
        const link = await revokeWithAudit(db, auditContext(request), request.params.id, companyId);
        return link ?? reply.code(404).send(notFound("Share link"));
      },
    );
  });

  await forStaff(app, db, (staff) => {
    staff.get(
      "/api/admin/websites/:id/share-links",
      {
        schema: {
          params: idParams,
          response: { 200: z.array(shareLinkSchema), ...notFoundResponse, ...errorResponses },
        },
      },
      async (request, reply) => {
        reply.header("cache-control", "no-store");
        const links = await listShareLinks(db, request.params.id);
        return links ?? reply.code(404).send(notFound("Website"));
      },
    );

    staff.post(
      "/api/admin/share-links/:id/revoke",
      {
        schema: {
          params: idParams,
          response: { 200: shareLinkSchema, ...notFoundResponse, ...errorResponses },
        },
      },
      async (request, reply) => {
        const link = await revokeWithAudit(db, auditContext(request), request.params.id);
        return link ?? reply.code(404).send(notFound("Share link"));
      },
    );
  });

  // The shared view's data: only the link's panels, for the range asked for.
  app.get(
    "/api/share/:token",
    {
      config: { rateLimit: { max: SHARE_VIEWS_PER_MINUTE, timeWindow: 60_000 } },
      schema: {
        params: shareTokenParams,
        querystring: siteHealthQuerySchema,
        response: {
          200: sharedViewSchema,
          ...notFoundResponse,
          ...errorResponses,
          401: shareLockedSchema,
        },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      const now = new Date();
      const link = await openShareLink(db, request.params.token, now);
      if (!link) return reply.code(404).send(linkNotFound);
      if (
        link.passwordHash &&
        !isUnlocked(config.sessionSecret, link, request.cookies[UNLOCK_COOKIE], now)
      ) {
        return reply
          .code(401)
          .send({ message: "This link asks for a password", passwordRequired: true as const });
      }
      const { range } = request.query;
      const window = siteWindow(range, now);
      if (!window) {
        return refuse(reply, invalid("Range must not be a month after the current one", "range"));
      }
      const view = await sharedView(db, link, { ...window, range }, now);
      await noteShareView(db, link.id, now);
      return view;
    },
  );

  // A password for a link that has one: right, and the browser may read the link for a while.
  app.post(
    "/api/share/:token/unlock",
    {
      bodyLimit: WRITE_BODY_LIMIT,
      // Counted by the link's hash and the address: a shared store never holds a token.
      config: { rateLimit: false as const },
      onRequest: app.rateLimit({
        max: UNLOCK_TRIES,
        timeWindow: UNLOCK_TRIES_WINDOW_MS,
        keyGenerator: (request) =>
          `share-unlock:${hashShareToken((request.params as { token?: string }).token ?? "")}:${request.ip}`,
        errorResponseBuilder: (_request, context) => ({
          statusCode: 429,
          message: `Too many password tries: try again in ${context.after}.`,
        }),
      }),
      schema: {
        params: shareTokenParams,
        body: shareUnlockSchema,
        response: { 204: z.null(), ...notFoundResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      const now = new Date();
      const { token } = request.params;
      const link = await openShareLink(db, token, now);
      if (!link) return reply.code(404).send(linkNotFound);
      if (
        link.passwordHash &&
        !(await checkSharePassword(link.passwordHash, request.body.password))
      ) {
        return reply.code(403).send(wrongPassword);
      }
      if (link.passwordHash) {
        reply.setCookie(UNLOCK_COOKIE, unlockValue(config.sessionSecret, link, now), {
          path: `/api/share/${token}`,
          httpOnly: true,
          sameSite: "strict",
          secure: config.publicUrl.startsWith("https://"),
          maxAge: UNLOCK_LIFETIME_MS / 1000,
        });
      }
      return reply.code(204).send(null);
    },
  );
};
