import { z } from "zod";
import {
  milestoneAnswerSchema,
  milestoneInputSchema,
  pipelineSchema,
  projectDetailSchema,
  projectSummarySchema,
  projectUpdateInputSchema,
} from "@shared/schemas/projects";
import { websiteInputSchema } from "@shared/schemas/websites";
import { auditContext, changedFields, recordAudit, withAudit } from "../../audit/audit";
import { signedInMember, signedInUser } from "../../plugins/auth-guard";
import { refuse } from "../../plugins/errors";
import { loadPipeline } from "../../projects/pipeline";
import {
  addMilestone,
  answerMilestone,
  requestApproval,
  updateMilestone,
} from "../../projects/milestones";
import { findProject, listProjects } from "../../projects/project-reading";
import { launchWebsite, postUpdate } from "../../projects/projects";
import {
  billingSettings,
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

const milestoneParams = idParams.extend({ milestoneId: z.uuid({ error: "Not found" }) });
const projectAnswer = { 200: projectDetailSchema, ...notFoundResponse, ...errorResponses };
const conflict = { 409: errorBody };
/** At launch: the website's domain and plan, checked as when staff add a website. */
const launchWebsiteSchema = websiteInputSchema.pick({ domain: true, plan: true });
const clientProjectsQuerySchema = z.object({
  companyId: z.uuid({ error: "companyId: a client company's id" }),
});

/**
 * Projects. A client reads their company's projects and answers approval requests (another
 * company's project answers 404); staff manage milestones, ask for approvals, post updates,
 * create the website at launch, and read the pipeline. Every staff write and every answer is
 * audited; every write answers with the project's new state.
 */
export const projectRoutes: RoutePlugin = async (app, { db, config }) => {
  const settings = billingSettings(config);

  await forSignedInClients(app, db, (client) => {
    client.get(
      "/api/projects",
      { schema: { response: { 200: z.array(projectSummarySchema), ...errorResponses } } },
      async (request) => {
        const member = signedInMember(request);
        return member ? listProjects(db, { companyId: member.companyId }) : [];
      },
    );

    client.get(
      "/api/projects/:id",
      { schema: { params: idParams, response: projectAnswer } },
      async (request, reply) => {
        const member = signedInMember(request);
        const project = member && (await findProject(db, request.params.id, member.companyId));
        return project ?? reply.code(404).send(notFound("Project"));
      },
    );

    /*
     * Any member of the company may answer, whatever their role (owner, member or billing):
     * every member reads the Projects tab, and the answer records who gave it.
     */
    client.post(
      "/api/projects/:id/milestones/:milestoneId/answer",
      {
        bodyLimit: WRITE_BODY_LIMIT,
        schema: {
          params: milestoneParams,
          body: milestoneAnswerSchema,
          response: { ...projectAnswer, ...conflict },
        },
      },
      async (request, reply) => {
        const member = signedInMember(request);
        if (!member) return reply.code(404).send(notFound("Project"));
        const user = signedInUser(request);
        const { id, milestoneId } = request.params;
        const { decision, contentHash, comment } = request.body;
        const answered = await answerMilestone(
          db,
          id,
          milestoneId,
          {
            decision,
            contentHash,
            comment: comment ?? null,
            ipAddress: request.ip ?? null,
            userAgent: request.headers["user-agent"]?.slice(0, 500) ?? null,
          },
          { user, companyId: member.companyId },
          {
            settings,
            audit: (tx, milestone, project) =>
              recordAudit(tx, auditContext(request), {
                action: "project.milestone-answered",
                targetType: "milestone",
                targetId: milestone.id,
                companyId: project.companyId,
                changes: {
                  after: {
                    decision,
                    comment: comment ?? null,
                    contentHash,
                    status: milestone.status,
                  },
                },
              }),
          },
        );
        if (!answered.ok) return refuse(reply, answered);
        return (await findProject(db, id, member.companyId))!;
      },
    );
  });

  await forStaff(app, db, (staff) => {
    staff.get(
      "/api/admin/projects",
      {
        schema: {
          querystring: clientProjectsQuerySchema,
          response: { 200: z.array(projectSummarySchema), ...errorResponses },
        },
      },
      async (request) => listProjects(db, { companyId: request.query.companyId }),
    );

    staff.get(
      "/api/admin/projects/:id",
      { schema: { params: idParams, response: projectAnswer } },
      async (request, reply) =>
        (await findProject(db, request.params.id)) ?? reply.code(404).send(notFound("Project")),
    );

    staff.post(
      "/api/admin/projects/:id/milestones",
      {
        bodyLimit: WRITE_BODY_LIMIT,
        schema: {
          params: idParams,
          body: milestoneInputSchema,
          response: { 201: projectDetailSchema, ...notFoundResponse, ...errorResponses },
        },
      },
      async (request, reply) => {
        const project = await withAudit(db, auditContext(request), async (tx, audit) => {
          const milestone = await addMilestone(tx, request.params.id, request.body);
          if (!milestone) return undefined;
          const detail = (await findProject(tx, request.params.id))!;
          await audit({
            action: "project.milestone-added",
            targetType: "milestone",
            targetId: milestone.id,
            companyId: detail.companyId,
            changes: { after: { project: detail.name, ...request.body } },
          });
          return detail;
        });
        if (!project) return reply.code(404).send(notFound("Project"));
        return reply.code(201).send(project);
      },
    );

    staff.put(
      "/api/admin/projects/:id/milestones/:milestoneId",
      {
        bodyLimit: WRITE_BODY_LIMIT,
        schema: { params: milestoneParams, body: milestoneInputSchema, response: projectAnswer },
      },
      async (request, reply) => {
        const { id, milestoneId } = request.params;
        const project = await withAudit(db, auditContext(request), async (tx, audit) => {
          const changed = await updateMilestone(tx, id, milestoneId, request.body, { settings });
          if (!changed) return undefined;
          const detail = (await findProject(tx, id))!;
          const { before } = changed;
          await audit({
            action: "project.milestone-updated",
            targetType: "milestone",
            targetId: milestoneId,
            companyId: detail.companyId,
            changes: changedFields(
              {
                name: before.name,
                status: before.status,
                dueDate: before.dueDate,
                notes: before.notes,
              },
              { ...request.body },
            ) ?? { after: {} },
          });
          return detail;
        });
        if (!project) return reply.code(404).send(notFound("Milestone"));
        return project;
      },
    );

    staff.post(
      "/api/admin/projects/:id/milestones/:milestoneId/approval-request",
      {
        schema: {
          summary: "Ask the client to approve a project's milestone",
          params: milestoneParams,
          response: { ...projectAnswer, ...conflict },
        },
      },
      async (request, reply) => {
        const { id, milestoneId } = request.params;
        const asked = await requestApproval(db, id, milestoneId, {
          settings,
          audit: (tx, milestone, project) =>
            recordAudit(tx, auditContext(request), {
              action: "project.approval-requested",
              targetType: "milestone",
              targetId: milestone.id,
              companyId: project.companyId,
              changes: { after: { name: milestone.name, status: milestone.status } },
            }),
        });
        if (!asked.ok) return refuse(reply, asked);
        return (await findProject(db, id))!;
      },
    );

    staff.post(
      "/api/admin/projects/:id/updates",
      {
        bodyLimit: WRITE_BODY_LIMIT,
        schema: {
          params: idParams,
          body: projectUpdateInputSchema,
          response: { 201: projectDetailSchema, ...notFoundResponse, ...errorResponses },
        },
      },
      async (request, reply) => {
        const posted = await postUpdate(
          db,
          request.params.id,
          signedInUser(request),
          request.body,
          {
            settings,
            audit: (tx, update, project) =>
              recordAudit(tx, auditContext(request), {
                action: "project.update-posted",
                targetType: "project-update",
                targetId: update.id,
                companyId: project.companyId,
                changes: { after: { body: update.body, previewUrl: update.previewUrl } },
              }),
          },
        );
        if (!posted) return reply.code(404).send(notFound("Project"));
        return reply.code(201).send((await findProject(db, request.params.id))!);
      },
    );

    staff.post(
      "/api/admin/projects/:id/website",
      {
        bodyLimit: WRITE_BODY_LIMIT,
        schema: {
          summary: "Launch a project's website",
          params: idParams,
          body: launchWebsiteSchema,
          response: { ...projectAnswer, ...conflict },
        },
      },
      async (request, reply) => {
        const launched = await launchWebsite(
          db,
          request.params.id,
          request.body,
          (tx, project, website) =>
            recordAudit(tx, auditContext(request), {
              action: "project.website-created",
              targetType: "website",
              targetId: website.id,
              companyId: project.companyId,
              changes: {
                after: { project: project.name, domain: website.domain, plan: website.plan },
              },
            }),
        );
        if (!launched.ok) return refuse(reply, launched);
        return (await findProject(db, request.params.id))!;
      },
    );

    staff.get(
      "/api/admin/pipeline",
      { schema: { response: { 200: pipelineSchema, ...errorResponses } } },
      async () => loadPipeline(db),
    );
  });
};
