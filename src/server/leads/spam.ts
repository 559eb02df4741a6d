import { z } from "zod";

/**
 * Fields the public forms send besides the lead itself: a honeypot that people never see (so
 * only bots fill it) and when the form was first shown. API clients may omit both.
 */
export const spamTrapsSchema = z.object({
  website: z.string().max(2000).optional().catch("filled"),
  formStartedAt: z.number().int().positive().optional().catch(undefined),
});
export type SpamTraps = z.infer<typeof spamTrapsSchema>;

/** People take longer than this to fill in a form. */
export const MIN_FILL_MS = 3_000;
/** More links than this in one message is what link spam looks like. */
export const MAX_LINKS = 3;

/** Why a submission looks like spam, or undefined when it looks human. */
export function spamReason(traps: SpamTraps, text: string, now = Date.now()): string | undefined {
  if (traps.website) return "honeypot";
  if (traps.formStartedAt !== undefined && now - traps.formStartedAt < MIN_FILL_MS) {
    return "too-fast";
  }
  const links = text.match(/https?:\/\/|www\./gi)?.length ?? 0;
  if (links > MAX_LINKS) return "too-many-links";
  return undefined;
}
