import { describe, expect, it } from "vitest";
import { z } from "./zod";
import * as account from "./account";
import * as auth from "./auth";
import * as billing from "./billing";
import * as clients from "./clients";
import * as domains from "./domains";
import * as emails from "./emails";
import * as errors from "./errors";
import * as audit from "./audit";
import * as leads from "./leads";
import * as tickets from "./tickets";
import * as ticketAttachments from "./ticket-attachments";
import * as websites from "./websites";
import * as monitoringOverview from "./monitoring-overview";
import * as notices from "./notices";
import * as projects from "./projects";
import * as proposals from "./proposals";
import * as savedReplies from "./saved-replies";
import * as siteHealth from "./site-health";
import * as team from "./team";
import * as usage from "./usage";

const modules = {
  account,
  audit,
  auth,
  billing,
  clients,
  domains,
  emails,
  errors,
  leads,
  monitoringOverview,
  notices,
  projects,
  proposals,
  savedReplies,
  siteHealth,
  team,
  tickets,
  ticketAttachments,
  usage,
  websites,
};

/** What people and API clients send us. */
const inputs: Record<string, z.ZodObject> = {
  contactSchema: leads.contactSchema,
  applicationSchema: leads.applicationSchema,
  spamTrapsSchema: leads.spamTrapsSchema,
  leadFilterSchema: leads.leadFilterSchema,
  leadListQuerySchema: leads.leadListQuerySchema,
  leadParamsSchema: leads.leadParamsSchema,
  leadStatusUpdateSchema: leads.leadStatusUpdateSchema,
  leadNoteInputSchema: leads.leadNoteInputSchema,
  clientListQuerySchema: clients.clientListQuerySchema,
  inviteClientSchema: clients.inviteClientSchema,
  deleteClientSchema: clients.deleteClientSchema,
  websiteInputSchema: websites.websiteInputSchema,
  domainInputSchema: domains.domainInputSchema,
  autoRenewUpdateSchema: domains.autoRenewUpdateSchema,
  planRequestInputSchema: billing.planRequestInputSchema,
  planRequestApprovalSchema: billing.planRequestApprovalSchema,
  autopaySchema: billing.autopaySchema,
  recurringPlanInputSchema: billing.recurringPlanInputSchema,
  newInvoiceSchema: billing.newInvoiceSchema,
  recordPaymentSchema: billing.recordPaymentSchema,
  refundInputSchema: billing.refundInputSchema,
  invoiceFilterSchema: billing.invoiceFilterSchema,
  newTicketSchema: tickets.newTicketSchema,
  ticketReplySchema: tickets.ticketReplySchema,
  ticketNoteSchema: tickets.ticketNoteSchema,
  savedReplyInputSchema: savedReplies.savedReplyInputSchema,
  ticketUpdateSchema: tickets.ticketUpdateSchema,
  ticketQueueQuerySchema: tickets.ticketQueueQuerySchema,
  siteHealthQuerySchema: siteHealth.siteHealthQuerySchema,
  attachmentUploadQuerySchema: ticketAttachments.attachmentUploadQuerySchema,
  emailSignInSchema: auth.emailSignInSchema,
  returnToQuerySchema: auth.returnToQuerySchema,
  demoSignInSchema: auth.demoSignInSchema,
  auditQuerySchema: audit.auditQuerySchema,
  secondFactorSchema: auth.secondFactorSchema,
  passkeySignInSchema: auth.passkeySignInSchema,
  accountNameSchema: account.accountNameSchema,
  emailNoticesSchema: account.emailNoticesSchema,
  sessionIdParams: account.sessionIdParams,
  passkeyNameSchema: account.passkeyNameSchema,
  passkeyRegistrationSchema: account.passkeyRegistrationSchema,
  totpConfirmSchema: account.totpConfirmSchema,
  totpDisableSchema: account.totpDisableSchema,
  projectUpdateInputSchema: projects.projectUpdateInputSchema,
  milestoneInputSchema: projects.milestoneInputSchema,
  milestoneAnswerSchema: projects.milestoneAnswerSchema,
  proposalLineSchema: proposals.proposalLineSchema,
  proposalDraftSchema: proposals.proposalDraftSchema,
  newProposalSchema: proposals.newProposalSchema,
  acceptProposalSchema: proposals.acceptProposalSchema,
  declineProposalSchema: proposals.declineProposalSchema,
  convertLeadSchema: proposals.convertLeadSchema,
  inviteMemberSchema: team.inviteMemberSchema,
  memberRoleUpdateSchema: team.memberRoleUpdateSchema,
  memberParamsSchema: team.memberParamsSchema,
  companyMemberParamsSchema: team.companyMemberParamsSchema,
  usageReportSchema: usage.usageReportSchema,
  usageTokenInputSchema: usage.usageTokenInputSchema,
  postmarkInboundSchema: emails.postmarkInboundSchema,
};
/** Our answers: they describe what we send, not what we are sent. */
const answers = new Set([
  "staffTicketMessageSchema",
  "staffTicketDetailSchema",
  "savedReplySchema",
  "leadReceiptSchema",
  "leadSummarySchema",
  "leadListSchema",
  "leadNoteSchema",
  "leadDetailSchema",
  "clientSummarySchema",
  "clientDetailSchema",
  "invitationSchema",
  "websiteSchema",
  "domainSchema",
  "billingSchema",
  "invoiceLineSchema",
  "paymentSchema",
  "invoiceSummarySchema",
  "offlinePaymentSchema",
  "invoiceDetailSchema",
  "creditNoteSchema",
  "reminderSentSchema",
  "recurringPlanSchema",
  "planRequestSchema",
  "cardOnFileSchema",
  "redirectSchema",
  "invoiceListSchema",
  "ticketSchema",
  "ticketMessageSchema",
  "ticketDetailSchema",
  "queueTicketSchema",
  "ticketChoicesSchema",
  "firstResponseSchema",
  "attachmentSchema",
  "authUserSchema",
  "checkEmailSchema",
  "signedInSchema",
  "accountSchema",
  "accountSessionSchema",
  "sessionListSchema",
  "revokedSchema",
  "passkeyViewSchema",
  "securityEventSchema",
  "securityEventListSchema",
  "totpSetupSchema",
  "recoveryCodesSchema",
  "webauthnOptionsSchema",
  "outboxEmailSchema",
  "inboundEmailSchema",
  "inboundResultSchema",
  "auditEventSchema",
  "auditPageSchema",
  "errorBodySchema",
  "milestoneApprovalSchema",
  "milestoneSchema",
  "projectUpdateSchema",
  "projectSummarySchema",
  "projectDetailSchema",
  "pipelineSchema",
  "proposalVersionSchema",
  "proposalResponseSchema",
  "proposalSummarySchema",
  "proposalDetailSchema",
  "convertedLeadSchema",
  "siteHealthDaySchema",
  "siteIncidentSchema",
  "siteHealthSchema",
  "membershipSchema",
  "memberSchema",
  "usageStoredSchema",
  "usageTokenSchema",
  "createdUsageTokenSchema",
  "monitoredSiteSchema",
  "incidentSchema",
  "expiringSchema",
  "monitoringOverviewSchema",
  "noticeSchema",
  "noticeListSchema",
  "unreadCountSchema",
]);
/** Single fields, checked as part of the inputs that use them. */
const fields = new Set([
  "proposalTermsSchema",
  "domainName",
  "invoiceLineInputSchema",
  "returnToField",
  "checkUrlField",
  "passkeyNameField",
  "totpCodeField",
  "webauthnResponseField",
  "attachmentIdsField",
]);

