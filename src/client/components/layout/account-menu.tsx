import { useState } from "react";
import { Link, useLocation } from "wouter";
import { ChevronDown, Globe, KeyRound, LogOut, UserRound, Webhook } from "lucide-react";
import type { AuthUser } from "@shared/schemas/auth";
import { clientLinks, signInLinks, staffLinks } from "@shared/deep-links";
import { personName } from "@shared/format";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";

const itemClass =
  "flex min-h-11 w-full items-center gap-3 rounded-lg px-3 text-sm font-medium text-foreground transition-colors hover:bg-muted focus-visible:bg-muted";

function Initials({ user }: { user: AuthUser }) {
  const letters =
    [user.firstName, user.lastName]
      .map((part) => part?.trim().charAt(0) ?? "")
      .join("")
      .toUpperCase() || user.email.charAt(0).toUpperCase();
  return (
    <span
      aria-hidden="true"
      className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-gold-500 text-xs font-bold tracking-wide text-ink-950"
    >
      {letters}
    </span>
  );
}

/**
 * Who is signed in, as a button: it opens the way to the account page, to the API tokens and
 * webhooks for staff (settings of the agency's integrations, not a section of daily work), and to signing out.
 * Links start with ~ because the back office is a nested route (see wouter's nesting).
 */
export function AccountMenu({ user }: { user: AuthUser }) {
  const [location] = useLocation();
  const [open, setOpen] = useState(false);
  const [openedAt, setOpenedAt] = useState(location);
  if (openedAt !== location) {
    setOpenedAt(location);
    setOpen(false);
  }
  const name = personName(user);

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger className="inline-flex h-10 shrink-0 cursor-pointer items-center gap-1.5 rounded-full p-1 lg:pr-2 text-sm font-medium text-ink-100 transition-colors hover:bg-white/10 data-[state=open]:bg-white/10 2xl:pr-3">
        <Initials user={user} />
        <span className="sr-only">Account menu: </span>
        <span className="sr-only max-w-40 truncate 2xl:not-sr-only">{name}</span>
        <ChevronDown className="hidden size-4 text-ink-400 lg:block" aria-hidden="true" />
      </PopoverTrigger>
      <PopoverContent aria-label="Account" className="w-64 p-1.5">
        <div className="border-b border-border px-3 pt-2 pb-3">
          <p className="truncate text-sm font-semibold text-foreground">{name}</p>
          <p className="truncate text-xs text-muted-foreground">{user.email}</p>
        </div>
        <ul className="pt-1.5">
          <li>
            <Link
              href={`~${clientLinks.account()}`}
              className={itemClass}
              onClick={() => setOpen(false)}
            >
              <UserRound className="size-4 text-muted-foreground" aria-hidden="true" />
              Your account
            </Link>
          </li>
          {user.isAdmin && !user.mustEnrol && (
            <li>
              <Link
                href={`~${staffLinks.apiTokens()}`}
                className={itemClass}
                onClick={() => setOpen(false)}
              >
                <KeyRound className="size-4 text-muted-foreground" aria-hidden="true" />
                API tokens
              </Link>
            </li>
          )}
          {user.isAdmin && !user.mustEnrol && (
            <li>
              <Link
                href={`~${staffLinks.webhooks()}`}
                className={itemClass}
                onClick={() => setOpen(false)}
              >
                <Webhook className="size-4 text-muted-foreground" aria-hidden="true" />
                Webhooks
              </Link>
            </li>
          )}
          <li>
            <Link href="~/" className={itemClass}>
              <Globe className="size-4 text-muted-foreground" aria-hidden="true" />
              View the website
            </Link>
          </li>
          <li>
            <a href={signInLinks.signOut()} className={itemClass}>
              <LogOut className="size-4 text-muted-foreground" aria-hidden="true" />
              Log out
            </a>
          </li>
        </ul>
      </PopoverContent>
    </Popover>
  );
}
