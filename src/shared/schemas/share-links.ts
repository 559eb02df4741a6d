import { sharePanels, type SharePanel } from "../share-panels";
import { z } from "./zod";
import { plainText, requiredText } from "./fields";
import { siteHealthDaySchema, siteHealthSchema } from "./site-health";
import { siteVitalsSchema } from "./vitals";

/*
 * Share links: a read-only view of one website's analytics that a company's owner hands to
 * someone outside the portal (their marketing person). The link is a secret URL; it may expire,
 * ask for a password and show only some panels.
 */

/** Tokens start with this, so a leaked one is recognisable (and found by secret scanners). */
export const SHARE_TOKEN_PREFIX = "hls_";
export const SHARE_PASSWORD_MIN = 8;
export const SHARE_PASSWORD_MAX = 200;
/** The furthest ahead an expiry may be set: a link meant to last longer needs none. */
export const SHARE_MAX_EXPIRY_DAYS = 730;

const panelChoice = `choose from ${sharePanels.join(", ")}`;

/** The panels a link shows: known names, at least one, each once. */
export const sharePanelsField = z
  .array(
    z.enum(sharePanels, {
      error: (issue) =>
        typeof issue.input === "string"
          ? `Unknown panel "${issue.input.slice(0, 40)}": ${panelChoice}`
          : `Each panel must be a name: ${panelChoice}`,
    }),
    { error: `Panels must be a list of names: ${panelChoice}` },
  )
  .min(1, `Choose at least one panel: ${panelChoice}`)
  .max(sharePanels.length, `Choose each panel at most once: ${panelChoice}`)
  .refine((panels) => new Set(panels).size === panels.length, "Choose each panel at most once");

const expiryRule = "Expiry must be a date and time such as 2027-01-31T23:59:59Z, or null for none";

/**
 * POST /api/websites/:id/share-links (the company's owner): a name for the owner's own list,
 * the panels, and optionally an expiry (in the future, within two years) and a password.
 */
export const shareLinkInputSchema = z.object({
  name: requiredText(
    "Name",
    1,
    100,
    "Name the link, e.g. who it is for",
    "Name must be at most 100 characters",
  ),
  panels: sharePanelsField,
  expiresAt: z.iso
    .datetime({ offset: true, error: expiryRule })
    .superRefine((value, ctx) => {
      const at = Date.parse(value);
      if (at <= Date.now()) {
        ctx.addIssue({
          code: "custom",
          message: "Expiry must be in the future: choose a later date, or none",
        });
      } else if (at > Date.now() + SHARE_MAX_EXPIRY_DAYS * 86_400_000) {
        ctx.addIssue({
          code: "custom",
          message:
            "Expiry must be within two years: leave it empty for a link that does not expire",
        });
      }
    })
    .nullable()
    .optional()
    .transform((value) => value ?? null),
  /** Empty or absent: no password. Kept only as a salted scrypt hash. */
  password: plainText("Password")
    .max(SHARE_PASSWORD_MAX, `Password must be at most ${SHARE_PASSWORD_MAX} characters`)
    .refine(
      (value) => value === "" || value.length >= SHARE_PASSWORD_MIN,
      `Password must be at least ${SHARE_PASSWORD_MIN} characters, or empty for none`,
    )
    .optional()
    .transform((value) => value || undefined),
});
export type ShareLinkInput = z.input<typeof shareLinkInputSchema>;

/** Where a link stands: open, past its expiry, or revoked. */
export const shareLinkStates = ["active", "expired", "revoked"] as const;

/** A link as its owner (and staff) list it: never its token or password. */
export const shareLinkSchema = z.object({
  id: z.uuid(),
  websiteId: z.uuid(),
  name: z.string(),
  panels: z.array(z.enum(sharePanels)),
  expiresAt: z.string().nullable(),
  hasPassword: z.boolean(),
  createdAt: z.string(),
  /** Who made it, as the portal shows people (their name, else their email); null: gone. */
  createdBy: z.string().nullable(),
  revokedAt: z.string().nullable(),
  lastViewedAt: z.string().nullable(),
  state: z.enum(shareLinkStates),
});
export type ShareLink = z.infer<typeof shareLinkSchema>;

/** A new link: the only answer that carries its address, once. */
export const createdShareLinkSchema = shareLinkSchema.extend({ url: z.string() });
export type CreatedShareLink = z.infer<typeof createdShareLinkSchema>;

/** The public routes' path: the token, checked by looking it up. */
export const shareTokenParams = z.object({
  token: z.string({ error: "The link must end with its token" }),
});

/** POST /api/share/:token/unlock: the link's password. */
export const shareUnlockSchema = z.object({
  password: plainText("Password", "Enter the password")
    .min(1, "Enter the password")
    .max(SHARE_PASSWORD_MAX, `Password must be at most ${SHARE_PASSWORD_MAX} characters`),
});

/**
 * Each panel's data in the shared view, made of the site page's own shapes: the portal's
 * components draw both. One entry per panel of shared/share-panels.ts.
 */
export const sharePanelSchemas = {
  visitors: siteHealthSchema.pick({ visitors: true, pageViews: true }).extend({
    days: z.array(siteHealthDaySchema.pick({ day: true, visitors: true, pageViews: true })),
  }),
  pages: siteHealthSchema.pick({ topPages: true }),
  sources: siteHealthSchema.pick({ topReferrers: true }),
  devices: siteHealthSchema.pick({ devices: true }),
  campaigns: siteHealthSchema.pick({
    sources: true,
    campaigns: true,
    goals: true,
    countries: true,
  }),
  speed: siteVitalsSchema.omit({ websiteId: true, domain: true }),
} satisfies Record<SharePanel, z.ZodType>;

/** GET /api/share/:token?range=: the site's domain, the range, and the link's panels only. */
export const sharedViewSchema = z.object({
  domain: z.string(),
  range: z.string(),
  from: z.string(),
  to: z.string(),
  /** The link's panels, in the order of shared/share-panels.ts. */
  shown: z.array(z.enum(sharePanels)),
  panels: z.object(sharePanelSchemas).partial(),
});
export type SharedView = z.infer<typeof sharedViewSchema>;
export type SharedPanels = { [P in SharePanel]: z.infer<(typeof sharePanelSchemas)[P]> };

/** A link that asks for a password, before it is given: what the page needs to ask. */
export const shareLockedSchema = z.object({
  message: z.string(),
  passwordRequired: z.literal(true),
});
