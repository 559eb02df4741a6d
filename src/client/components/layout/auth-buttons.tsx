import { lazy, Suspense } from "react";
import { useMaybeSignedIn } from "@/lib/signed-in-marker";
import { SignedOutButtons, type AuthButtonsProps } from "./auth-button-sets";

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
