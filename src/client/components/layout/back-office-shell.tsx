import type { ReactNode } from "react";
import { Link } from "wouter";
import { brand } from "@content/site";
import { LogoMark } from "@/components/logo";
import { useAuth } from "@/lib/auth";
import { AccountMenu } from "./account-menu";
import { SectionMenu, SectionNav } from "./back-office-nav";
import { SkipLink } from "./skip-link";

/**
 * The back office's own frame, a work tool rather than the marketing site: one compact bar with
 * the brand (leading to the public home), the sections, the bell and the account menu, and no
 * marketing footer. The sections and the bell are for staff past their second factor; anyone
 * else sees the brand and, when signed in, the account menu, around the gate's notice.
 */
export function BackOfficeShell({ bell, children }: { bell: ReactNode; children: ReactNode }) {
  const { user } = useAuth();
  const staff = user?.isAdmin && !user.mustEnrol;

  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <SkipLink />
      <header className="theme-dark sticky top-0 z-50 border-b border-white/10 bg-ink-950">
        <div className="container-page flex h-14 items-center gap-3 lg:gap-5">
          {staff && <SectionMenu />}
          <Link
            href="~/"
            aria-label={`${brand.name} home`}
            className="-m-1 flex shrink-0 items-center gap-2 rounded-lg p-1 text-ink-50"
          >
            <LogoMark size="sm" />
            <span className="hidden font-display text-lg leading-none font-semibold tracking-tight sm:inline">
              {brand.name}
            </span>
          </Link>
          <span className="-ml-1 rounded-md border border-gold-500/30 bg-gold-500/10 px-1.5 py-0.5 text-[11px] font-semibold tracking-[0.12em] whitespace-nowrap text-gold-400 uppercase">
            Back office
          </span>
          {staff && <SectionNav />}
          <div className="ml-auto flex items-center gap-2">
            {staff && bell}
            {user && <AccountMenu user={user} />}
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
    </div>
  );
}
