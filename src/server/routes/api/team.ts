import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { clientDetailSchema, type ClientDetail } from "@shared/schemas/clients";
import {
  companyMemberParamsSchema,
  inviteMemberSchema,
  memberParamsSchema,
  memberRoleUpdateSchema,
  memberSchema,
  membershipSchema,
  teamMessages,
  type Member,
  type Membership,
} from "@shared/schemas/team";
import { auditContext, withAudit, type AuditContext } from "../../audit/audit";
import { companyExists, findClient } from "../../clients/clients";
import type { Db } from "../../db/client";
import { signedInMember } from "../../plugins/auth-guard";
import { refuse } from "../../plugins/errors";
import {
  changeMemberRole,
  inviteMember,
  listMembers,
  removeMember,
  resendInvitation,
} from "../../team/team";
import {
  errorBody,
  errorResponses,
  forSignedInClients,
  forStaff,
  notFound,
  notFoundResponse,
  WRITE_BODY_LIMIT,
  type RouteOptions,
  type RoutePlugin,
} from "./common";

const conflict = { 409: errorBody };
const resendResponses = { ...notFoundResponse, ...conflict, 429: errorBody };

/** Whose invitation is sent again: a member of a company. */
type Invitee = { companyId: string; userId: string };

/**
 * The one handler of both routes that send a member who has never signed in their invitation
 * again, with its audit row in the same transaction: the owners' (a member of their company) and
 * staff's (a member of any client). `inviteeOf` names the member, or answers the refusal itself
 * and gives undefined; `answer` is what the route answers once the invitation is sent.
 */
function resendHandler<Params, Answer>(
  { db, config }: Pick<RouteOptions, "db" | "config">,
  inviteeOf: (
    request: FastifyRequest<{ Params: Params }>,
    reply: FastifyReply,
  ) => Promise<Invitee | undefined>,
  answer: (invitee: Invitee, member: Member) => Answer | Promise<Answer>,
) {
  return async (request: FastifyRequest<{ Params: Params }>, reply: FastifyReply) => {
    const invitee = await inviteeOf(request, reply);
    if (!invitee) return reply;
    const { companyId, userId } = invitee;
    const resent = await withAudit(db, auditContext(request), async (tx, audit) => {
      const resent = await resendInvitation(tx, companyId, userId, config);
      if (resent.ok) {
        const member = resent.value;
        await audit({
          action: "member.invitation-resent",
          targetType: "user",
          targetId: member.id,
          companyId,
          changes: { after: { email: member.email, role: member.role } },
        });
      }
      return resent;
    });
    return resent.ok ? answer(invitee, resent.value) : refuse(reply, resent);
  };
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
      const { before, member } = change.value;
      await audit({
        action: "member.role-changed",
        targetType: "user",
        targetId: member.id,
        companyId,
        changes: {
          before: { email: member.email, role: before },
          after: { email: member.email, role: member.role },
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
      const { before, member } = change.value;
      await audit({
        action: "member.removed",
        targetType: "user",
        targetId: member.id,
        companyId,
        changes: { before: { email: member.email, role: before } },
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
      const { member } = result.value;
      await audit({
        action: "member.invited",
        targetType: "user",
        targetId: member.id,
        companyId,
        changes: { after: { email: member.email, role: member.role } },
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
export const teamRoutes: RoutePlugin = async (app, { db, config }) => {
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
        if (!result.ok) return refuse(reply, result);
        return reply.code(201).send(result.value.member);
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
        return change.ok ? change.value.member : refuse(reply, change);
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
        if (!change.ok) return refuse(reply, change);
        return reply.code(204).send(null);
      },
    );

    client.post(
      "/api/team/members/:id/invitation",
      {
        schema: {
          summary: "Send a team member's invitation again",
          params: memberParamsSchema,
          response: { 200: memberSchema, ...resendResponses, ...errorResponses },
        },
      },
      resendHandler<z.infer<typeof memberParamsSchema>, Member>(
        { db, config },
        async (request, reply) => {
          const company = await ownersCompany(request, reply);
          return company && { companyId: company.companyId, userId: request.params.id };
        },
        (_invitee, member) => member,
      ),
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
        if (!result.ok) return refuse(reply, result);
        return reply.code(201).send((await findClient(db, companyId))!);
      },
    );

    staff.post(
      "/api/admin/clients/:id/members/:userId/invitation",
      {
        schema: {
          summary: "Send a client's member their invitation again",
          params: companyMemberParamsSchema,
          response: { ...clientPage, ...resendResponses },
        },
      },
      resendHandler<z.infer<typeof companyMemberParamsSchema>, ClientDetail>(
        { db, config },
        async (request, reply) => {
          const { id: companyId, userId } = request.params;
          if (await companyExists(db, companyId)) return { companyId, userId };
          await reply.code(404).send(notFound("Client"));
          return undefined;
        },
        async ({ companyId }) => (await findClient(db, companyId))!,
      ),
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
        if (!change.ok) return refuse(reply, change);
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
        if (!change.ok) return refuse(reply, change);
        return (await findClient(db, companyId))!;
      },
    );
  });
};
