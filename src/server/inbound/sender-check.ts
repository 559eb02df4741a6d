import type { AuthenticateResult, DNSResolver } from "mailauth";

export type { DNSResolver };

/** Whether a received mail's From is its sender's, and what the checks found. */
export type SenderCheck = {
  /** The From's domain vouched for the message: DMARC passed, or aligned DKIM or SPF passed. */
  verified: boolean;
  /** What the checks found, as a line for the log and the received email's details. */
  summary: string;
};

/** Mail that came through the provider's webhook: the shared secret stands for its checks. */
export const providerChecked: SenderCheck = { verified: true, summary: "checked by the provider" };

/** The session a message arrived in, as the checks need it. */
export type SmtpEnvelope = {
  /** The connecting mail server's address. */
  ip: string;
  /** The name it gave in HELO or EHLO. */
  helo: string | undefined;
  /** MAIL FROM; empty for a bounce. */
  mailFrom: string | undefined;
};

/** A failure to look something up: the sender should try again later, not be refused. */
export class SenderCheckUnavailable extends Error {}

/**
 * Checks SPF (the connecting address, HELO and MAIL FROM), DKIM and DMARC with mailauth, and
 * says whether the From address `from` (as the message was parsed) is proven. Without a DMARC
 * record, a passing DKIM signature of the From's domain, or SPF for exactly its domain, proves
 * it; a message with more than one From address proves nothing. A lookup that failed for now
 * throws SenderCheckUnavailable.
 */
export async function checkSender(
  raw: Buffer,
  from: string,
  envelope: SmtpEnvelope,
  resolver: DNSResolver | undefined,
): Promise<SenderCheck> {
  // Loaded with the first mail received, as the parsers are.
  const { authenticate } = await import("mailauth");
  const result = await authenticate(raw, {
    ip: envelope.ip,
    ...(envelope.helo ? { helo: envelope.helo } : {}),
    ...(envelope.mailFrom ? { sender: envelope.mailFrom } : {}),
    ...(resolver ? { resolver } : {}),
    disableArc: true,
    disableBimi: true,
  });
  const summary = summarize(result);
  const headerFrom = result.dkim.headerFrom.map((address) => address.toLowerCase());
  const verified = headerFrom.length === 1 && headerFrom[0] === from && aligned(result, from);
  if (!verified && temporary(result)) {
    throw new SenderCheckUnavailable(`could not check the sender for now (${summary})`);
  }
  return { verified, summary };
}

function aligned(result: AuthenticateResult, from: string): boolean {
  const dmarc = result.dmarc ? result.dmarc.status.result : "none";
  if (dmarc === "pass") return true;
  if (dmarc !== "none") return false;
  const domain = from.split("@").pop()!;
  const dkim = result.dkim.results.some(
    (signature) => signature.status.result === "pass" && Boolean(signature.status.aligned),
  );
  const spf =
    result.spf !== false &&
    result.spf.status.result === "pass" &&
    result.spf.domain.toLowerCase() === domain;
  return dkim || spf;
}

const TEMPORARY = ["temperror", "temperr"];

function temporary(result: AuthenticateResult): boolean {
  return [
    result.dmarc && result.dmarc.status.result,
    result.spf && result.spf.status.result,
    ...result.dkim.results.map((signature) => signature.status.result),
  ].some((status) => typeof status === "string" && TEMPORARY.includes(status));
}

function summarize(result: AuthenticateResult): string {
  const dkim = result.dkim.results
    .map((signature) => `${signature.status.result} (${signature.signingDomain})`)
    .join(", ");
  const spf = result.spf ? `${result.spf.status.result} (${result.spf.domain})` : "none";
  const dmarc = result.dmarc ? result.dmarc.status.result : "none";
  return `DMARC ${dmarc}, SPF ${spf}, DKIM ${dkim || "none"}`;
}
