import type { SharedPanels, SharedView } from "@shared/schemas/share-links";
import type { SharePanel } from "@shared/share-panels";
import { siteRangePresets, type SiteWindow } from "@shared/site-range";
import type { Db } from "../db/client";
import { siteVitals } from "../analytics/vitals-read";
import { siteTraffic } from "../websites/traffic";
import type { OpenLink } from "./links";

/** What a panel's loader is given: the link's site and the range asked for. */
export type PanelContext = {
  db: Db;
  link: OpenLink;
  window: SiteWindow & { range: string };
  now: Date;
  /** The site page's visit figures for the range, read once however many panels use them. */
  traffic: () => ReturnType<typeof siteTraffic>;
};

type Loader<P extends SharePanel> = (context: PanelContext) => Promise<SharedPanels[P]>;

/**
 * One loader per panel: what it shows, and nothing else. The site page's visit figures
 * (siteTraffic, which its uptime, bandwidth and the rest are read beside) are the source, so a
 * shared view says what the owner's page says for the same range.
 */
export const panelLoaders: { [P in SharePanel]: Loader<P> } = {
  visitors: async (context) => {
    const { visitors, pageViews, days } = await context.traffic();
    return { visitors, pageViews, days };
  },
  pages: async (context) => ({ topPages: (await context.traffic()).topPages }),
  sources: async (context) => ({ topReferrers: (await context.traffic()).topReferrers }),
  devices: async (context) => ({ devices: (await context.traffic()).devices }),
  campaigns: async (context) => {
    const { sources, campaigns, goals, countries } = await context.traffic();
    return { sources, campaigns, goals, countries };
  },
  // Speed has 7, 30 and 90-day windows: a calendar month is shown as the last 30 days.
  speed: async ({ db, link, window, now }) => {
    const range = window.range in siteRangePresets ? (window.range as "7d" | "30d" | "90d") : "30d";
    const vitals = await siteVitals(db, link.websiteId, { companyId: link.companyId, range, now });
    if (!vitals) throw new Error(`the shared website ${link.websiteId} has gone`);
    const { websiteId: _id, domain: _domain, ...shown } = vitals;
    return shown;
  },
};

/** The shared view of a link for a range: its domain and its panels' data, only those. */
export async function sharedView(
  db: Db,
  link: OpenLink,
  window: SiteWindow & { range: string },
  now = new Date(),
): Promise<SharedView> {
  let traffic: ReturnType<typeof siteTraffic> | undefined;
  const context: PanelContext = {
    db,
    link,
    window,
    now,
    traffic: () => (traffic ??= siteTraffic(db, link.websiteId, window)),
  };
  const loaded = await Promise.all(
    link.panels.map(async (panel) => [panel, await panelLoaders[panel](context)] as const),
  );
  return {
    domain: link.domain,
    range: window.range,
    from: window.from,
    to: window.to,
    shown: link.panels,
    panels: Object.fromEntries(loaded),
  };
}
