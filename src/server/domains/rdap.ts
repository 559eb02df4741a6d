import { z } from "zod";
import { forbiddenTarget } from "../net/addresses";
import shippedFile from "./rdap-dns.json" with { type: "json" };

/*
 * A domain's registration as its registry publishes it over RDAP (RFC 9083): the expiry date,
 * the registrar and the status values. The registry's server is found in IANA's bootstrap file
 * for domain names (RFC 9224), shipped as rdap-dns.json.
 *
 * rdap-dns.json is IANA's file (https://data.iana.org/rdap/dns.json) as published on
 * 2025-11-06T23:00:01Z: it was first copied out of the npm package `rdap` 0.0.14 (MIT), which
 * ships it, because the machines this was written on reach no other host. `npm run rdap:refresh`
 * replaces it with IANA's current file; its "publication" field says which one is shipped.
 */

export const RDAP_MEDIA_TYPE = "application/rdap+json";
/** The file `npm run rdap:refresh` downloads unless RDAP_BOOTSTRAP_URL names another. */
export const IANA_BOOTSTRAP_URL = "https://data.iana.org/rdap/dns.json";
/** For one request, the answer's body included. */
export const RDAP_TIMEOUT_MS = 10_000;
/** A domain's answer is a few kilobytes; a larger one is refused rather than read. */
export const RDAP_MAX_BYTES = 512 * 1024;
/** A bootstrap file read from RDAP_BOOTSTRAP_URL is read again after this long. */
const BOOTSTRAP_KEPT_MS = 24 * 60 * 60 * 1000;

/**
 * RFC 9224: `services` is a list of [[endings], [base URLs]]. In IANA's order, keeping any field
 * it may add, so a refreshed file reads as IANA's does.
 */
export const bootstrapSchema = z.looseObject({
  description: z.string().optional(),
  publication: z.string(),
  services: z
    .array(z.tuple([z.array(z.string()).min(1), z.array(z.url()).min(1)]))
    .min(1, "lists no RDAP server"),
  version: z.string(),
});
export type Bootstrap = z.infer<typeof bootstrapSchema>;

const eventSchema = z.object({ eventAction: z.string(), eventDate: z.string() });
const linkSchema = z.object({
  rel: z.string().optional(),
  href: z.string(),
  type: z.string().optional(),
});
const entitySchema = z.object({
  roles: z.array(z.string()).default([]),
  /** jCard (RFC 7095): ["vcard", [[name, parameters, type, value], ...]]. */
  vcardArray: z.tuple([z.literal("vcard"), z.array(z.array(z.unknown()))]).optional(),
});
/** The parts of an RDAP domain answer (RFC 9083 section 5.3) that are read. */
const domainAnswerSchema = z.object({
  objectClassName: z.literal("domain"),
  events: z.array(eventSchema).default([]),
  entities: z.array(entitySchema).default([]),
  status: z.array(z.string()).default([]),
  links: z.array(linkSchema).default([]),
});
type DomainAnswer = z.infer<typeof domainAnswerSchema>;
const eventDateSchema = z.iso.datetime({ offset: true });

/** What the registry says of one domain. */
export type Registration = {
  /** The "expiration" event, or null when neither the registry nor the registrar gave one. */
  expiresAt: Date | null;
  /** The registrar entity's vCard full name ("fn"). */
  registrar: string | null;
  /** RDAP status values, such as "active" or "client transfer prohibited". */
  status: string[];
};

/** A lookup that gave no usable answer; its message is for staff (kept as the domain's error). */
export class RdapLookupError extends Error {
  override name = "RdapLookupError";
}

export type RdapOptions = {
  /** Where the bootstrap file is read from (RDAP_BOOTSTRAP_URL); the shipped file when unset. */
  bootstrapUrl?: string | undefined;
  timeoutMs?: number;
  maxBytes?: number;
};

/** The shipped bootstrap file, checked against the schema (the app refuses to start otherwise). */
export const shippedBootstrap: Bootstrap = bootstrapSchema.parse(shippedFile);

/**
 * Domain lookups with one bootstrap file: the shipped one, or the one at `bootstrapUrl`, read
 * when first needed and again a day later (IANA asks clients not to fetch it more often).
 */
