/**
 * The site's page routes, shared by the client router and the server, which answers
 * 200 for these paths and 404 (with the not-found page) for every other one.
 */
export const publicRoutes = [
  "/",
  "/about",
  "/services",
  "/pricing",
  "/contact",
  "/apply",
  "/book",
] as const;

/**
 * Public pages that hold only text, links and native disclosures: nothing on them needs
 * JavaScript. The page a visitor lands on keeps its prerendered HTML, unhydrated (see
 * src/client/app.tsx), so its code is not downloaded for that visit.
 */
export const staticContentRoutes: readonly PublicRoute[] = ["/", "/about", "/services", "/pricing"];

/**
 * Public pages built around a form. Prerendered too; the page is one island whose code is
 * fetched when the visitor is about to use it (src/client/islands.tsx).
 */
export const formRoutes: readonly PublicRoute[] = ["/contact", "/apply", "/book"];

/** Pages of the portal and its sign-in; served as the app shell, never prerendered. */
export const portalRoutes = [
  "/dashboard",
  "/account",
  "/login",
  "/login/verify",
  "/logout",
] as const;

/** The back office: /admin and every page under it (the client router resolves the rest). */
export const adminPrefix = "/admin";

/** A website's page in the portal: /dashboard/sites/<id> (served as the app shell). */
export const sitePagePath = (websiteId: string) => `/dashboard/sites/${websiteId}`;
const sitePagePattern = /^\/dashboard\/sites\/[0-9a-f-]{36}$/i;

/**
 * A share link's read-only view: /share/<token>. Served as its own shell, and only while the link
 * opens: an unknown, revoked or expired one answers 404 (server/plugins/pages.ts).
 */
export const sharePagePrefix = "/share/";
const sharePagePattern = /^\/share\/([A-Za-z0-9_-]{1,100})$/;

/** The token of a share link's page path, or undefined when the path is not one. */
export function shareTokenOf(url: string): string | undefined {
  return sharePagePattern.exec(normalizePath(url))?.[1];
}

export type PublicRoute = (typeof publicRoutes)[number];
export type PortalRoute = (typeof portalRoutes)[number];

export const appRoutes: readonly string[] = [...publicRoutes, ...portalRoutes];

/** Normalises a request path (no query, no trailing slash) before matching a route. */
export function normalizePath(url: string): string {
  const path = url.split(/[?#]/, 1)[0] ?? "/";
  return path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
}

export function isAdminRoute(url: string): boolean {
  const path = normalizePath(url);
  return path === adminPrefix || path.startsWith(`${adminPrefix}/`);
}

export function isAppRoute(url: string): boolean {
  const path = normalizePath(url);
  return appRoutes.includes(path) || sitePagePattern.test(path) || isAdminRoute(url);
}
