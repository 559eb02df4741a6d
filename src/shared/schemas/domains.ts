import { z } from "./zod";
import { optionalDate } from "./fields";

export const EXPIRING_SOON_DAYS = 30;

export const domainName = z
  .string({ error: "Enter a domain such as example.com" })
  .trim()
  .toLowerCase()
  // Labels of 1 to 63 letters, digits and inner hyphens; the ending letters or IDN (xn--).
  .regex(
    /^(?=.{3,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+([a-z]{2,63}|xn--[a-z0-9-]{1,59})$/,
    "Enter a domain such as example.com",
  );

/** A client's domain name, as the portal and the back office read it. */
export const domainSchema = z.object({
  id: z.uuid(),
  domain: z.string(),
  autoRenew: z.boolean(),
  /** The expiry in use: read from the registry (RDAP) when it could be, else the typed one. */
  expiresAt: z.string().nullable(),
  /** Where expiresAt comes from: the registry ("measured") or staff ("typed"); null with no date. */
  expirySource: z.enum(["measured", "typed"]).nullable(),
  /** The date staff typed, the fallback for endings with no RDAP server (what their form edits). */
  typedExpiresAt: z.string().nullable(),
  /** The registrar and the status values, as the registry gave them (none until looked up). */
  registrar: z.string().nullable(),
  registryStatus: z.array(z.string()),
  /** Expires within 30 days (and has not yet expired). */
  expiringSoon: z.boolean(),
});
export type Domain = z.infer<typeof domainSchema>;

/** A domain as staff see it on the client's page: the portal's view, and how its lookup went. */
export const staffDomainSchema = domainSchema.extend({
  /**
   * Why the registry's record could not be read at the last lookup (RDAP), in the lookup's
   * words; null when it was read, not yet asked, or the ending has no RDAP server.
   */
  registryLookupError: z.string().nullable(),
});
export type StaffDomain = z.infer<typeof staffDomainSchema>;

/** The client switches auto-renew: PATCH /api/domains/:id. */
export const autoRenewUpdateSchema = z.object({
  autoRenew: z.boolean({ error: "Auto-renew must be true or false" }),
});
export type AutoRenewUpdate = z.infer<typeof autoRenewUpdateSchema>;

/** Staff add or change a client's domain. */
export const domainInputSchema = z.object({
  domain: domainName,
  autoRenew: z.boolean({ error: "Auto-renew must be true or false" }).default(true),
  expiresAt: optionalDate(),
});
export type DomainInput = z.output<typeof domainInputSchema>;