export function createRdapClient(options: RdapOptions = {}) {
  const limits = {
    timeoutMs: options.timeoutMs ?? RDAP_TIMEOUT_MS,
    maxBytes: options.maxBytes ?? RDAP_MAX_BYTES,
  };
  let cached: { bootstrap: Bootstrap; until: number } | undefined;
  // The bootstrap file's own host is trusted as it is (a local stand-in, a mirror on a closed
  // network): links to it are followed even at a private address.
  const trustedHost = options.bootstrapUrl ? new URL(options.bootstrapUrl).hostname : undefined;

  async function bootstrap(signal?: AbortSignal): Promise<Bootstrap> {
    if (!options.bootstrapUrl) return shippedBootstrap;
    if (cached && cached.until > Date.now()) return cached.bootstrap;
    const fetched = await fetchBootstrap(options.bootstrapUrl, { ...limits, signal });
    cached = { bootstrap: fetched, until: Date.now() + BOOTSTRAP_KEPT_MS };
    return fetched;
  }

  return {
    /**
     * The registration of a domain name (lower-case, ASCII), or undefined when its ending has no
     * RDAP server in the bootstrap file. Throws RdapLookupError when the lookup fails.
     */
    async lookup(name: string, signal?: AbortSignal): Promise<Registration | undefined> {
      const base = rdapBaseUrl(await bootstrap(signal), name);
      if (!base) return undefined;
      return lookupAt(base, name, { ...limits, signal }, trustedHost);
    },
  };
}
export type RdapClient = ReturnType<typeof createRdapClient>;

/**
 * The base URL serving a domain name: the longest ending the bootstrap file lists (RFC 9224
 * section 4), its https URL when it has one.
 */
export function rdapBaseUrl(bootstrap: Bootstrap, name: string): string | undefined {
  const labels = name.toLowerCase().replace(/\.$/, "").split(".");
  for (let start = 0; start < labels.length; start++) {
    const ending = labels.slice(start).join(".");
    const service = bootstrap.services.find(([endings]) =>
      endings.some((listed) => listed.toLowerCase() === ending),
    );
    if (service) {
      const [, urls] = service;
      const url = urls.find((candidate) => candidate.startsWith("https:")) ?? urls[0]!;
      return url.endsWith("/") ? url : `${url}/`;
    }
  }
  return undefined;
}

type Limits = { timeoutMs: number; maxBytes: number; signal?: AbortSignal | undefined };

/** The bootstrap file at a URL, checked against RFC 9224's shape. */
export async function fetchBootstrap(url: string, limits: Limits): Promise<Bootstrap> {
  const body = await getJson(new URL(url), "application/json", limits, "The bootstrap server");
  const parsed = bootstrapSchema.safeParse(body);
  if (!parsed.success) {
    throw new RdapLookupError(`The bootstrap file at ${url} is not an RDAP bootstrap file`);
  }
  return parsed.data;
}

async function lookupAt(
  base: string,
  name: string,
  limits: Limits,
  trustedHost: string | undefined,
): Promise<Registration> {
  const registry = new URL(`domain/${encodeURIComponent(name)}`, base);
  const answer = parseAnswer(await getJson(registry, RDAP_MEDIA_TYPE, limits, "The registry"));
  const registration = readRegistration(answer);
  if (registration.expiresAt) return registration;
  // Some registries leave the expiry to the registrar's RDAP server, which they link to.
  const related = registrarLink(answer, registry);
  if (!related) return registration;
  try {
    await refuseOwnNetwork(related, trustedHost);
    const registrar = readRegistration(
      parseAnswer(await getJson(related, RDAP_MEDIA_TYPE, limits, "The registrar")),
    );
    return {
      expiresAt: registrar.expiresAt,
      registrar: registration.registrar ?? registrar.registrar,
      status: registration.status,
    };
  } catch {
    // The registry's answer stands; only the date is missing.
    return registration;
  }
}

function parseAnswer(body: unknown): DomainAnswer {
  const parsed = domainAnswerSchema.safeParse(body);
  if (!parsed.success) throw new RdapLookupError("The answer is not an RDAP domain record");
  return parsed.data;
}

