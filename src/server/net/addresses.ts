import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { lookup } from "node:dns/promises";
import net from "node:net";

/*
 * Addresses the server must not be led to request: private, loopback, link-local (cloud metadata
 * lives there), multicast and reserved ranges. The uptime monitor's checks, the RDAP lookup's
 * registrar links and the staff's calendar feeds are refused before any connection to them.
 */

const FORBIDDEN_V4: [string, number][] = [
  ["0.0.0.0", 8], // "this network", unspecified
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local (cloud metadata lives here)
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
];
const FORBIDDEN_V6: [string, number][] = [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["::ffff:0:0", 96], // IPv4-mapped
  ["64:ff9b::", 96], // NAT64 (reaches IPv4 addresses, private ones too)
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["ff00::", 8], // multicast
];

const v4Bits = (address: string) =>
  address.split(".").reduce((value, part) => (value << 8n) | BigInt(Number(part)), 0n);

/** An IPv6 address as a 128-bit number (an embedded dotted IPv4 tail included). */
function v6Bits(address: string): bigint {
  let text = address.toLowerCase().split("%")[0]!;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const tail = v4Bits(dotted[1]!);
    text = `${text.slice(0, -dotted[1]!.length)}${(tail >> 16n).toString(16)}:${(tail & 0xffffn).toString(16)}`;
  }
  const [head = "", rest] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = rest ? rest.split(":") : [];
  const groups =
    rest === undefined
      ? left
      : [...left, ...Array(8 - left.length - right.length).fill("0"), ...right];
  return groups.reduce((value, group) => (value << 16n) | BigInt(parseInt(group || "0", 16)), 0n);
}

const inSubnet = (bits: bigint, width: number, network: bigint, prefix: number) =>
  bits >> BigInt(width - prefix) === network >> BigInt(width - prefix);

/**
 * Whether an IP address is one the server must not request in production: an address a client or
 * a third party gave us (a site's check address, a redirect, a registry's link, a DNS answer)
 * must not make the server reach its own network.
 */
export function isForbiddenAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) {
    const bits = v4Bits(address);
    return FORBIDDEN_V4.some(([network, prefix]) => inSubnet(bits, 32, v4Bits(network), prefix));
  }
  if (family === 6) {
    const bits = v6Bits(address);
    return FORBIDDEN_V6.some(([network, prefix]) => inSubnet(bits, 128, v6Bits(network), prefix));
  }
  return true;
}

/**
 * The first forbidden address a host name (or IP literal) stands for, or undefined when all of
 * its addresses are public. A name that does not resolve is refused as "unresolved" (nothing to
 * request). Checked before the request: the request resolves the name again, so this is for
 * links one follows once, not for a lasting connection (the monitor pins the address it checked).
 */
export async function forbiddenTarget(hostname: string): Promise<string | undefined> {
  const host = hostname.replace(/^\[|\]$/g, "");
  if (net.isIP(host)) return isForbiddenAddress(host) ? host : undefined;
  try {
    const addresses = await lookup(host, { all: true });
    if (addresses.length === 0) return "unresolved";
    return addresses.find((entry) => isForbiddenAddress(entry.address))?.address;
  } catch {
    return "unresolved";
  }
}

/** Raised (before any connection) when a request would reach a forbidden address. */
export class ForbiddenAddressError extends Error {
  static readonly code = "EFORBIDDENADDRESS";
  readonly code = ForbiddenAddressError.code;
  constructor(address: string) {
    super(`${address} is a private or reserved address`);
  }
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

export type AddressGuard = {
  /** Whether private, loopback, link-local, ... addresses may be requested (never in production). */
  allowPrivate: boolean;
  /** Addresses allowed despite the guard (tests only: a local server as the "public" first hop). */
  allowAddresses?: string[] | undefined;
};

/**
 * A `lookup` for node:http(s) requests: resolves a host name and refuses it if ANY of its
 * addresses is forbidden; the connection then goes to an address checked here, so a second DNS
 * answer (a rebind) cannot slip through.
 */
export function guardedLookup({ allowPrivate, allowAddresses = [] }: AddressGuard) {
  return (
    hostname: string,
    options: { all?: boolean; family?: number },
    callback: LookupCallback,
  ) => {
    dnsLookup(hostname, { all: true, family: options.family ?? 0 }, (error, addresses) => {
      if (error) return callback(error, []);
      if (addresses.length === 0) {
        return callback(Object.assign(new Error("no address"), { code: "ENOTFOUND" }), []);
      }
      if (!allowPrivate) {
        const bad = addresses.find(
          (entry) => isForbiddenAddress(entry.address) && !allowAddresses.includes(entry.address),
        );
        if (bad) return callback(new ForbiddenAddressError(bad.address), []);
      }
      if (options.all) return callback(null, addresses);
      const [first] = addresses;
      callback(null, first!.address, first!.family);
    });
  };
}
