import type { SpamTraps } from "@shared/schemas/leads";

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
