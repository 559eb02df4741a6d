import { useAuth } from "@/lib/auth";
import { withQueryClient } from "@/lib/query-client";
import { SignedInButtons, SignedOutButtons, type AuthButtonsProps } from "./auth-button-sets";

/** The buttons for whoever the server says is signed in (the marker cookie may be stale). */
export const SessionAuthButtons = withQueryClient(function SessionAuthButtons(
  props: AuthButtonsProps,
) {
  const { isLoading, user } = useAuth();
  if (isLoading) return null;
  return user ? (
    <SignedInButtons {...props} isStaff={user.isAdmin} />
  ) : (
    <SignedOutButtons {...props} />
  );
});
