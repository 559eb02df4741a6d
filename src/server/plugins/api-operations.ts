/**
 * Each operation's name in the API document, by one rule from its method and route, unless the
 * route gives its own: an operationId (getAdminLeadsByKindById), stable while the route is, and a
 * one-line summary ("Read a lead") for the reference page's menu.
 */

const isParam = (segment: string) => segment.startsWith(":") || segment.startsWith("{");
const paramName = (segment: string) => segment.replace(/^[:{]|}$/g, "").replace(/\W.*$/, "");
const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** The route's segments after /api, without the back office's /admin. */
const segmentsOf = (url: string) =>
  url
    .replace(/^\/api\/(admin\/)?/, "")
    .split("/")
    .filter(Boolean);

/** getAdminLeadsByKindById: the method, then each word of the route, its parameters as ByX. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, "")
    .split("/")
    .filter(Boolean)
    .flatMap((segment) =>
      isParam(segment)
        ? [`By${capital(paramName(segment))}`]
        : segment
            .split(/[^A-Za-z0-9]+/)
            .filter(Boolean)
            .map(capital),
    );
  return `${method.toLowerCase()}${words.join("")}`;
}

const singular = (words: string) => words.replace(/ies$/, "y").replace(/([^su])s$/, "$1");
const wordsOf = (segment: string) => segment.replace(/\.[a-z]+$/, "").replace(/[-_.]/g, " ");
const plural = (segment: string) => /[^su]s$/.test(wordsOf(segment));
const a = (words: string) => `${/^(?:[aeio]|un)/.test(words) ? "an" : "a"} ${words}`;

/**
 * What the route is about, in words: a noun followed by its id is one of them ("a client"), and
 * what follows is that one's ("a client's websites", "a client's member").
 */
function target(segments: string[]): string {
  const parts: string[] = [];
  let owned = false;
  segments.forEach((segment, index) => {
    if (isParam(segment)) return;
    const one = index + 1 < segments.length && isParam(segments[index + 1]!);
    const more = segments.slice(index + 1).some((next) => !isParam(next));
    let words = one ? singular(wordsOf(segment)) : wordsOf(segment);
    // A plain word before one thing names its kind: "team" + "a member" is "a team member".
    if (one && !owned && parts.length > 0) words = `${parts.pop()!} ${words}`;
    parts.push(`${one && !owned ? a(words) : words}${one && more ? "'s" : ""}`);
    owned ||= one && more;
  });
  return parts.join(" ");
}

const verbs: Record<string, string> = { PUT: "Replace", PATCH: "Update", DELETE: "Delete" };

/**
 * "List a client's websites", "Read a lead", "Convert a lead", "Create a ticket's message",
 * "Post to login email": a route's own `summary` says it better where it has one.
 */
export function summaryOf(method: string, url: string): string {
  const segments = segmentsOf(url);
  const last = segments.at(-1) ?? "";
  const upper = method.toUpperCase();
  if (upper === "GET" || upper === "HEAD") {
    return `${!isParam(last) && plural(last) ? "List" : "Read"} ${target(segments)}`;
  }
  if (upper !== "POST")
    return `${verbs[upper] ?? capital(method.toLowerCase())} ${target(segments)}`;
  const owner = segments.slice(0, -1);
  if (plural(last)) {
    const one = a(singular(wordsOf(last)));
    return owner.length > 0 && isParam(owner.at(-1)!)
      ? `Create ${target(owner)}'s ${one.replace(/^an? /, "")}`
      : `Create ${one}${owner.length > 0 ? ` (${target(owner)})` : ""}`;
  }
  // An action on one thing: POST /leads/:id/convert.
  if (owner.length > 0 && isParam(owner.at(-1)!)) {
    return `${capital(wordsOf(last))} ${target(owner)}`;
  }
  return `Post to ${target(segments)}`;
}
