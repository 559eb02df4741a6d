/*
 * The panels a share link may show, in the order the shared view draws them. Plain code: the
 * portal's share form and the shared view read the names and labels without fetching zod.
 *
 * Adding a panel: its name and label here, its data schema in schemas/share-links.ts, its
 * loader in server/share-links/panels.ts and its view in client/features/share-links/panels.tsx.
 * The types make each of those lists refuse to compile until the new panel is in it.
 */

export const sharePanels = [
  "visitors",
  "pages",
  "sources",
  "devices",
  "campaigns",
  "speed",
] as const;
export type SharePanel = (typeof sharePanels)[number];

/** What the owner picks from, and what a shared view's panel is called. */
export const sharePanelLabels: Record<SharePanel, string> = {
  visitors: "Visitors and page views",
  pages: "Top pages",
  sources: "Where visitors come from",
  devices: "Devices",
  campaigns: "Campaigns, goals and countries",
  speed: "Real-user speed (Core Web Vitals)",
};

export const isSharePanel = (value: string): value is SharePanel =>
  (sharePanels as readonly string[]).includes(value);
