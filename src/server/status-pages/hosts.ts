import { isIP } from "node:net";
import { and, eq, isNotNull } from "drizzle-orm";
import type { DbExecutor } from "../db/client";
import { statusPages } from "../db/schema";

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

/** How long the known host names are trusted before they are read again. */
const KNOWN_HOSTS_MAX_AGE_MS = 30_000;

/**
 * The host names staff gave the shown status pages, read at most once per 30 s (and again at
 * once after a change here, `changed()`), so a request with a host name we do not serve, the
 * stray traffic any public address gets, costs no query. Another process sees a new host name
 * within the 30 s.
 */
export function knownStatusHosts(db: DbExecutor): KnownStatusHosts {
  let known = knownByDatabase.get(db);
  if (!known) knownByDatabase.set(db, (known = readKnownHosts(db)));
  return known;
}

/** One set per database, shared by the process's requests and the route that saves a page. */
const knownByDatabase = new WeakMap<DbExecutor, KnownStatusHosts>();

function readKnownHosts(db: DbExecutor) {
  let hosts: Set<string> | undefined;
  let readAt = 0;
  let reading: Promise<Set<string>> | undefined;
  let generation = 0;
  const read = () => {
    const started = generation;
    const next = db
      .select({ host: statusPages.customHost })
      .from(statusPages)
      .where(and(isNotNull(statusPages.customHost), eq(statusPages.enabled, true)))
      .then((rows) => {
        const names = new Set(rows.map((row) => row.host!));
        // A change while reading may not be in what was read: keep it for this request only.
        if (started === generation) {
          hosts = names;
          readAt = Date.now();
        }
        return names;
      })
      .finally(() => {
        if (reading === next) reading = undefined;
      });
    reading = next;
    return next;
  };
  return {
    async has(host: string): Promise<boolean> {
      const fresh = hosts !== undefined && Date.now() - readAt < KNOWN_HOSTS_MAX_AGE_MS;
      return (fresh ? hosts! : await (reading ?? read())).has(host);
    },
    /** A page's host name or its being shown changed: read them again on the next request. */
    changed() {
      generation += 1;
      hosts = undefined;
      reading = undefined;
    },
  };
}

export type KnownStatusHosts = ReturnType<typeof readKnownHosts>;
