import type { FastifyReply } from "fastify";
import { z } from "zod";
import {
  acceptProposalSchema,
  declineProposalSchema,
  newProposalSchema,
  proposalDetailSchema,
  proposalDraftSchema,
  proposalSummarySchema,
} from "@shared/schemas/proposals";
import { seesBilling } from "@shared/schemas/team";
import { auditContext } from "../../audit/audit";
import { signedInMember, signedInUser } from "../../plugins/auth-guard";
import { answerProposal, type Answer } from "../../proposals/proposal-answers";
import { createProposal, createVersion, updateDraft } from "../../proposals/proposal-drafts";
import {
  findProposal,
  listProposals,
  proposalDocument,
  proposalMessages,
  type Viewer,
} from "../../proposals/proposal-reading";
import { sendProposal } from "../../proposals/proposal-sending";
import { refuse } from "../../plugins/errors";
import {
  billingSettings,
  errorBody,
  errorResponses,
  forSignedInClients,
  forStaff,
  idParams,
  notFound,
  notFoundResponse,
  pdfResponse,
  type RoutePlugin,
  sendPdf,
  WRITE_BODY_LIMIT,
} from "./common";

/** A proposal's scope may run to 20,000 characters and 50 lines: more than a portal form. */
const PROPOSAL_BODY_LIMIT = 128 * 1024;

const listQuerySchema = z.object({
  leadId: z.uuid({ error: "leadId: a lead's id" }).optional(),
  companyId: z.uuid({ error: "companyId: a client's id" }).optional(),
});
const versionParams = idParams.extend({ versionId: z.uuid({ error: "Not found" }) });
const proposalPdf = { ...pdfResponse("The proposal"), ...notFoundResponse, ...errorResponses };
const pdfQuerySchema = z.object({
  version: z.uuid({ error: "version: a version's id" }).optional(),
});

const detailResponses = { 404: errorBody, 409: errorBody, ...errorResponses };

/**
 * Proposals. Staff write them for a lead or a client, as versions: a draft is edited, sending
 * freezes it and emails the client's owners and billing members. Clients read the sent
 * versions of their company's proposals, accept (typing their name) or decline (saying why),
 * and both sides download the PDF.
 */
