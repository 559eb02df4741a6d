import type { PublicRoute } from "@shared/routes";

/**
 * Where the prerender step writes each page in the client build, and the placeholder it writes
 * for the site's own address; shared by the build script and the server that serves the files.
 */
export const PUBLIC_URL_PLACEHOLDER = "__HARBORLINE_PUBLIC_URL__";

export const pageFiles = {
  page: (route: PublicRoute | "not-found") =>
    route === "not-found"
      ? "404.html"
      : route === "/"
        ? "index.html"
        : `${route.slice(1)}/index.html`,
  /** The shell the portal pages start from (rendered in the browser). */
  shell: "app-shell.html",
  /** The same for the back office, with its own title until its script runs. */
  adminShell: "admin-shell.html",
  /** A share link's read-only view: no portal, noindex, no referrer. */
  shareShell: "share-shell.html",
};