/** Wrong types, out-of-range numbers and dates, too-long text, control characters. */
const wrongValues: unknown[] = [
  null,
  true,
  123,
  -1,
  1.5,
  1e308,
  -1e308,
  "abc",
  "",
  "0000-01-01",
  "x".repeat(6000),
  "\u0000",
  {},
  [],
];

/** zod's own words, which name neither the field nor what to do. */
const zodDefault = /Invalid input|Invalid option|Too small|Too big|expected|received/i;

describe("the shared input schemas answer in words written for people", () => {
  it("every exported schema is known as an input or an answer", () => {
    const exported = Object.values(modules).flatMap((module) =>
      Object.entries(module)
        .filter(([, value]) => value instanceof z.ZodType)
        .map(([name]) => name),
    );
    for (const name of exported) {
      expect(
        name in inputs || answers.has(name) || fields.has(name),
        `${name}: an input, an answer or a field?`,
      ).toBe(true);
    }
  });

  it.each(Object.entries(inputs))("%s", (_name, schema) => {
    for (const [field, rule] of Object.entries(schema.shape)) {
      for (const value of [undefined, ...wrongValues]) {
        const result = (rule as z.ZodType).safeParse(value);
        for (const issue of result.error?.issues ?? []) {
          expect(issue.message, `${field} = ${JSON.stringify(value)?.slice(0, 20)}`).not.toMatch(
            zodDefault,
          );
        }
      }
    }
  });
});
