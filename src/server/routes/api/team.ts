import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { clientDetailSchema } from "@shared/schemas/clients";
import {
  companyMemberParamsSchema,
  inviteMemberSchema,
  memberParamsSchema,
  memberRoleUpdateSchema,
  memberSchema,
  membershipSchema,
  teamMessages,
  type Membership,
} from "@shared/schemas/team";
import { auditContext, withAudit, type AuditContext } from "../../audit/audit";
import { companyExists, findClient } from "../../clients/clients";
import { LINK_LIFETIME_MS, LINKS_PER_EMAIL } from "../../auth/email-links";
import type { Db } from "../../db/client";
import { signedInMember } from "../../plugins/auth-guard";
import {
  changeMemberRole,
  inviteMember,
  listMembers,
  removeMember,
  resendInvitation,
  type InvitationSettings,
  type MemberChange,
} from "../../team/team";
import {
  errorBody,
  errorResponses,
  forSignedInClients,
  forStaff,
  notFound,
  notFoundResponse,
  WRITE_BODY_LIMIT,
  type RoutePlugin,
} from "./common";

const conflict = { 409: errorBody };
const resendResponses = { ...notFoundResponse, ...conflict, 429: errorBody };

export const tooManyLinksMessage = `That address has had ${LINKS_PER_EMAIL} sign-in links in the last ${
  LINK_LIFETIME_MS / 60_000
} minutes. Wait a few minutes and send the invitation again.`;

/**
 * Sends a member who has never signed in their invitation again, with its audit row in the same
 * transaction; the answer to send back when it was refused (404, 409 signed in, 429 too many
 * links), else the member.
 */
async function resend(
  db: Db,
  context: AuditContext,
  companyId: string,
  userId: string,
  settings: InvitationSettings,
  reply: FastifyReply,
) {
  const result = await withAudit(db, context, async (tx, audit) => {
    const resent = await resendInvitation(tx, companyId, userId, settings);
    if (resent.ok) {
      await audit({
        action: "member.invitation-resent",
        targetType: "user",
        targetId: resent.member.id,
        companyId,
        changes: { after: { email: resent.member.email, role: resent.member.role } },
      });
    }
    return resent;
  });
  if (result.ok) return { member: result.member };
  if (result.reason === "not-found") return { refused: reply.code(404).send(notFound("Member")) };
  if (result.reason === "signed-in") {
    return { refused: reply.code(409).send({ message: teamMessages.signedInAlready }) };
  }
  return { refused: reply.code(429).send({ message: tooManyLinksMessage }) };
}

