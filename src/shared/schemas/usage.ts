import { z } from "./zod";
import { requiredText } from "./fields";

/** The most bytes a report may give: JavaScript's exact integers, which the bigint column holds. */
export const MAX_REPORTED_BYTES = Number.MAX_SAFE_INTEGER;
/** How far back a host may report or correct a day. */
export const USAGE_MAX_AGE_DAYS = 400;

const DAY_MS = 86_400_000;
const utcDate = (time: number) => new Date(time).toISOString().slice(0, 10);
const BYTES_RULE = `bytes must be a whole number from 0 to ${MAX_REPORTED_BYTES}`;

/**
 * What the hosting side reports for one site and one UTC day. The token names the site: there
 * is no field for it. Tomorrow is allowed, for a host whose clock runs ahead of UTC.
 */
export const usageReportSchema = z.object({
  date: z.iso
    .date({ error: "date must be a date such as 2026-11-24" })
    .superRefine((value, ctx) => {
      const now = Date.now();
      if (value > utcDate(now + DAY_MS)) {
        ctx.addIssue({ code: "custom", message: "date must not be in the future" });
      } else if (value < utcDate(now - USAGE_MAX_AGE_DAYS * DAY_MS)) {
        ctx.addIssue({
          code: "custom",
          message: `date must be within the last ${USAGE_MAX_AGE_DAYS} days`,
        });
      }
    }),
  bytes: z
    .number({ error: BYTES_RULE })
    .int(BYTES_RULE)
    .min(0, BYTES_RULE)
    .max(MAX_REPORTED_BYTES, BYTES_RULE),
});
export type UsageReport = z.infer<typeof usageReportSchema>;

/** The answer to a report: what is now stored for that site and day. */
export const usageStoredSchema = z.object({
  websiteId: z.uuid(),
  date: z.string(),
  bytes: z.number().int(),
});

/** Staff name a token after the host that uses it. */
export const usageTokenInputSchema = z.object({
  name: requiredText(
    "Name",
    1,
    100,
    "Name the token, e.g. the server that reports with it",
    "Name must be at most 100 characters",
  ),
});

/** A token as the back office lists it: never the token itself. */
export const usageTokenSchema = z.object({
  id: z.uuid(),
  websiteId: z.uuid(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type UsageToken = z.infer<typeof usageTokenSchema>;

/** A new token: the only answer that carries the token, once. */
export const createdUsageTokenSchema = usageTokenSchema.extend({ token: z.string() });
export type CreatedUsageToken = z.infer<typeof createdUsageTokenSchema>;
