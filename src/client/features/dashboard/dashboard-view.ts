import { useLocation, useSearch } from "wouter";
import { dashboardPath, parseDashboardView, type DashboardView } from "@shared/deep-links";

/**
 * The view lives in the address, so a link (the contact page's Open Ticket, a reply email, a
 * proposal or invoice email, Stripe's way back) can open a tab, the New Ticket form, a ticket or
 * a proposal, and Back returns to where the client was.
 */
export function useDashboardView(): [
  DashboardView,
  (view: Partial<DashboardView>, options?: { replace?: boolean }) => void,
] {
  const search = useSearch();
  const [, navigate] = useLocation();
  const go = (view: Partial<DashboardView>, options?: { replace?: boolean }) =>
    navigate(dashboardPath(view), options);
  return [parseDashboardView(search), go];
}
