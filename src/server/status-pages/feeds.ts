import { incidentUpdateStatusLabels } from "@shared/incident-status";
import type { PublicStatus } from "@shared/schemas/status-pages";
import { formatPercent } from "@shared/format";

/** Text for XML: the five characters that mean something there, escaped. */
const xml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!,
  );

/**
 * The page's incidents as an Atom feed: one entry per incident, its updates as the content,
 * updated when its latest update was written (or it started or ended).
 */
export function atomFeed(status: PublicStatus, links: { page: string; feed: string }): string {
  const latest = (incident: PublicStatus["incidents"][number]) =>
    [incident.startedAt, incident.endedAt ?? "", ...incident.updates.map((u) => u.createdAt)]
      .filter(Boolean)
      .sort()
      .at(-1)!;
  const updated = status.incidents.map(latest).sort().at(-1) ?? status.generatedAt;
  const entries = status.incidents.map((incident) => {
    const text = [
      `${incident.domain}: ${incident.endedAt ? `resolved ${incident.endedAt}` : "ongoing"}`,
      ...[...incident.updates]
        .reverse()
        .map((u) => `${incidentUpdateStatusLabels[u.status]} (${u.createdAt}): ${u.message}`),
    ].join("\n\n");
    return `<entry><id>urn:uuid:${incident.id}</id><title>${xml(incident.title)}</title><updated>${latest(incident)}</updated><published>${incident.startedAt}</published><link rel="alternate" href="${xml(links.page)}"/><content type="text">${xml(text)}</content></entry>`;
  });
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><id>${xml(links.feed)}</id><title>${xml(status.name)}: incidents</title><updated>${updated}</updated><link rel="self" href="${xml(links.feed)}"/><link rel="alternate" href="${xml(links.page)}"/><author><name>${xml(status.name)}</name></author>${entries.join("")}</feed>
`;
}

const BADGE = {
  up: { color: "#1d6b35", word: "up" },
  down: { color: "#a8201a", word: "down" },
  unknown: { color: "#5c5c63", word: "unknown" },
  maintenance: { color: "#1d4ed8", word: "maintenance" },
} as const;

/**
 * A site's badge: its uptime over 90 days and its state, white on colours of 4.5:1 or more.
 * Inside a maintenance window it says so, whatever the checks find: planned work is not down.
 */
export function badgeSvg(
  site: PublicStatus["sites"][number],
  { inMaintenance }: { inMaintenance: boolean },
): string {
  const left = "uptime";
  const state = BADGE[inMaintenance ? "maintenance" : site.status];
  const right = `${site.uptimePercent90d === null ? "n/a" : formatPercent(site.uptimePercent90d)} ${state.word}`;
  // Verdana 11px is about 7 px a character; a margin of 6 px each side.
  const lw = left.length * 7 + 12;
  const rw = right.length * 7 + 12;
  const label = `${site.domain}: ${state.word}, ${right.split(" ")[0]} uptime over 90 days`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${lw + rw}" height="20" role="img" aria-label="${xml(label)}"><title>${xml(label)}</title><rect width="${lw}" height="20" fill="#0b0b0c"/><rect x="${lw}" width="${rw}" height="20" fill="${state.color}"/><g fill="#fff" font-family="Verdana,DejaVu Sans,sans-serif" font-size="11" text-anchor="middle"><text x="${lw / 2}" y="14">${left}</text><text x="${lw + rw / 2}" y="14">${xml(right)}</text></g></svg>`;
}
