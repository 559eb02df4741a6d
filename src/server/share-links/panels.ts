import type { SharedPanels, SharedView } from "@shared/schemas/share-links";
import type { SharePanel } from "@shared/share-panels";
import { siteRangePresets, type SiteWindow } from "@shared/site-range";
import type { Db } from "../db/client";
import { siteVitals } from "../analytics/vitals-read";
import { siteHealth } from "../websites/health";
import type { OpenLink } from "./links";

/** What a panel's loader is given: the link's site and the range asked for. */
export type PanelContext = {
  db: Db;
  link: OpenLink;
  window: SiteWindow & { range: string };
  now: Date;
  /** The site page's own figures for the range, read once however many panels use them. */
  health: () => ReturnType<typeof siteHealth>;
};

type Loader<P extends SharePanel> = (context: PanelContext) => Promise<SharedPanels[P]>;

/** The site page's figures, which the panels below take their parts of. */
async function figures(context: PanelContext) {
  const health = await context.health();
  if (!health) throw new Error(`the shared website ${context.link.websiteId} has gone`);
  return health;
}

/**
 * One loader per panel: what it shows, and nothing else. The site page's figures are the
 * source, so a shared view says what the owner's page says for the same range.
 */
export const panelLoaders: { [P in SharePanel]: Loader<P> } = {
  visitors: async (context) => {
    const { visitors, pageViews, days } = await figures(context);
    return {
      visitors,
      pageViews,
      days: days.map(({ day, visitors, pageViews }) => ({ day, visitors, pageViews })),
    };
  },
  pages: async (context) => ({ topPages: (await figures(context)).topPages }),
  sources: async (context) => ({ topReferrers: (await figures(context)).topReferrers }),
  devices: async (context) => ({ devices: (await figures(context)).devices }),
  campaigns: async (context) => {
    const { sources, campaigns, goals, countries } = await figures(context);
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
  checkIntervalSeconds: number,
  now = new Date(),
): Promise<SharedView> {
  let health: ReturnType<typeof siteHealth> | undefined;
  const context: PanelContext = {
    db,
    link,
    window,
    now,
    health: () =>
      (health ??= siteHealth(
        db,
        link.companyId,
        link.websiteId,
        { ...window, checkIntervalSeconds },
        now,
      )),
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
