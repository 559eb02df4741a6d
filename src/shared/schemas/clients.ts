import { z } from "./zod";
import { emailField, optionalText, plainText, searchText } from "./fields";
import { memberSchema } from "./team";
import { staffDomainSchema } from "./domains";
import { ticketSchema } from "./tickets";
import { websiteSchema } from "./websites";

/** The back office's clients (companies), searched by company name or a member's email or name. */
export const clientListQuerySchema = z.object({ q: searchText });

/** A client company in the back office's list. */
export const clientSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The first owner's email (null only if the company has lost every owner). */
  ownerEmail: z.string().nullable(),
  members: z.number().int(),
  websites: z.number().int(),
  openTickets: z.number().int(),
  createdAt: z.string(),
});
export type ClientSummary = z.infer<typeof clientSummarySchema>;

/** A client's page in the back office: the company, its members and what the portal shows them. */
export const clientDetailSchema = z.object({
  company: z.object({ id: z.uuid(), name: z.string(), createdAt: z.string() }),
  members: z.array(memberSchema),
  websites: z.array(websiteSchema),
  domains: z.array(staffDomainSchema),
  tickets: z.array(ticketSchema),
});
export type ClientDetail = z.infer<typeof clientDetailSchema>;

/** One part of a privacy export, kept as stored: nothing in it is left out. */
const exported = (description: string) => z.unknown().meta({ description });
/**
 * Everything stored about a client company and its members, for a privacy request: a portable
 * JSON copy (GET /api/admin/clients/:id/export). Each part is as the API answers it elsewhere.
 */
export const clientExportSchema = z.looseObject({
  exportedAt: z.string().meta({ description: "When the copy was made (ISO 8601)." }),
  company: exported("The company."),
  members: exported("Each member's account."),
  websites: exported("Its websites."),
  domains: exported("Its domains."),
  billing: exported("Its plans and billing details."),
  invoices: exported("Its issued invoices, as the client reads them."),
  payments: exported("Its payments."),
  tickets: exported("Its tickets, without staff's internal notes."),
  contactMessages: exported("The contact messages its members sent."),
  projectApplications: exported("The project applications its members sent."),
  emailsSent: exported("The emails sent to its members."),
  emailsReceived: exported("The emails its members sent to the support address."),
  notices: exported("Its members' in-app notices."),
  proposals: exported("Its proposals, as the client reads them."),
  projects: exported("Its projects."),
  statusPage: exported("Its status page with its subscribers, or null."),
});

/**
 * Inviting a client: the company is created with this person as its owner, their account is
 * created and a sign-in link is emailed. The company's name defaults to the person's name.
 */
export const inviteClientSchema = z.object({
  companyName: optionalText("Company name", 200, "Company name must be at most 200 characters"),
  email: emailField,
  firstName: optionalText("First name", 100, "First name must be at most 100 characters"),
  lastName: optionalText("Last name", 100, "Last name must be at most 100 characters"),
});
export type InviteClientInput = z.input<typeof inviteClientSchema>;
export type InviteClient = z.output<typeof inviteClientSchema>;

export const invitationSchema = z.object({
  /** The new company's id. */
  id: z.uuid(),
  /** The owner's user id. */
  userId: z.uuid(),
  email: z.string(),
  /** False when a sign-in link was already on its way and no new one was sent. */
  emailed: z.boolean(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** Erasing a client company: staff confirm by typing its owner's email address. */
export const deleteClientSchema = z.object({
  confirmEmail: plainText("Confirmation", "Type the owner's email to confirm"),
});
