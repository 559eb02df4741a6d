import { generateKeyPairSync } from "node:crypto";
import { dkimSign, type DNSResolver } from "mailauth";

/** What a domain publishes for the mail it sends. */
export type MailDomain = {
  /** Addresses allowed to send its mail (SPF); none: no SPF record. */
  spf?: string[];
  /** Publishes a DMARC record (p=reject). */
  dmarc?: boolean;
};

const SELECTOR = "mail";

/**
 * A stand-in for the DNS of the sending domains, answering the sender checks' TXT lookups
 * (SPF, DKIM keys, DMARC) from memory, so that no lookup leaves the machine; each domain gets
 * an RSA key, published under the selector "mail", to sign its messages with.
 */
export function createMailDns(domains: Record<string, MailDomain>) {
  const records = new Map<string, string[]>();
  const keys = new Map<string, string>();
  for (const [domain, { spf, dmarc }] of Object.entries(domains)) {
    const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    keys.set(domain, privateKey.export({ type: "pkcs8", format: "pem" }).toString());
    const dkimKey = publicKey.export({ type: "spki", format: "der" }).toString("base64");
    records.set(`${SELECTOR}._domainkey.${domain}`, [`v=DKIM1; k=rsa; p=${dkimKey}`]);
    if (spf) records.set(domain, [`v=spf1 ${spf.map((ip) => `ip4:${ip}`).join(" ")} -all`]);
    if (dmarc) records.set(`_dmarc.${domain}`, ["v=DMARC1; p=reject"]);
  }

  const resolver: DNSResolver = async (name, type) => {
    const found = type === "TXT" ? records.get(name.toLowerCase()) : undefined;
    if (!found) {
      throw Object.assign(new Error(`query${type} ENOTFOUND ${name}`), { code: "ENOTFOUND" });
    }
    return found.map((record) => [record]);
  };

  return {
    resolver,
    /** The raw message with a DKIM signature of the domain's key prepended. */
    async sign(raw: string, domain: string): Promise<string> {
      const privateKey = keys.get(domain);
      if (!privateKey) throw new Error(`no key for ${domain}`);
      const key = { signingDomain: domain, selector: SELECTOR, privateKey };
      // The typings name the key at the top; the signer reads it from signatureData.
      const { signatures, errors } = await dkimSign(raw, { ...key, signatureData: [key] });
      if (errors.length) throw errors[0];
      return signatures + raw;
    },
  };
}

export type MailDns = ReturnType<typeof createMailDns>;
