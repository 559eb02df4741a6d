import { z } from "./zod";
import { optionalText, plainText, requiredText } from "./fields";

/** The account page: PATCH /api/account changes the user's name. */
export const accountNameSchema = z.object({
  firstName: optionalText("First name", 100, "First name must be at most 100 characters"),
  lastName: optionalText("Last name", 100, "Last name must be at most 100 characters"),
});
export type AccountNameInput = z.input<typeof accountNameSchema>;
export type AccountName = z.output<typeof accountNameSchema>;

/**
 * The kinds of notice a client hears of. Each shows in the bell and is emailed unless the user
 * turned that kind's email off.
 */
export const clientNoticeKinds = {
  "ticket-created": "A receipt when I open a support ticket",
  "ticket-replies": "Replies to my support tickets",
  "ticket-status": "Status changes of my support tickets",
  "website-added": "A website added to our account",
  "domain-added": "A domain added to our account",
  "proposal-sent": "Proposals sent to us",
  "invoice-issued": "New invoices",
  "invoice-paid": "Payment receipts",
  "payment-failed": "Card payments that failed",
  "site-incident": "Our website going down and coming back up",
  "site-maintenance": "Maintenance planned on our websites",
} as const;

/**
 * The kinds staff hear of. The agency's shared inbox is emailed each of them anyway, so a staff
 * member's own copy is off until they turn it on.
 */
export const staffNoticeKinds = {
  "staff-ticket-created": "New tickets from clients",
  "staff-ticket-replies": "Clients' replies on tickets",
  "staff-ticket-resolved": "A client marking their ticket resolved",
  "staff-auto-renew": "A client switching a domain's auto-renew",
  "staff-proposal-answered": "A client accepting or declining a proposal",
  "staff-site-incident": "A client's website going down and coming back up",
  "staff-site-speed": "A client's website turning slow for its visitors (Core Web Vitals)",
  "staff-webhook-disabled": "A webhook endpoint disabled after 3 days of failed deliveries",
} as const;

/** Every kind of notice with its label: the kinds a user may turn the email of off (or on). */
export const emailNoticeKinds = { ...clientNoticeKinds, ...staffNoticeKinds } as const;
export type EmailNoticeKind = keyof typeof emailNoticeKinds;
export type ClientNoticeKind = keyof typeof clientNoticeKinds;
export type StaffNoticeKind = keyof typeof staffNoticeKinds;
export const emailNoticeKindList = Object.keys(emailNoticeKinds) as [
  EmailNoticeKind,
  ...EmailNoticeKind[],
];
export const clientNoticeKindList = Object.keys(clientNoticeKinds) as ClientNoticeKind[];
export const staffNoticeKindList = Object.keys(staffNoticeKinds) as StaffNoticeKind[];

/** Whether a kind's email is on for a user who never chose: clients' on, staff copies off. */
export const emailNoticeDefault = (kind: EmailNoticeKind): boolean => !(kind in staffNoticeKinds);

/** PUT /api/account/notices: every kind with whether it is on. */
export const emailNoticesSchema = z.object(
  Object.fromEntries(
    emailNoticeKindList.map((kind) => [
      kind,
      z.boolean({ error: `${kind}: true or false` }).optional(),
    ]),
  ) as Record<EmailNoticeKind, z.ZodOptional<z.ZodBoolean>>,
);
export type EmailNotices = Record<EmailNoticeKind, boolean>;

/** A signed-in session of the user, as the account page lists it. */
export const accountSessionSchema = z.object({
  id: z.string(),
  device: z.string(),
  lastSeenAt: z.string(),
  signedInAt: z.string().nullable(),
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

/** A session's id in a path: the id is opaque, so only its length and alphabet are checked. */
export const sessionIdParams = z.object({
  id: z
    .string({ error: "Not found" })
    .min(1, "Not found")
    .max(200, "Not found")
    .regex(/^[\w-]+$/, "Not found"),
});

export const passkeyViewSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  backedUp: z.boolean(),
});
export type PasskeyView = z.infer<typeof passkeyViewSchema>;

export const passkeyNameField = requiredText(
  "Name",
  1,
  100,
  "Name is required",
  "Name must be at most 100 characters",
);
export const passkeyNameSchema = z.object({ name: passkeyNameField });
export type PasskeyNameInput = z.input<typeof passkeyNameSchema>;

/** What the account page shows: the user, factors, notices. */
export const accountSchema = z.object({
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  isStaff: z.boolean(),
  totpEnabled: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  passkeys: z.array(passkeyViewSchema),
  notices: z.record(z.string(), z.boolean()),
});
export type Account = z.infer<typeof accountSchema>;

export const sessionListSchema = z.array(accountSessionSchema);
export const revokedSchema = z.object({ revoked: z.number().int() });

/** The user's own recent security events (what, when, from which address). */
export const securityEventSchema = z.object({
  id: z.uuid(),
  action: z.string(),
  label: z.string(),
  /** Who it was: the signed-in user, or another member of their company. */
  actorEmail: z.string().nullable(),
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
});
export const securityEventListSchema = z.array(securityEventSchema);
export type SecurityEvent = z.infer<typeof securityEventSchema>;

/** A six-digit TOTP code; spaces a person types between groups are ignored. */
export const totpCodeField = plainText("Code", "Enter the 6-digit code from your app")
  .transform((value) => value.replace(/\s+/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, "Enter the 6-digit code from your app"));

/** POST /api/account/totp/setup: a new secret to scan (kept in the session until confirmed). */
export const totpSetupSchema = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  qrSvg: z.string(),
});
export type TotpSetup = z.infer<typeof totpSetupSchema>;

/** POST /api/account/totp: the first code confirms the setup. */
export const totpConfirmSchema = z.object({ code: totpCodeField });
export type TotpConfirmInput = z.input<typeof totpConfirmSchema>;
/** Shown once: the ten recovery codes. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

/** DELETE /api/account/totp: turning TOTP off needs a current code. */
export const totpDisableSchema = totpConfirmSchema;

/** A WebAuthn response from the browser, passed to the server library as it is. */
export const webauthnResponseField = z.record(z.string(), z.unknown(), {
  error: "The passkey's answer is missing",
});
/** Options for the browser's WebAuthn call, as the server library made them. */
export const webauthnOptionsSchema = z.record(z.string(), z.unknown());

export const passkeyRegistrationSchema = z.object({
  name: passkeyNameField,
  response: webauthnResponseField,
});
