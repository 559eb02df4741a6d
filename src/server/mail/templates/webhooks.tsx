import { simpleEmail, type EmailAction } from "../layout";
import type { QueuedEmail } from "../outbox";

type Settings = { agencyInbox: string; publicUrl: string };

/**
 * An endpoint failed every delivery for 3 days and was turned off: to the agency's inbox and the
 * staff who want it, once per disabling.
 */
export function webhookDisabledEmail(
  to: string,
  endpoint: { url: string; failingSince: string; retryDays: number },
  action: EmailAction,
  settings: Settings,
): QueuedEmail {
  return simpleEmail(
    "webhook-disabled",
    to,
    `Webhook endpoint disabled: ${endpoint.url}`,
    [
      "Hello,",
      `Every delivery to the webhook endpoint ${endpoint.url} has failed since ${endpoint.failingSince}, so after ${endpoint.retryDays} days it was disabled: it is sent nothing until it is enabled again.`,
      "Fix the receiving program, then enable the endpoint in the back office and redeliver what it missed from its delivery log. An integrator can also catch up from the event log (GET /api/admin/events).",
    ],
    action,
    settings.agencyInbox,
  );
}
