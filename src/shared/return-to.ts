/** The longest return address kept (it is stored with an emailed sign-in link). */
export const returnToMaxLength = 500;

/**
 * What a browser drops from an address before parsing it: C0 controls and spaces at either end,
 * and every tab and newline anywhere ("/\t/evil.test" is "//evil.test" to a browser).
 */
const stripLikeBrowsers = (value: string) =>
  // eslint-disable-next-line no-control-regex -- control characters are what is being removed
  value.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, "").replace(/[\t\n\r]/g, "");

/**
 * Where to go after signing in: a path on this site, never another origin, so a crafted link
 * cannot send someone elsewhere. The address is read as a browser would read it against
 * `origin` (the site's own), and given back as the URL parser writes it: percent-encoded, so
 * it is always a valid Location header. Undefined for anything else: the user then lands on
 * their home (homePath).
 */
export function safeReturnTo(value: string | null | undefined, origin: string): string | undefined {
  const path = stripLikeBrowsers(value ?? "");
  if (!path.startsWith("/")) return undefined;
  const ownOrigin = new URL(origin).origin;
  let resolved: URL;
  try {
    resolved = new URL(path, ownOrigin);
  } catch {
    return undefined;
  }
  const result = resolved.pathname + resolved.search + resolved.hash;
  // "/.//evil.test" parses to the path "//evil.test", which read again is another host.
  const stays = resolved.origin === ownOrigin && new URL(result, ownOrigin).origin === ownOrigin;
  return stays && result.length <= returnToMaxLength ? result : undefined;
}
