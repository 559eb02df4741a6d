import { useLocation, useSearch } from "wouter";

export const dashboardTabs = [
  "websites",
  "domains",
  "billing",
  "support",
  "projects",
  "team",
] as const;
export type DashboardTab = (typeof dashboardTabs)[number];

const isTab = (value: string | null): value is DashboardTab =>
  dashboardTabs.includes(value as DashboardTab);

interface DashboardView {
  tab: DashboardTab;
  /** ?new=1: the New Ticket form is open. */
  newTicket: boolean;
  /** ?ticket=<id>: that ticket's thread is open. */
  ticketId: string | null;
  /** ?proposal=<id>: that proposal is open on the Projects tab. */
  proposalId: string | null;
}

/** The dashboard's address for a view: /dashboard?tab=support&new=1, and so on. */
export function dashboardHref(view: Partial<DashboardView>): string {
  const params = new URLSearchParams();
  const tab =
    view.newTicket || view.ticketId
      ? "support"
      : view.proposalId
        ? "projects"
        : (view.tab ?? "websites");
  if (tab !== "websites") params.set("tab", tab);
  if (view.newTicket) params.set("new", "1");
  else if (view.ticketId) params.set("ticket", view.ticketId);
  else if (view.proposalId) params.set("proposal", view.proposalId);
  const query = params.toString();
  return `/dashboard${query ? `?${query}` : ""}`;
}

/**
 * The view lives in the address, so a link (the contact page's Open Ticket, a reply email, a
 * proposal email) can open a tab, the New Ticket form, a ticket or a proposal, and Back returns
 * to where the client was.
 */
export function useDashboardView(): [
  DashboardView,
  (view: Partial<DashboardView>, options?: { replace?: boolean }) => void,
] {
  const search = useSearch();
  const [, navigate] = useLocation();
  const go = (view: Partial<DashboardView>, options?: { replace?: boolean }) =>
    navigate(dashboardHref(view), options);
  return [parseDashboardView(search), go];
}

/** The view an address's query string asks for; what it cannot make sense of shows My Websites. */
export function parseDashboardView(search: string): DashboardView {
  const params = new URLSearchParams(search);
  const newTicket = params.get("new") === "1";
  const ticketId = newTicket ? null : params.get("ticket") || null;
  const proposalId = newTicket || ticketId ? null : params.get("proposal") || null;
  const tabParam = params.get("tab");
  const tab: DashboardTab =
    newTicket || ticketId
      ? "support"
      : proposalId
        ? "projects"
        : isTab(tabParam)
          ? tabParam
          : "websites";
  return { tab, newTicket, ticketId, proposalId };
}
