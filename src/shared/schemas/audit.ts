import { z } from "./zod";
import { INTEGER_MAX, wholeNumber } from "./fields";

/**
 * Everything the audit log records: every staff write, and the security events of every account.
 * The label is what the back office and the account page show.
 */
export const auditActions = {
  "lead.status-changed": "Lead status changed",
  "lead.note-added": "Note added to a lead",
  "leads.exported": "Leads exported",
  "lead.converted": "Lead converted to a client",
  "client.invited": "Client invited",
  "client.exported": "Client data exported",
  "client.billing-address-changed": "Billing address changed",
  "client.deleted": "Client and their data deleted",
  "website.added": "Website added",
  "website.changed": "Website changed",
  "website.removed": "Website removed",
  "usage-token.created": "Usage token created",
  "usage-token.revoked": "Usage token revoked",
  "api-token.created": "API token created",
  "api-token.revoked": "API token revoked",
  "heartbeat.created": "Heartbeat added",
  "heartbeat.deleted": "Heartbeat deleted",
  "webhook.created": "Webhook endpoint added",
  "webhook.updated": "Webhook endpoint enabled or disabled",
  "webhook.deleted": "Webhook endpoint deleted",
  "webhook.redelivered": "Webhook delivery sent again",
  "maintenance.scheduled": "Maintenance window scheduled",
  "maintenance.cancelled": "Maintenance window cancelled",
  "domain.added": "Domain added",
  "domain.changed": "Domain changed",
  "domain.removed": "Domain removed",
  "billing.changed": "Plan and payment details changed",
  "plan.added": "Monthly plan added",
  "plan.changed": "Monthly plan changed",
  "plan.hours-changed": "Plan's included hours or rate changed",
  "time.logged": "Time logged",
  "time.changed": "Time entry changed",
  "time.deleted": "Time entry deleted",
  "timer.started": "Timer started",
  "timer.stopped": "Timer stopped",
  "timer.discarded": "Timer discarded",
  "hours.overage-drafted": "Extra hours drafted on an invoice",
  "booking-hours.changed": "Discovery Call hours changed",
  "booking-calendar.changed": "Calendar for busy times changed",
  "booking-feed.issued": "Private calendar feed of calls issued",
  "booking.moved": "Discovery Call moved by staff",
  "booking.cancelled": "Discovery Call cancelled by staff",
  "plan.cancelled": "Monthly plan cancelled",
  "plan-request.approved": "Plan change approved",
  "plan-request.declined": "Plan change declined",
  "invoice.created": "Invoice created",
  "invoice.issued": "Invoice issued",
  "invoice.voided": "Invoice voided",
  "invoice.uncollectible": "Invoice marked uncollectible",
  "invoice.deleted": "Draft invoice deleted",
  "payment.recorded": "Payment recorded",
  "invoice.reminded": "Invoice reminder sent by hand",
  "invoice.refunded": "Payment refunded, credit note issued",
  "ticket.opened": "Ticket opened by staff for a client",
  "ticket.changed": "Ticket status, priority, website or assignee changed",
  "ticket.answered": "Ticket answered by staff",
  "ticket.noted": "Internal note added to a ticket",
  "saved-reply.created": "Saved reply created",
  "saved-reply.changed": "Saved reply changed",
  "saved-reply.deleted": "Saved reply deleted",
  "proposal.created": "Proposal created",
  "proposal.updated": "Proposal draft changed",
  "proposal.version-created": "New proposal version made",
  "proposal.sent": "Proposal sent to the client",
  "proposal.accepted": "Proposal accepted by the client",
  "proposal.declined": "Proposal declined by the client",
  "project.milestone-added": "Milestone added to a project",
  "project.milestone-updated": "Project milestone changed",
  "project.approval-requested": "Client's approval asked for a milestone",
  "project.update-posted": "Project update posted",
  "project.website-created": "Website created at a project's launch",
  "project.milestone-answered": "Client answered a milestone's approval request",
  "auth.signed-in": "Signed in",
  "auth.second-factor-failed": "Second factor refused",
  "auth.second-factor-enrolled": "Second factor turned on",
  "auth.second-factor-removed": "Second factor turned off",
  "auth.recovery-code-used": "Recovery code used",
  "passkey.added": "Passkey added",
  "passkey.removed": "Passkey removed",
  "session.revoked": "Session signed out",
  "member.invited": "Team member invited",
  "member.invitation-resent": "Team member's invitation sent again",
  "member.role-changed": "Team member's role changed",
  "member.removed": "Team member removed",
  "status-page.changed": "Status page settings changed",
  "incident.opened": "Incident opened by hand",
  "incident.update-posted": "Incident update posted",
  "share-link.created": "Share link to a website's analytics created",
  "share-link.revoked": "Share link to a website's analytics revoked",
  "report.sent": "Monthly report sent again",
  "report.email-changed": "Monthly report email turned on or off",
} as const;
export type AuditAction = keyof typeof auditActions;

/**
 * A refused second factor, by the method tried (the event's `changes.after.method`): the account
 * page says which. Older rows say "code" for both kinds of code.
 */
export const secondFactorFailureLabels: Record<string, string> = {
  totp: "Wrong authenticator app code",
  "recovery-code": "Wrong recovery code",
  passkey: "Passkey not accepted",
  code: "Wrong authenticator app or recovery code",
};

/** What the log and the account page call an event: its action's label, made precise. */
export function auditLabel(
  action: string,
  changes?: { after?: Record<string, unknown> } | null,
): string {
  const method = changes?.after?.method;
  if (action === "auth.second-factor-failed" && typeof method === "string") {
    return secondFactorFailureLabels[method] ?? auditActions[action];
  }
  return auditActions[action as AuditAction] ?? action;
}

/** The actions shown to a client on their account page: their company's security events. */
export const securityActions = [
  "auth.signed-in",
  "auth.second-factor-failed",
  "auth.second-factor-enrolled",
  "auth.second-factor-removed",
  "auth.recovery-code-used",
  "passkey.added",
  "passkey.removed",
  "session.revoked",
  "member.invited",
  "member.invitation-resent",
  "member.role-changed",
  "member.removed",
  "share-link.created",
  "share-link.revoked",
] as const satisfies readonly AuditAction[];

export const auditQuerySchema = z.object({
  companyId: z.uuid({ error: "companyId: a client company's id" }).optional(),
  actorId: z.uuid({ error: "actorId: a staff member's id" }).optional(),
  page: wholeNumber("Page", 1, INTEGER_MAX).default(1),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditEventSchema = z.object({
  id: z.uuid(),
  action: z.string(),
  label: z.string(),
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  actorIsStaff: z.boolean(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  companyId: z.string().nullable(),
  ipAddress: z.string().nullable(),
  /** The API token the change was made with; null: in a browser. */
  apiTokenId: z.string().nullable(),
  changes: z
    .object({
      before: z.record(z.string(), z.unknown()).optional(),
      after: z.record(z.string(), z.unknown()).optional(),
    })
    .nullable(),
  createdAt: z.string(),
});
export const auditPageSchema = z.object({
  items: z.array(auditEventSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Every staff member who appears in the log: the choices of the "who" filter. */
  staff: z.array(z.object({ id: z.string(), email: z.string() })),
});
export type AuditEventView = z.infer<typeof auditEventSchema>;
export type AuditPage = z.infer<typeof auditPageSchema>;
