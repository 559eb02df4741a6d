import { lazy, Suspense } from "react";
import { Link } from "wouter";
import { adminPrefix } from "@shared/routes";
import { Button } from "@/components/ui/button";
import { useMaybeSignedIn } from "@/lib/signed-in-marker";

export interface AuthButtonsProps {
  /** Called when a button leads to another page of the site (closes the mobile menu). */
  onNavigate?: () => void;
  /** The layout of the button pair (a row in the header, a grid in the mobile menu). */
  className: string;
}

export function SignedOutButtons({ onNavigate, className }: AuthButtonsProps) {
  return (
    <div className={className}>
      <Button asChild variant="ghost">
        <a href="/api/login">Log In</a>
      </Button>
      <Button asChild>
        <Link href="/pricing" onClick={onNavigate}>
          Get Started
        </Link>
      </Button>
    </div>
  );
}

/** Staff are led to the back office, clients to their dashboard; everyone to their account. */
export function SignedInButtons({
  onNavigate,
  className,
  isStaff,
}: AuthButtonsProps & { isStaff: boolean }) {
  return (
    <div className={className}>
      <Button asChild variant="ghost">
        <Link href={isStaff ? adminPrefix : "/dashboard"} onClick={onNavigate}>
          {isStaff ? "Back office" : "Dashboard"}
        </Link>
      </Button>
      <Button asChild variant="ghost">
        <Link href="/account" onClick={onNavigate}>
          Account
        </Link>
      </Button>
      <Button asChild variant="outline">
        <a href="/api/logout">Log Out</a>
      </Button>
    </div>
  );
}

// Asking the server who is signed in takes TanStack Query: fetched only when a session may exist.
const SessionAuthButtons = lazy(() =>
  import("./session-auth-buttons").then((m) => ({ default: m.SessionAuthButtons })),
);

/**
 * Log In / Get Started, or Dashboard (Back office for staff) / Log Out; nothing while it is not known yet (on the server,
 * and while the session is being checked).
 */
export function AuthButtons(props: AuthButtonsProps) {
  const maybeSignedIn = useMaybeSignedIn();
  if (maybeSignedIn === null) return null;
  if (!maybeSignedIn) return <SignedOutButtons {...props} />;
  return (
    <Suspense fallback={null}>
      <SessionAuthButtons {...props} />
    </Suspense>
  );
}
