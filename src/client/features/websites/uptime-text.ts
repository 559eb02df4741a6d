import type { Website } from "@shared/schemas/websites";
import { isLive } from "@shared/website-figures";
import { formatPercent } from "@shared/format";

/** A site's 30-day uptime as the portal words it: a percentage only once the site is live and checked. */
export function uptimeText(site: Pick<Website, "status" | "uptimePercent">): string {
  if (!isLive(site.status)) return "Not live yet";
  return site.uptimePercent === null ? "No checks yet" : formatPercent(site.uptimePercent);
}
