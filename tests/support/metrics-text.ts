/**
 * The value of the sample line of that name carrying those labels (in any order) in scraped
 * Prometheus text; undefined when there is none. Enough to read a figure: it does not check the
 * whole text's grammar, which a Prometheus text-format parser would.
 */
export function sample(text: string, name: string, labels: Record<string, string> = {}) {
  const pairs = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  const line = text
    .split("\n")
    .find((l) => l.startsWith(`${name}{`) && pairs.every((pair) => l.includes(pair)));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(" ") + 1));
}
