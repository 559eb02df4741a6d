import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { ClientDetail } from "@shared/schemas/clients";
import type { SiteHealth } from "@shared/schemas/site-health";
import type { Website, WebsiteInput } from "@shared/schemas/websites";
import { sendJson } from "@/lib/api";

/** The client's websites (the portal's default query function: the key is the URL). */
export const useWebsites = () => useQuery<Website[]>({ queryKey: ["/api/websites"] });

/** Staff writes; each answers with the client's whole page (see useClientWrite). */
export const websiteWrites = {
  add: (clientId: string) => (input: WebsiteInput) =>
    sendJson<ClientDetail>("POST", `/api/admin/clients/${clientId}/websites`, input),
  update: (websiteId: string) => (input: WebsiteInput) =>
    sendJson<ClientDetail>("PUT", `/api/admin/websites/${websiteId}`, input),
  remove: (websiteId: string) => sendJson<null>("DELETE", `/api/admin/websites/${websiteId}`),
};

/**
 * A website's range of days (7d, 30d, 90d or YYYY-MM), measured, for its page (404 when it is not
 * the client's). The last range stays on screen while the next one loads.
 */
export const useSiteHealth = (websiteId: string, range: string) =>
  useQuery<SiteHealth>({
    queryKey: [`/api/websites/${websiteId}/health?range=${encodeURIComponent(range)}`],
    placeholderData: keepPreviousData,
  });
