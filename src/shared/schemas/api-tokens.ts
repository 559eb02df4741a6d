import { z } from "./zod";
import { requiredText, wholeNumber } from "./fields";

/**
 * API tokens, for integrators' programs: staff make one with a name, scopes and an expiry, see
 * it once, and revoke it. A token calls the back office's routes (/api/admin/<noun>...) its
 * scopes allow, as staff; the rule that gives a route its scope is server/api-tokens/scopes.ts.
 */

/** The nouns a token may be given: each is read or write. */
export const apiTokenNouns = [
  "leads",
  "clients",
  "websites",
  "tickets",
  "invoices",
  "bookings",
  "events",
] as const;
export type ApiTokenNoun = (typeof apiTokenNouns)[number];
export const apiTokenAccess = ["read", "write"] as const;

/** Every scope, "leads:read" to "events:write": write does not include read. */
export const apiTokenScopes = apiTokenNouns.flatMap((noun) =>
  apiTokenAccess.map((access) => `${noun}:${access}` as const),
);
export type ApiTokenScope = `${ApiTokenNoun}:${(typeof apiTokenAccess)[number]}`;

/** What the back office's form offers, and the longest a token may live. */
export const apiTokenLifetimes = [7, 30, 90, 365] as const;
export const API_TOKEN_MAX_DAYS = 365;

const scopeChoice = `Scopes must be a list of scopes such as "leads:read" or "tickets:write" (a noun of ${apiTokenNouns.join(", ")}, then read or write)`;

/** POST /api/admin/api-tokens: a name, at least one scope (each once), and days until it expires. */
export const apiTokenInputSchema = z.object({
  name: requiredText(
    "Name",
    1,
    100,
    "Name the token, e.g. the program that uses it",
    "Name must be at most 100 characters",
  ),
  scopes: z
    .array(z.enum(apiTokenScopes as [ApiTokenScope, ...ApiTokenScope[]], { error: scopeChoice }), {
      error: scopeChoice,
    })
    .min(1, "Choose at least one scope: a token without one could call nothing")
    .max(apiTokenScopes.length, "Choose each scope at most once")
    .refine((scopes) => new Set(scopes).size === scopes.length, "Choose each scope at most once"),
  expiresInDays: wholeNumber("Expiry in days", 1, API_TOKEN_MAX_DAYS),
});
export type ApiTokenInput = z.input<typeof apiTokenInputSchema>;

/** Where a token stands: usable, past its expiry, or revoked. */
export const apiTokenStates = ["active", "expired", "revoked"] as const;

/** A token as the back office lists it: never the token itself. */
export const apiTokenSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  scopes: z.array(z.string()),
  expiresAt: z.string(),
  createdAt: z.string(),
  /** Who made it (their email); null: their account is gone. */
  createdBy: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  state: z.enum(apiTokenStates),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** A new token: the only answer that carries the token, once. */
export const createdApiTokenSchema = apiTokenSchema.extend({ token: z.string() });
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;
