import { isIP } from "node:net";

/** The host name of a Host header, lower case, without its port (an IPv6 literal keeps its brackets off). */
export function hostnameOf(hostHeader: string | undefined): string {
  const host = (hostHeader ?? "").trim().toLowerCase();
  if (host.startsWith("[")) return host.slice(1, host.indexOf("]"));
  const colon = host.lastIndexOf(":");
  return colon === -1 ? host : host.slice(0, colon);
}

/**
 * Whether a request's Host is the site's own: PUBLIC_URL's host, localhost, or an address. Any
 * other may be a client's status page host name (status.client.com, a CNAME to us), which the
 * built pages' fast path leaves to the app.
 */
export function ownHostCheck(publicUrl: string) {
  const own = new URL(publicUrl).hostname.toLowerCase().replace(/^\[|\]$/g, "");
  return (hostHeader: string | undefined) => {
    const name = hostnameOf(hostHeader);
    return name === "" || name === own || name === "localhost" || isIP(name) !== 0;
  };
}
