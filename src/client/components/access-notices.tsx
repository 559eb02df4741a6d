import type { ReactNode } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { LayoutDashboard, LockKeyhole, LogIn, ShieldAlert } from "lucide-react";
import { clientLinks, signInLinks } from "@shared/deep-links";
import { adminPrefix } from "@shared/routes";
import { Button } from "@/components/ui/button";

/** /api/login, coming back to this admin page afterwards ("/admin" from the inbox). */
function useLoginHref(): string {
  const [location] = useLocation();
  const search = useSearch();
  const here = `${adminPrefix}${location === "/" ? "" : location}${search ? `?${search}` : ""}`;
  return signInLinks.start(here);
}

interface NoticeProps {
  /** Inside a view that has its own H1: a smaller block with an H2. */
  inline?: boolean;
}

function Notice({
  icon,
  title,
  children,
  action,
  inline = false,
}: NoticeProps & {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  action: ReactNode;
}) {
  const Heading = inline ? "h2" : "h1";
  return (
    <div
      className={
        inline
          ? "flex justify-center py-6"
          : "container-page flex min-h-[60vh] items-center justify-center py-16"
      }
    >
      <div className="w-full max-w-lg rounded-3xl border border-border bg-card p-8 text-center shadow-[0_12px_32px_-20px_rgb(0_0_0/0.25)] sm:p-10">
        <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-ink-950 text-gold-400">
          {icon}
        </span>
        <Heading className="mt-6 text-2xl font-semibold tracking-tight text-foreground sm:text-3xl">
          {title}
        </Heading>
        <div className="mt-3 text-muted-foreground">{children}</div>
        <div className="mt-8 flex justify-center">{action}</div>
      </div>
    </div>
  );
}

/** What a signed-out visitor sees at /admin (and when a session ends mid-way). */
export function SignedOutNotice({ inline }: NoticeProps) {
  const loginHref = useLoginHref();
  return (
    <Notice
      inline={inline}
      icon={<LockKeyhole className="size-6" aria-hidden="true" />}
      title="Please log in to continue"
      action={
        <Button asChild size="lg">
          <a href={loginHref}>
            <LogIn aria-hidden="true" />
            Log In
          </a>
        </Button>
      }
    >
      <p>
        You are signed out. The back office is for Harborline staff: log in with your staff account.
      </p>
    </Notice>
  );
}

/** What a signed-in client (or anyone who is not staff) sees at /admin. */
export function StaffOnlyNotice({ inline }: NoticeProps) {
  return (
    <Notice
      inline={inline}
      icon={<ShieldAlert className="size-6" aria-hidden="true" />}
      title="This area is for agency staff only."
      action={
        <Button asChild size="lg" variant="secondary">
          <Link href={`~${clientLinks.dashboard()}`}>
            <LayoutDashboard aria-hidden="true" />
            Go to your dashboard
          </Link>
        </Button>
      }
    >
      <p>
        Your account does not have access to the back office. Your websites, domains, billing and
        support tickets are on your dashboard.
      </p>
    </Notice>
  );
}