/** The signed-in owner's company, or a 403 sent (members of other roles, and non-members). */
async function ownersCompany(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Membership | undefined> {
  const member = signedInMember(request);
  if (member?.role === "owner") return member;
  await reply.code(403).send({ message: teamMessages.ownersOnly });
  return undefined;
}

/** What a refused role change or removal answers. */
function refused(reply: FastifyReply, change: Extract<MemberChange, { ok: false }>) {
  return change.reason === "last-owner"
    ? reply.code(409).send({ message: teamMessages.lastOwner })
    : reply.code(404).send(notFound("Member"));
}

/** Changes a member's role and appends its audit row, in one transaction. */
function changeRole(
  db: Db,
  context: AuditContext,
  companyId: string,
  userId: string,
  role: Parameters<typeof changeMemberRole>[3],
) {
  return withAudit(db, context, async (tx, audit) => {
    const change = await changeMemberRole(tx, companyId, userId, role);
    if (change.ok) {
      await audit({
        action: "member.role-changed",
        targetType: "user",
        targetId: change.member.id,
        companyId,
        changes: {
          before: { email: change.member.email, role: change.before },
          after: { email: change.member.email, role: change.member.role },
        },
      });
    }
    return change;
  });
}

/** Removes a member and appends its audit row, in one transaction. */
function remove(db: Db, context: AuditContext, companyId: string, userId: string) {
  return withAudit(db, context, async (tx, audit) => {
    const change = await removeMember(tx, companyId, userId);
    if (change.ok) {
      await audit({
        action: "member.removed",
        targetType: "user",
        targetId: change.member.id,
        companyId,
        changes: { before: { email: change.member.email, role: change.before } },
      });
    }
    return change;
  });
}

/** Invites a member and appends its audit row, in one transaction. */
function invite(
  db: Db,
  context: AuditContext,
  companyId: string,
  input: Parameters<typeof inviteMember>[2],
  settings: Parameters<typeof inviteMember>[3],
) {
  return withAudit(db, context, async (tx, audit) => {
    const result = await inviteMember(tx, companyId, input, settings);
    if (result?.ok) {
      await audit({
        action: "member.invited",
        targetType: "user",
        targetId: result.member.id,
        companyId,
        changes: { after: { email: result.member.email, role: result.member.role } },
      });
    }
    return result;
  });
}

/**
 * A client company's team. Every member reads their own membership; owners list the members,
 * invite someone by email with a role, change a role and remove a member (403 for other roles);
 * staff do the same on any client's page. A company always keeps an owner, and a person belongs
 * to one company.
 */
export const teamRoutes: RoutePlugin = async (app, { db, config, outbox }) => {
  await forSignedInClients(app, db, (client) => {
    client.get(
      "/api/team",
      { schema: { response: { 200: membershipSchema, ...notFoundResponse, ...errorResponses } } },
      async (request, reply) =>
        signedInMember(request) ?? reply.code(404).send(notFound("Company")),
    );

    client.get(
      "/api/team/members",
      { schema: { response: { 200: z.array(memberSchema), ...errorResponses } } },
      async (request, reply) => {
        const company = await ownersCompany(request, reply);
        return company && listMembers(db, company.companyId);
      },
    );

    client.post(
      "/api/team/members",
      {
        bodyLimit: WRITE_BODY_LIMIT,
        schema: {
          body: inviteMemberSchema,
          response: { 201: memberSchema, ...conflict, ...errorResponses },
        },
      },
      async (request, reply) => {
        const company = await ownersCompany(request, reply);
        if (!company) return;
        const { companyId } = company;
        const result = await invite(db, auditContext(request), companyId, request.body, config);
        if (!result) return reply.code(403).send({ message: teamMessages.noCompany });
        if (!result.ok) return reply.code(409).send({ message: result.message });
        if (result.emailed) outbox.wake();
        return reply.code(201).send(result.member);
      },
    );

    client.patch(
      "/api/team/members/:id",
      {
        bodyLimit: WRITE_BODY_LIMIT,
        schema: {
          params: memberParamsSchema,
          body: memberRoleUpdateSchema,
          response: { 200: memberSchema, ...notFoundResponse, ...conflict, ...errorResponses },
        },
      },
      async (request, reply) => {
        const company = await ownersCompany(request, reply);
        if (!company) return;
        const { companyId } = company;
        const { id } = request.params;
        const change = await changeRole(
          db,
          auditContext(request),
          companyId,
          id,
          request.body.role,
        );
        if (!change.ok) return refused(reply, change);
        return change.member;
      },
    );

    client.delete(
      "/api/team/members/:id",
      {
        schema: {
          params: memberParamsSchema,
          response: { 204: z.null(), ...notFoundResponse, ...conflict, ...errorResponses },
        },
      },
      async (request, reply) => {
        const company = await ownersCompany(request, reply);
        if (!company) return;
        const change = await remove(
          db,
          auditContext(request),
          company.companyId,
          request.params.id,
        );
        if (!change.ok) return refused(reply, change);
        return reply.code(204).send(null);
      },
    );

    client.post(
      "/api/team/members/:id/invitation",
      {
        schema: {
          params: memberParamsSchema,
          response: { 200: memberSchema, ...resendResponses, ...errorResponses },
        },
      },
      async (request, reply) => {
        const company = await ownersCompany(request, reply);
        if (!company) return;
        const done = await resend(
          db,
          auditContext(request),
          company.companyId,
          request.params.id,
          config,
          reply,
        );
        if (!done.member) return done.refused;
        outbox.wake();
        return done.member;
      },
    );
  });

  /** Staff writes answer with the client's whole page, so the back office shows what is stored. */
  const clientPage = {
    200: clientDetailSchema,
    ...notFoundResponse,
    ...conflict,
    ...errorResponses,
  };

  await forStaff(app, db, (staff) => {
    staff.post(
      "/api/admin/clients/:id/members",
      {
        schema: {
          params: memberParamsSchema,
          body: inviteMemberSchema,
          response: { ...clientPage, 201: clientDetailSchema },
        },
      },
      async (request, reply) => {
        const companyId = request.params.id;
        const result = await invite(db, auditContext(request), companyId, request.body, config);
        if (!result) return reply.code(404).send(notFound("Client"));
        if (!result.ok) return reply.code(409).send({ message: result.message });
        if (result.emailed) outbox.wake();
        return reply.code(201).send((await findClient(db, companyId))!);
      },
    );

    staff.post(
      "/api/admin/clients/:id/members/:userId/invitation",
      {
        schema: {
          params: companyMemberParamsSchema,
          response: { ...clientPage, ...resendResponses },
        },
      },
      async (request, reply) => {
        const { id: companyId, userId } = request.params;
        if (!(await companyExists(db, companyId))) {
          return reply.code(404).send(notFound("Client"));
        }
        const done = await resend(db, auditContext(request), companyId, userId, config, reply);
        if (!done.member) return done.refused;
        outbox.wake();
        return (await findClient(db, companyId))!;
      },
    );

    staff.patch(
      "/api/admin/clients/:id/members/:userId",
      {
        schema: {
          params: companyMemberParamsSchema,
          body: memberRoleUpdateSchema,
          response: clientPage,
        },
      },
      async (request, reply) => {
        const { id: companyId, userId } = request.params;
        if (!(await companyExists(db, companyId))) {
          return reply.code(404).send(notFound("Client"));
        }
        const change = await changeRole(
          db,
          auditContext(request),
          companyId,
          userId,
          request.body.role,
        );
        if (!change.ok) return refused(reply, change);
        return (await findClient(db, companyId))!;
      },
    );

    staff.delete(
      "/api/admin/clients/:id/members/:userId",
      { schema: { params: companyMemberParamsSchema, response: clientPage } },
      async (request, reply) => {
        const { id: companyId, userId } = request.params;
        if (!(await companyExists(db, companyId))) {
          return reply.code(404).send(notFound("Client"));
        }
        const change = await remove(db, auditContext(request), companyId, userId);
        if (!change.ok) return refused(reply, change);
        return (await findClient(db, companyId))!;
      },
    );
  });
};
