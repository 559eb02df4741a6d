import type { ReactNode } from "react";
import { Link, useLocation } from "wouter";
import {
  Activity,
  Inbox,
  Receipt,
  KanbanSquare,
  LifeBuoy,
  Mail,
  ScrollText,
  Users,
  type LucideIcon,
} from "lucide-react";
import type { AuthUser } from "@shared/schemas/auth";
import { personName } from "@/components/format";
import { cn } from "@/lib/utils";

interface AdminNavItem {
  label: string;
  href: string;
  icon: LucideIcon;
  /** Paths (inside /admin) that belong to this section. */
  matches: (path: string) => boolean;
}

const items: AdminNavItem[] = [
  {
    label: "Leads",
    href: "/",
    icon: Inbox,
    matches: (path) => path === "/" || path.startsWith("/leads"),
  },
  {
    label: "Pipeline",
    href: "/pipeline",
    icon: KanbanSquare,
    matches: (p) => p.startsWith("/pipeline"),
  },
  { label: "Clients", href: "/clients", icon: Users, matches: (p) => p.startsWith("/clients") },
  {
    label: "Invoices",
    href: "/invoices",
    icon: Receipt,
    matches: (p) => p.startsWith("/invoices"),
  },
  {
    label: "Monitoring",
    href: "/monitoring",
    icon: Activity,
    matches: (p) => p.startsWith("/monitoring"),
  },
  { label: "Tickets", href: "/tickets", icon: LifeBuoy, matches: (p) => p.startsWith("/tickets") },
  { label: "Emails", href: "/emails", icon: Mail, matches: (p) => p.startsWith("/emails") },
  { label: "Audit", href: "/audit", icon: ScrollText, matches: (p) => p.startsWith("/audit") },
];

/** The back office's own bar under the site header: where staff are, its sections, the bell. */
export function AdminNav({ user, bell }: { user: AuthUser; bell?: ReactNode }) {
  const [location] = useLocation();
  const name = personName(user);

  return (
    <div className="theme-dark border-b border-white/10 bg-ink-900">
      <div className="container-page flex flex-col gap-3 py-3 lg:flex-row lg:items-center lg:gap-8 lg:py-2">
        <div className="flex items-center justify-between gap-4">
          <p className="flex items-center gap-2 font-display text-lg font-semibold whitespace-nowrap text-ink-50">
            <span className="size-2 rounded-full bg-gold-500" aria-hidden="true" />
            Back office
          </p>
          <div className="flex min-w-0 items-center gap-3 lg:hidden">
            <p className="truncate text-xs text-ink-400">
              Signed in as{" "}
              <a href="/account" className="text-ink-100 underline underline-offset-4">
                {name}
              </a>
            </p>
            {bell}
          </div>
        </div>

        <nav aria-label="Back office" className="lg:flex-1">
          <ul className="grid grid-cols-4 gap-1 md:grid-cols-8 lg:flex lg:gap-1">
            {items.map((item) => {
              const current = item.matches(location);
              const Icon = item.icon;
              return (
                <li key={item.href}>
                  <Link
                    href={item.href}
                    aria-current={current ? "page" : undefined}
                    className={cn(
                      "flex min-h-11 flex-col items-center justify-center gap-0.5 rounded-xl px-2 text-xs font-medium transition-colors sm:text-sm lg:flex-row lg:gap-2 lg:px-4",
                      current
                        ? "bg-white/10 text-gold-400"
                        : "text-ink-300 hover:bg-white/5 hover:text-ink-50",
                    )}
                  >
                    <Icon className="size-4 shrink-0" aria-hidden="true" />
                    {item.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>

        {/* Beside the eight sections there is room for the bell only: the site header links the account. */}
        <div className="hidden lg:block">{bell}</div>
      </div>
    </div>
  );
}