function readRegistration(answer: DomainAnswer): Registration {
  const expiration = answer.events.find((event) => event.eventAction === "expiration");
  let expiresAt: Date | null = null;
  if (expiration) {
    if (!eventDateSchema.safeParse(expiration.eventDate).success) {
      throw new RdapLookupError(
        `The expiry date "${expiration.eventDate.slice(0, 40)}" is no date`,
      );
    }
    expiresAt = new Date(expiration.eventDate);
  }
  const registrar = answer.entities.find((entity) => entity.roles.includes("registrar"));
  // Kept within what a page shows (and a column stores): a registry lists a handful.
  const status = answer.status.slice(0, 20).map((value) => value.slice(0, 100));
  return { expiresAt, registrar: fullName(registrar?.vcardArray), status };
}

/** The vCard's "fn" (full name) property, trimmed, or null. */
function fullName(vcard: [string, unknown[][]] | undefined): string | null {
  const property = vcard?.[1].find((entry) => entry[0] === "fn");
  const value = property?.[3];
  return typeof value === "string" && value.trim() !== "" ? value.trim().slice(0, 200) : null;
}

/**
 * The registrar's RDAP record the registry links to (rel "related"): over https, or on the
 * registry's own origin, and never the record just read.
 */
function registrarLink(answer: DomainAnswer, registry: URL): URL | undefined {
  for (const link of answer.links) {
    if (link.rel !== "related" || (link.type && link.type !== RDAP_MEDIA_TYPE)) continue;
    const url = URL.canParse(link.href) ? new URL(link.href) : undefined;
    if (!url || url.href === registry.href) continue;
    if (url.protocol === "https:" || url.origin === registry.origin) return url;
  }
  return undefined;
}

/**
 * A registry's answer is a third party's word: the link it gives must not lead this server to its
 * own network (a private, loopback or link-local address, cloud metadata included), unless to the
 * bootstrap file's host. Checked before the request, by the addresses the name resolves to.
 */
async function refuseOwnNetwork(url: URL, trustedHost: string | undefined): Promise<void> {
  if (trustedHost !== undefined && url.hostname === trustedHost) return;
  const forbidden = await forbiddenTarget(url.hostname);
  if (forbidden) {
    const why =
      forbidden === "unresolved"
        ? "its name does not resolve"
        : `${forbidden} is a private or reserved address`;
    throw new RdapLookupError(`The registrar's link to ${url.hostname} is not followed: ${why}`);
  }
}

/** GETs a JSON document within the time and size limits; any failure is an RdapLookupError. */
async function getJson(url: URL, accept: string, limits: Limits, who: string): Promise<unknown> {
  const signals = [
    AbortSignal.timeout(limits.timeoutMs),
    ...(limits.signal ? [limits.signal] : []),
  ];
  const signal = AbortSignal.any(signals);
  let text: string;
  try {
    const response = await fetch(url, { headers: { accept }, signal });
    if (response.status === 404) {
      await response.body?.cancel();
      throw new RdapLookupError(`${who} has no record of it (404)`);
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new RdapLookupError(`${who} answered ${response.status}`);
    }
    text = await readLimited(response, limits.maxBytes, who);
  } catch (error) {
    if (error instanceof RdapLookupError) throw error;
    if (signal.aborted) {
      throw new RdapLookupError(`${who} did not answer within ${limits.timeoutMs / 1000} s`);
    }
    throw new RdapLookupError(`${who} could not be reached (${causeOf(error)})`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new RdapLookupError(`${who}'s answer is not JSON`);
  }
}

/** The body as text, refused once it passes `maxBytes` (announced or as it arrives). */
async function readLimited(response: Response, maxBytes: number, who: string): Promise<string> {
  const tooLarge = () => new RdapLookupError(`${who}'s answer is larger than ${maxBytes} bytes`);
  if (Number(response.headers.get("content-length") ?? 0) > maxBytes) {
    await response.body?.cancel();
    throw tooLarge();
  }
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let part = await reader.read(); !part.done; part = await reader.read()) {
    size += part.value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(part.value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** undici wraps the network error ("ECONNREFUSED", "ENOTFOUND", ...) in `cause`. */
function causeOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return String(cause?.code ?? cause?.message ?? (error as Error).message ?? error).slice(0, 100);
}
