import { useRef, useState } from "react";
import { Link, useLocation } from "wouter";
import {
  Activity,
  Inbox,
  KanbanSquare,
  LifeBuoy,
  Mail,
  Menu,
  Receipt,
  ScrollText,
  Users,
  X,
  type LucideIcon,
} from "lucide-react";
import { backOfficeLists, backOfficePaths } from "@shared/deep-links";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { cn } from "@/lib/utils";

interface Section {
  label: string;
  /** Inside /admin: the back office is a nested route. */
  href: string;
  icon: LucideIcon;
  /** Paths (inside /admin) that belong to this section. */
  matches: (path: string) => boolean;
}

const under = (prefix: string) => (path: string) =>
  path === prefix || path.startsWith(`${prefix}/`);

export const backOfficeSections: Section[] = [
  {
    label: "Leads",
    href: backOfficeLists.leads.path(),
    icon: Inbox,
    // A proposal is written from a lead, so it belongs to the leads.
    matches: (path) => path === "/" || under("/leads")(path) || under("/proposals")(path),
  },
  {
    label: "Pipeline",
    href: backOfficePaths.pipeline(),
    icon: KanbanSquare,
    matches: under("/pipeline"),
  },
  {
    label: "Clients",
    href: backOfficeLists.clients.path(),
    icon: Users,
    matches: under("/clients"),
  },
  {
    label: "Invoices",
    href: backOfficeLists.invoices.path(),
    icon: Receipt,
    matches: under("/invoices"),
  },
  {
    label: "Tickets",
    href: backOfficeLists.tickets.path(),
    icon: LifeBuoy,
    matches: under("/tickets"),
  },
  {
    label: "Monitoring",
    href: backOfficePaths.monitoring(),
    icon: Activity,
    matches: under("/monitoring"),
  },
  { label: "Emails", href: backOfficePaths.emails(), icon: Mail, matches: under("/emails") },
  {
    label: "Audit",
    href: backOfficeLists.audit.path(),
    icon: ScrollText,
    matches: under("/audit"),
  },
];

/** The section a back-office path belongs to, if any. */
export function currentSection(location: string): Section | undefined {
  return backOfficeSections.find((section) => section.matches(location));
}

/** The sections in a row, from 1024 px; icons beside the labels where there is room. */
export function SectionNav() {
  const [location] = useLocation();
  return (
    <nav aria-label="Back office" className="hidden min-w-0 lg:block">
      <ul className="flex items-center gap-0.5">
        {backOfficeSections.map(({ label, href, icon: Icon, matches }) => {
          const current = matches(location);
          return (
            <li key={href}>
              <Link
                href={href}
                aria-current={current ? "page" : undefined}
                className={cn(
                  "relative inline-flex h-9 items-center gap-2 rounded-lg px-2.5 text-sm font-medium whitespace-nowrap transition-colors xl:px-3",
                  current
                    ? "bg-white/10 text-ink-50 after:absolute after:inset-x-2.5 after:-bottom-[11px] after:h-0.5 after:rounded-full after:bg-gold-500 xl:after:inset-x-3"
                    : "text-ink-300 hover:bg-white/5 hover:text-ink-50",
                )}
              >
                <Icon
                  className={cn("hidden size-4 shrink-0 xl:block", current && "text-gold-400")}
                  aria-hidden="true"
                />
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/**
 * Below 1024 px the sections fold into a menu button. A Radix popover: it opens with Enter or
 * Space, takes focus, keeps Tab inside, and Escape closes it with focus back on the button.
 */
export function SectionMenu() {
  const [location] = useLocation();
  const [open, setOpen] = useState(false);
  const listRef = useRef<HTMLUListElement>(null);
  const [openedAt, setOpenedAt] = useState(location);
  // Any navigation (a link, the back button) closes the menu.
  if (openedAt !== location) {
    setOpenedAt(location);
    setOpen(false);
  }

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger
        aria-label={open ? "Close menu" : "Open menu"}
        className="-ml-1.5 inline-flex size-10 shrink-0 cursor-pointer items-center justify-center rounded-lg text-ink-50 transition-colors hover:bg-white/10 data-[state=open]:bg-white/10 lg:hidden"
      >
        {open ? (
          <X className="size-5" aria-hidden="true" />
        ) : (
          <Menu className="size-5" aria-hidden="true" />
        )}
      </PopoverTrigger>
      <PopoverContent
        align="start"
        sideOffset={10}
        aria-label="Back-office sections"
        className="w-[min(22rem,calc(100vw-1.5rem))] p-2"
        // Radix would focus the panel itself (it skips links): the first section is more useful.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          listRef.current?.querySelector("a")?.focus();
        }}
      >
        <nav aria-label="Back office">
          <ul ref={listRef} className="grid grid-cols-2 gap-1">
            {backOfficeSections.map(({ label, href, icon: Icon, matches }) => {
              const current = matches(location);
              return (
                <li key={href}>
                  <Link
                    href={href}
                    aria-current={current ? "page" : undefined}
                    onClick={() => setOpen(false)}
                    className={cn(
                      "flex min-h-12 items-center gap-3 rounded-xl px-3 text-sm font-medium transition-colors",
                      current
                        ? "bg-ink-950 text-ink-50"
                        : "text-foreground hover:bg-muted focus-visible:bg-muted",
                    )}
                  >
                    <Icon
                      className={cn(
                        "size-4 shrink-0",
                        current ? "text-gold-400" : "text-muted-foreground",
                      )}
                      aria-hidden="true"
                    />
                    {label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      </PopoverContent>
    </Popover>
  );
}
