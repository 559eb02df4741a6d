import { useLocation, useSearch } from "wouter";
import type { BillingNotice } from "@shared/deep-links";

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
  /** ?invoice=<id>: that invoice is open on the Billing tab (invoice emails link there). */
  invoiceId: string | null;
  /** Back from Stripe: ?paid=1 after paying an invoice, ?card=saved after saving a card. */
  billingNotice: BillingNotice | null;
}

/** The dashboard's address for a view: /dashboard?tab=support&new=1, and so on. */
export function dashboardHref(view: Partial<DashboardView>): string {
  const params = new URLSearchParams();
  const tab =
    view.newTicket || view.ticketId
      ? "support"
      : view.proposalId
        ? "projects"
        : view.invoiceId || view.billingNotice
          ? "billing"
          : (view.tab ?? "websites");
  if (tab !== "websites") params.set("tab", tab);
  if (view.newTicket) params.set("new", "1");
  else if (view.ticketId) params.set("ticket", view.ticketId);
  else if (view.proposalId) params.set("proposal", view.proposalId);
  else if (view.invoiceId) params.set("invoice", view.invoiceId);
  if (tab === "billing" && view.billingNotice === "paid") params.set("paid", "1");
  if (tab === "billing" && view.billingNotice === "card-saved") params.set("card", "saved");
  const query = params.toString();
  return `/dashboard${query ? `?${query}` : ""}`;
}

/**
 * The view lives in the address, so a link (the contact page's Open Ticket, a reply email, a
 * proposal or invoice email, Stripe's way back) can open a tab, the New Ticket form, a ticket or a proposal, and Back returns
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
  const invoiceId = newTicket || ticketId || proposalId ? null : params.get("invoice") || null;
  const tabParam = params.get("tab");
  const tab: DashboardTab =
    newTicket || ticketId
      ? "support"
      : proposalId
        ? "projects"
        : invoiceId
          ? "billing"
          : isTab(tabParam)
            ? tabParam
            : "websites";
  const billingNotice: BillingNotice | null =
    tab !== "billing"
      ? null
      : params.get("paid") === "1"
        ? "paid"
        : params.get("card") === "saved"
          ? "card-saved"
          : null;
  return { tab, newTicket, ticketId, proposalId, invoiceId, billingNotice };
}
