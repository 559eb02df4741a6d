import { simpleEmail, type EmailAction } from "../layout";
import type { QueuedEmail } from "../outbox";

type Settings = { agencyInbox: string; publicUrl: string };

/**
 * A website's 7-day p75 LCP or INP went from good to poor (real-user speed): to the agency's
 * inbox and the staff who want it, once per change, not once a day.
 */
export function siteSpeedPoorEmail(
  to: string,
  site: { domain: string },
  change: { metric: string; p75: string; poorOver: string; period: string },
  action: EmailAction,
  settings: Settings,
): QueuedEmail {
  return simpleEmail(
    "site-speed-poor",
    to,
    `${site.domain} turned slow for its visitors (${change.metric})`,
    [
      "Hello,",
      `Over ${change.period}, three visits in four to ${site.domain} had a ${change.metric} of ${change.p75} or less: that is poor (over ${change.poorOver}), where it was good the week before.`,
      "The speed panel shows which pages are slowest, for phones and desktops apart. We will not email again while it stays poor.",
    ],
    action,
    settings.agencyInbox,
  );
}
