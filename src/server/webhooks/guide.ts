import { webhookEventObjects } from "@shared/schemas/webhook-events";
import {
  webhookEventLabels,
  webhookEventTypes,
  WEBHOOK_EVENT_RETENTION_DAYS,
  WEBHOOK_RETRY_DAYS,
} from "@shared/schemas/webhooks";
import { DELIVERY_HEADER, EVENT_HEADER, SIGNATURE_HEADER } from "./signing";

/**
 * The integrator's guide to webhooks, written once: the API document's Webhooks section (so
 * /api/docs shows it) and the repository's docs/webhooks.md (`npm run docs:webhooks` writes it
 * from this; a test keeps the two the same).
 */

const header = (name: string) =>
  name.replace(/(^|-)([a-z])/g, (_all, dash, letter) => dash + letter.toUpperCase());

const eventRows = webhookEventTypes
  .map((type) => {
    const { route } = webhookEventObjects[type];
    const object = route.endsWith("/monitoring")
      ? `an incident, as \`GET ${route}\` lists it`
      : `as \`GET ${route}\` answers`;
    return `| \`${type}\` | ${webhookEventLabels[type]} | ${object} |`;
  })
  .join("\n");

/** The signature check an integrator copies: ten lines of Node. */
export const signatureCheck = `import { createHmac, timingSafeEqual } from "node:crypto";

export function isFromHarborline(rawBody, header, secret, toleranceSeconds = 300) {
  const { t, v1 } = Object.fromEntries(header.split(",").map((part) => part.split("=")));
  if (!t || !v1 || Math.abs(Date.now() / 1000 - Number(t)) > toleranceSeconds) return false;
  const expected = createHmac("sha256", secret).update(\`\${t}.\${rawBody}\`).digest();
  const given = Buffer.from(v1, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}`;

/** The guide's body, in Markdown, without a title (the document's section has its own). */
export const webhookGuide = `Staff register an endpoint in the back office (**Webhooks**, \`/admin/webhooks\`): its URL, the
events it wants and an optional description. The endpoint's signing secret (\`whsec_...\`) is shown
once, when it is added; keep it with the receiving program.

### The events

Each event's \`data\` is the object as the API answers it, in the same schema: a receiver parses
it as it parses that \`GET\` (each event's schema is listed under Webhooks in the reference).

| event | when | \`data\` |
| --- | --- | --- |
${eventRows}

Spam leads send nothing.

### A delivery

A \`POST\` of JSON, \`{ "id", "type", "createdAt", "data" }\`, with these headers:

- \`${header(SIGNATURE_HEADER)}: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the secret>\`,
  as Stripe signs its own;
- \`${header(DELIVERY_HEADER)}: <uuid>\`: the same on every try of one delivery (and on a redelivery), so
  a receiver that has seen it may answer 200 and do nothing;
- \`${header(EVENT_HEADER)}: <type>\`.

Any 2xx within 10 s is delivered; anything else (a redirect too) is tried again after 30 s, then
twice as long each time, up to 6 hours apart, for ${WEBHOOK_RETRY_DAYS} days. An endpoint whose every delivery has
failed for ${WEBHOOK_RETRY_DAYS} days is disabled, and staff get a notice and an email; they enable it again and
redeliver what it missed from its delivery log. The event is recorded in the same transaction as
the change it reports, so neither the endpoint nor our server being down loses one; each delivery
is claimed by one server instance at a time. Endpoints must be https in production, and must not
be private, loopback or link-local addresses (the monitor's rule; \`MONITOR_ALLOW_PRIVATE\` lifts
it in tests).

### Catching up

Every event goes into the event log, \`GET /api/admin/events\` (a token with the \`events:read\`
scope): oldest first, a page at a time. Pass the id of the last event you handled as \`after\` to
get the ones since, and ask again while \`hasMore\` is true. Each event is the same JSON a
delivery carries, so one handler serves both. Events hold personal data, so they are kept
${WEBHOOK_EVENT_RETENTION_DAYS} days (as Stripe keeps its own), then deleted unless a delivery of one is still pending;
erasing a client erases its events, and erasing a lead its \`lead.created\`. Catch up within
${WEBHOOK_EVENT_RETENTION_DAYS} days.

### Checking the signature (Node)

Check it over the raw body, before parsing it:

\`\`\`js
${signatureCheck}
\`\`\`

With Express: \`app.post("/hooks", express.raw({ type: "application/json" }), (req, res) => ...)\`,
then \`isFromHarborline(req.body.toString("utf8"), req.get("harborline-signature"), secret)\`.
The tolerance refuses an old delivery replayed; a retry is signed afresh with its own time.
`;

/** docs/webhooks.md, as the repository keeps it. */
export const webhookGuideFile = `<!-- Written by \`npm run docs:webhooks\` from src/server/webhooks/guide.ts: edit that, not this. -->

# Webhooks: what an endpoint receives, and how to check it came from us

The site serves this guide in its API reference, \`/api/docs\` (the Webhooks section).

${webhookGuide.replace(/^### /gm, "## ")}`;
