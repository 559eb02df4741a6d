import { Link } from "wouter";
import { clientLinks, homePath, signInLinks } from "@shared/deep-links";
import { Button } from "@/components/ui/button";

/*
 * The header's two sets of buttons, signed out and signed in: shown at once by auth-buttons, or
 * by session-auth-buttons (loaded lazily) once the server says who is signed in.
 */

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
        <a href={signInLinks.start()}>Log In</a>
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
        <Link href={homePath({ isAdmin: isStaff })} onClick={onNavigate}>
          {isStaff ? "Back office" : "Dashboard"}
        </Link>
      </Button>
      <Button asChild variant="ghost">
        <Link href={clientLinks.account()} onClick={onNavigate}>
          Account
        </Link>
      </Button>
      <Button asChild variant="outline">
        <a href={signInLinks.signOut()}>Log Out</a>
      </Button>
    </div>
  );
}
