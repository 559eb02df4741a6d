import { useQuery } from "@tanstack/react-query";
import type { AuthUser } from "@shared/schemas/auth";
import { getQueryFn } from "./api";
import { useMaybeSignedIn } from "./signed-in-marker";

export const authUserQueryKey = ["/api/auth/user"] as const;

interface AuthState {
  /** The current user, or null when signed out (or the user could not be loaded). */
  user: AuthUser | null;
  /** True until the first answer about who is signed in arrives. */
  isLoading: boolean;
  isAuthenticated: boolean;
  /**
   * Signed in by email link or OIDC, but the second factor is still to pass: only the verify
   * page is open (user is null meanwhile).
   */
  needsSecondFactor: boolean;
}

/** Who is signed in. A 401 answer means signed out; the request is never retried. */
export function useAuth(): AuthState {
  const maybeSignedIn = useMaybeSignedIn();
  const { data, isLoading } = useQuery<AuthUser | null>({
    queryKey: authUserQueryKey,
    queryFn: getQueryFn<AuthUser>({ on401: "returnNull" }),
    retry: false,
    enabled: maybeSignedIn === true,
  });
  const sessionUser = maybeSignedIn ? (data ?? null) : null;
  const needsSecondFactor = sessionUser?.secondFactor === "required";
  const user = needsSecondFactor ? null : sessionUser;
  return {
    user,
    isLoading: maybeSignedIn === null || (maybeSignedIn && isLoading),
    isAuthenticated: user !== null,
    needsSecondFactor,
  };
}
