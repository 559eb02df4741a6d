import { useEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from "react";
import { Link, useLocation } from "wouter";
import { Menu, X } from "lucide-react";
import { brand, navItems } from "@content/site";
import { Logo } from "@/components/logo";
import { AuthButtons } from "./auth-buttons";
import { cn } from "@/lib/utils";

function isCurrentPath(location: string, href: string): boolean {
  if (href === "/") return location === "/";
  return location === href || location.startsWith(`${href}/`);
}

/** The footer's list of the site's pages: the menu's toggle leads there without JavaScript. */
export const siteLinksId = "site-links";

/** The mobile menu (one header per page, so a fixed id: the prerender and the island agree). */
const menuId = "site-menu";

export function Header() {
  const [location] = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuLocation, setMenuLocation] = useState(location);
  const toggleRef = useRef<HTMLAnchorElement>(null);

  // Any navigation (a link, the back button) closes the mobile menu.
  if (menuLocation !== location) {
    setMenuLocation(location);
    setMenuOpen(false);
  }

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setMenuOpen(false);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [menuOpen]);

  const closeMenu = () => setMenuOpen(false);
  const toggleMenu = (event: { preventDefault: () => void }) => {
    event.preventDefault();
    setMenuOpen((open) => !open);
  };
  // A link acting as a button answers Space as a button does (Enter is the link's own click).
  const onToggleKey = (event: ReactKeyboardEvent) => {
    if (event.key === " ") toggleMenu(event);
  };

  return (
    <header className="theme-dark sticky top-0 z-50 border-b border-white/10 bg-ink-950 shadow-[0_10px_30px_-20px_rgb(0_0_0/0.8)]">
      <div className="container-page flex h-(--header-height) items-center justify-between gap-6">
        <Link
          href="/"
          className="-m-1 rounded-lg p-1 text-ink-50"
          aria-label={`${brand.name} home`}
          onClick={closeMenu}
        >
          <Logo name={brand.name} />
        </Link>

        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {navItems.map((item) => {
              const current = isCurrentPath(location, item.href);
              return (
                <li key={item.href}>
                  <Link
                    href={item.href}
                    aria-current={current ? "page" : undefined}
                    className={cn(
                      "relative inline-flex h-11 items-center rounded-full px-4 text-sm font-medium transition-colors",
                      current
                        ? "text-gold-400 after:absolute after:inset-x-4 after:bottom-1.5 after:h-0.5 after:rounded-full after:bg-gold-500"
                        : "text-ink-300 hover:bg-white/5 hover:text-ink-50",
                    )}
                  >
                    {item.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>

        <AuthButtons className="hidden items-center gap-2 lg:flex" />

        {/* A link to the footer's list of the site's pages, so the menu is reachable with
            JavaScript off; the header's island turns it into the menu's toggle. */}
        <a
          ref={toggleRef}
          href={`#${siteLinksId}`}
          role="button"
          className="-mr-2 inline-flex size-11 cursor-pointer items-center justify-center rounded-full text-ink-50 transition-colors hover:bg-white/10 lg:hidden"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          aria-label={menuOpen ? "Close menu" : "Open menu"}
          onClick={toggleMenu}
          onKeyDown={onToggleKey}
        >
          {menuOpen ? (
            <X className="size-6" aria-hidden="true" />
          ) : (
            <Menu className="size-6" aria-hidden="true" />
          )}
        </a>
      </div>

      <div
        id={menuId}
        hidden={!menuOpen}
        className="max-h-[calc(100dvh-var(--header-height))] overflow-y-auto border-t border-white/10 lg:hidden"
      >
        <nav aria-label="Main" className="container-page py-4">
          <ul className="flex flex-col gap-1">
            {navItems.map((item) => {
              const current = isCurrentPath(location, item.href);
              return (
                <li key={item.href}>
                  <Link
                    href={item.href}
                    aria-current={current ? "page" : undefined}
                    onClick={closeMenu}
                    className={cn(
                      "flex min-h-12 items-center justify-between rounded-xl px-4 text-base font-medium transition-colors",
                      current
                        ? "bg-gold-500/10 text-gold-400"
                        : "text-ink-100 hover:bg-white/5 hover:text-white",
                    )}
                  >
                    {item.label}
                    {current && (
                      <span className="size-1.5 rounded-full bg-gold-500" aria-hidden="true" />
                    )}
                  </Link>
                </li>
              );
            })}
          </ul>
          <AuthButtons
            onNavigate={closeMenu}
            className="mt-4 grid auto-cols-fr grid-flow-col items-center gap-2 border-t border-white/10 pt-4 [&>*]:w-full"
          />
        </nav>
      </div>
    </header>
  );
}
