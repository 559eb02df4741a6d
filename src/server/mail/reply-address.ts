/**
 * Each ticket has an address of its own, the support address with the ticket's reply token as a
 * +tag (support+4f1c...@agency.example): the Reply-To of every email about the ticket, so that
 * an answer by email finds its thread.
 */

/** The Reply-To of every email about the ticket with this token. */
export function ticketReplyAddress(supportEmail: string, replyToken: string): string {
  const [local, domain] = splitAddress(supportEmail);
  return `${local}+${replyToken}@${domain}`;
}

/** What a recipient address asks for: a new ticket (the plain support address) or a reply. */
export type SupportRecipient = { kind: "new-ticket" } | { kind: "reply"; token: string };

/**
 * Whether an address is the support address (any case), plain or with a +tag; undefined for any
 * other address. The tag is not checked against the tickets here.
 */
export function supportRecipient(
  supportEmail: string,
  address: string,
): SupportRecipient | undefined {
  const [supportLocal, supportDomain] = splitAddress(supportEmail.toLowerCase());
  const [local, domain] = splitAddress(address.trim().toLowerCase());
  if (domain !== supportDomain) return undefined;
  if (local === supportLocal) return { kind: "new-ticket" };
  const tagged = local.startsWith(`${supportLocal}+`) ? local.slice(supportLocal.length + 1) : "";
  return tagged ? { kind: "reply", token: tagged } : undefined;
}

function splitAddress(address: string): [string, string] {
  const at = address.lastIndexOf("@");
  return at < 0 ? [address, ""] : [address.slice(0, at), address.slice(at + 1)];
}
