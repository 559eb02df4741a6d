import { createHmac, randomBytes } from "node:crypto";

/** The header a delivery's signature rides in, as Stripe's does: `t=<unix>,v1=<hex>`. */
export const SIGNATURE_HEADER = "harborline-signature";
/** The delivery's id: the same on every try of one delivery, so a receiver can drop a repeat. */
export const DELIVERY_HEADER = "harborline-delivery";
export const EVENT_HEADER = "harborline-event";

/** A new endpoint's signing secret, shown to staff once. */
export const newWebhookSecret = () => `whsec_${randomBytes(24).toString("base64url")}`;

/** The signature header of `body` sent at `at`: HMAC-SHA256 of "<unix seconds>.<body>". */
export function signatureHeader(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac("sha256", secret).update(`${t}.${body}`).digest("hex");
  return `t=${t},v1=${v1}`;
}
