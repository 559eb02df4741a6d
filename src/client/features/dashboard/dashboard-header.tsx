import type { ReactNode } from "react";
import { Link } from "wouter";
import { Plus, UserRound } from "lucide-react";
import { HeroBackdrop } from "@/components/page-hero";
import { Button } from "@/components/ui/button";
import { clientLinks } from "@shared/deep-links";
import type { AuthUser } from "@shared/schemas/auth";

/** "Welcome" name: first name, else the part of the email before @, else "User". */
function displayName(user: AuthUser): string {
  return user.firstName || user.email.split("@")[0] || "User";
}

/** The profile picture, else the first letter of the first name or of the email. */
function Avatar({ user }: { user: AuthUser }) {
  if (user.profileImageUrl) {
    return (
      <img
        src={user.profileImageUrl}
        alt=""
        referrerPolicy="no-referrer"
        className="size-14 shrink-0 rounded-full object-cover ring-2 ring-gold-500 ring-offset-2 ring-offset-ink-950 sm:size-16"
      />
    );
  }
  const initial = (user.firstName || user.email || "U").charAt(0).toUpperCase();
  return (
    <span
      aria-hidden="true"
      className="inline-flex size-14 shrink-0 items-center justify-center rounded-full bg-gold-500 font-display text-2xl font-semibold text-ink-950 ring-2 ring-gold-500/40 ring-offset-2 ring-offset-ink-950 sm:size-16"
    >
      {initial}
    </span>
  );
}

/** The dark band at the top of the dashboard: who is signed in, the bell, and Add Website. */
export function DashboardHeader({ user, bell }: { user: AuthUser; bell?: ReactNode }) {
  return (
    <section className="theme-dark relative isolate overflow-hidden">
      <HeroBackdrop />
      <div className="container-page relative flex flex-col gap-6 pt-10 pb-24 sm:flex-row sm:items-center sm:justify-between sm:pt-12 sm:pb-28">
        <div className="flex min-w-0 items-center gap-4 sm:gap-5">
          <Avatar user={user} />
          <div className="min-w-0">
            <h1 className="text-3xl font-semibold tracking-tight break-words text-ink-50 sm:text-4xl">
              Welcome, <span className="text-gold-foil">{displayName(user)}</span>
            </h1>
            <p className="mt-1 text-ink-300">Manage your websites, domains, and support tickets</p>
          </div>
        </div>
        <div className="flex flex-wrap gap-3 self-start sm:self-auto">
          {bell}
          <Button
            asChild
            variant="outline"
            className="border-white/25 bg-transparent text-ink-50 hover:bg-white/10"
          >
            <Link href={clientLinks.account()}>
              <UserRound aria-hidden="true" />
              Account
            </Link>
          </Button>
          <Button asChild>
            <Link href="/pricing">
              <Plus aria-hidden="true" />
              Add Website
            </Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