export const proposalRoutes: RoutePlugin = async (app, { db, config }) => {
  const settings = billingSettings(config);

  await forStaff(app, db, (staff) => {
    const staffView: Viewer = { staff: true };

    staff.get(
      "/api/admin/proposals",
      {
        schema: {
          querystring: listQuerySchema,
          response: { 200: z.array(proposalSummarySchema), ...errorResponses },
        },
      },
      async (request) => listProposals(db, request.query, staffView),
    );

    staff.post(
      "/api/admin/proposals",
      {
        bodyLimit: PROPOSAL_BODY_LIMIT,
        schema: {
          body: newProposalSchema,
          response: { 201: proposalDetailSchema, ...detailResponses },
        },
      },
      async (request, reply) => {
        const created = await createProposal(db, request.body, auditContext(request));
        if (!created.ok) return refuse(reply, created);
        return reply.code(201).send(created.value);
      },
    );

    staff.get(
      "/api/admin/proposals/:id",
      {
        schema: {
          params: idParams,
          response: { 200: proposalDetailSchema, ...notFoundResponse, ...errorResponses },
        },
      },
      async (request, reply) =>
        (await findProposal(db, request.params.id, staffView)) ??
        reply.code(404).send(notFound("Proposal")),
    );

    staff.put(
      "/api/admin/proposals/:id/versions/:versionId",
      {
        bodyLimit: PROPOSAL_BODY_LIMIT,
        schema: {
          params: versionParams,
          body: proposalDraftSchema,
          response: { 200: proposalDetailSchema, ...detailResponses },
        },
      },
      async (request, reply) => {
        const { id, versionId } = request.params;
        const updated = await updateDraft(db, id, versionId, request.body, auditContext(request));
        return updated.ok ? updated.value : refuse(reply, updated);
      },
    );

    staff.post(
      "/api/admin/proposals/:id/send",
      { schema: { params: idParams, response: { 200: proposalDetailSchema, ...detailResponses } } },
      async (request, reply) => {
        const sent = await sendProposal(db, request.params.id, {
          settings,
          audit: auditContext(request),
        });
        return sent.ok ? sent.value : refuse(reply, sent);
      },
    );

    staff.post(
      "/api/admin/proposals/:id/versions",
      {
        bodyLimit: PROPOSAL_BODY_LIMIT,
        schema: {
          params: idParams,
          body: proposalDraftSchema,
          response: { 201: proposalDetailSchema, ...detailResponses },
        },
      },
      async (request, reply) => {
        const created = await createVersion(
          db,
          request.params.id,
          request.body,
          auditContext(request),
        );
        if (!created.ok) return refuse(reply, created);
        return reply.code(201).send(created.value);
      },
    );

    staff.get(
      "/api/admin/proposals/:id/pdf",
      { schema: { params: idParams, querystring: pdfQuerySchema, response: proposalPdf } },
      async (request, reply) => {
        const file = await proposalDocument(
          db,
          request.params.id,
          staffView,
          request.query.version,
        );
        return file ? sendPdf(reply, file) : reply.code(404).send(notFound("Proposal"));
      },
    );
  });

  await forSignedInClients(app, db, (client) => {
    /** The signed-in member's view, or undefined when they belong to no company. */
    const clientView = async (request: Parameters<typeof signedInMember>[0]) => {
      const member = signedInMember(request);
      return member
        ? { view: { staff: false as const, companyId: member.companyId }, member }
        : undefined;
    };

    client.get(
      "/api/proposals",
      { schema: { response: { 200: z.array(proposalSummarySchema), ...errorResponses } } },
      async (request) => {
        const signedIn = await clientView(request);
        return signedIn ? listProposals(db, {}, signedIn.view) : [];
      },
    );

    client.get(
      "/api/proposals/:id",
      {
        schema: {
          params: idParams,
          response: { 200: proposalDetailSchema, ...notFoundResponse, ...errorResponses },
        },
      },
      async (request, reply) => {
        const signedIn = await clientView(request);
        const detail = signedIn && (await findProposal(db, request.params.id, signedIn.view));
        return detail ?? reply.code(404).send(notFound("Proposal"));
      },
    );

    const answer = async (
      request: Parameters<typeof signedInMember>[0],
      reply: FastifyReply,
      id: string,
      body: Answer,
    ) => {
      const signedIn = await clientView(request);
      if (!signedIn) return reply.code(404).send(notFound("Proposal"));
      // Answering binds the company: its owners' and billing members' call. Another member
      // learns so only of a proposal they can read.
      if (!seesBilling(signedIn.member.role)) {
        return (await findProposal(db, id, signedIn.view))
          ? reply.code(403).send({ message: proposalMessages.ownersOnly })
          : reply.code(404).send(notFound("Proposal"));
      }
      const user = signedInUser(request);
      const answered = await answerProposal(
        db,
        id,
        body,
        {
          user,
          companyId: signedIn.member.companyId,
          ipAddress: request.ip ?? null,
          userAgent: request.headers["user-agent"] ?? null,
        },
        { settings, audit: auditContext(request) },
      );
      return answered.ok ? answered.value : refuse(reply, answered);
    };

    client.post(
      "/api/proposals/:id/accept",
      {
        bodyLimit: WRITE_BODY_LIMIT,
        schema: {
          params: idParams,
          body: acceptProposalSchema,
          response: { 200: proposalDetailSchema, ...detailResponses },
        },
      },
      async (request, reply) => {
        const { versionId, contentHash, signedName } = request.body;
        return answer(request, reply, request.params.id, {
          decision: "accepted",
          versionId,
          contentHash,
          signedName,
        });
      },
    );

    client.post(
      "/api/proposals/:id/decline",
      {
        bodyLimit: WRITE_BODY_LIMIT,
        schema: {
          params: idParams,
          body: declineProposalSchema,
          response: { 200: proposalDetailSchema, ...detailResponses },
        },
      },
      async (request, reply) => {
        const { versionId, contentHash, reason } = request.body;
        return answer(request, reply, request.params.id, {
          decision: "declined",
          versionId,
          contentHash,
          reason,
        });
      },
    );

    client.get(
      "/api/proposals/:id/pdf",
      { schema: { params: idParams, response: proposalPdf } },
      async (request, reply) => {
        const signedIn = await clientView(request);
        const file = signedIn && (await proposalDocument(db, request.params.id, signedIn.view));
        return file ? sendPdf(reply, file) : reply.code(404).send(notFound("Proposal"));
      },
    );
  });
};
