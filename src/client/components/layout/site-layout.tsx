import { useEffect, type ReactNode } from "react";
import { useLocation } from "wouter";
import { Footer } from "./footer";
import { Header } from "./header";

/** Skip link, sticky header, the page in <main id="main">, footer. */
export function SiteLayout({ children }: { children: ReactNode }) {
  const [location] = useLocation();

  // A new page starts at the top (unless the address points at a section).
  useEffect(() => {
    if (!window.location.hash) window.scrollTo(0, 0);
  }, [location]);

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-[60] rounded-full bg-gold-500 px-5 py-3 text-sm font-semibold text-ink-950 shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:px-5 focus:py-3"
      >
        Skip to main content
      </a>
      <Header />
      <main id="main" tabIndex={-1} className="flex-1">
        {children}
      </main>
      <Footer />
    </div>
  );
}
