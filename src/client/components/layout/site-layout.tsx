import { useEffect, type ReactNode } from "react";
import { useLocation } from "wouter";
import { formRoutes, isAdminRoute, shareTokenOf, type PublicRoute } from "@shared/routes";
import { Footer } from "./footer";
import { Header } from "./header";
import { SkipLink } from "./skip-link";
import { SlimFooter } from "./slim-footer";

/** The client portal: the brand header, and a slim footer instead of the marketing one. */
function isPortalPage(path: string): boolean {
  return path === "/dashboard" || path.startsWith("/dashboard/") || path === "/account";
}

/**
 * Skip link, sticky header, the page in <main id="main">, footer. The back office draws its own
 * frame (components/layout/back-office-shell, in its own code), so its code stays out of here;
 * so does a share link's view, which shows nothing of the site or the portal around it.
 */
export function SiteLayout({ children }: { children: ReactNode }) {
  const [location] = useLocation();

  // A new page starts at the top (unless the address points at a section).
  useEffect(() => {
    if (!window.location.hash) window.scrollTo(0, 0);
  }, [location]);

  if (isAdminRoute(location) || shareTokenOf(location) !== undefined) return <>{children}</>;
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      {/* On a public page the header is an island: src/client/islands.tsx hydrates this. */}
      <div data-island="header" className="contents">
        <Header />
      </div>
      {/* A form page is one island, hydrated when the visitor is about to use it (islands.tsx). */}
      <main
        id="main"
        tabIndex={-1}
        className="flex-1"
        data-island={formRoutes.includes(location as PublicRoute) ? "page" : undefined}
      >
        {children}
      </main>
      {isPortalPage(location) ? <SlimFooter /> : <Footer />}
    </div>
  );
}
