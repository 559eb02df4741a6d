import { z } from "./zod";
import { emailField, optionalText, plainText, searchText } from "./fields";
import { billingSchema } from "./billing";
import { domainSchema } from "./domains";
import { ticketSchema } from "./tickets";
import { websiteSchema } from "./websites";

/** The back office's clients list, searched by email or name. */
export const clientListQuerySchema = z.object({ q: searchText });

export const clientSummarySchema = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  isAdmin: z.boolean(),
  websites: z.number().int(),
  openTickets: z.number().int(),
  createdAt: z.string(),
});
export type ClientSummary = z.infer<typeof clientSummarySchema>;

/** A client's page in the back office: the account and everything the portal shows them. */
export const clientDetailSchema = z.object({
  user: z.object({
    id: z.uuid(),
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    profileImageUrl: z.string().nullable(),
    isAdmin: z.boolean(),
    createdAt: z.string(),
  }),
  websites: z.array(websiteSchema),
  domains: z.array(domainSchema),
  billing: billingSchema.nullable(),
  tickets: z.array(ticketSchema),
});
export type ClientDetail = z.infer<typeof clientDetailSchema>;

/** Inviting a client: the account is created and a sign-in link is emailed. */
export const inviteClientSchema = z.object({
  email: emailField,
  firstName: optionalText("First name", 100, "First name must be at most 100 characters"),
  lastName: optionalText("Last name", 100, "Last name must be at most 100 characters"),
});
export type InviteClientInput = z.input<typeof inviteClientSchema>;
export type InviteClient = z.output<typeof inviteClientSchema>;

export const invitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  /** False when a sign-in link was already on its way and no new one was sent. */
  emailed: z.boolean(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** Erasing a client: staff confirm by typing the client's email address. */
export const deleteClientSchema = z.object({
  confirmEmail: plainText("Confirmation", "Type the client's email to confirm"),
});
