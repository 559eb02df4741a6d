import { useEffect } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { signInLinks } from "@shared/deep-links";
import { toast } from "@/components/ui/use-toast";
import { ApiError } from "@/lib/api";
import { authUserQueryKey } from "@/lib/auth";

/** How long the "Unauthorized" toast shows before the browser is sent to sign in. */
const LOGIN_REDIRECT_DELAY_MS = 500;

/**
 * Signed out on a page that needs a user: toast "Unauthorized", then after 500 ms go to
 * /api/login, which brings the visitor back to this same address afterwards.
 */
export function useRedirectWhenSignedOut(signedOut: boolean) {
  useEffect(() => {
    if (!signedOut) return;
    toast({
      title: "Unauthorized",
      description: "You are logged out. Logging in again...",
      variant: "destructive",
    });
    // The toaster's code loads when it is first needed: count the delay from when the toast can
    // show. A failed load still redirects.
    let cancelled = false;
    let timer: number | undefined;
    void import("@/components/ui/toaster")
      .catch(() => undefined)
      .then(() => {
        if (cancelled) return;
        timer = window.setTimeout(() => {
          window.location.href = signInLinks.start(
            window.location.pathname + window.location.search,
          );
        }, LOGIN_REDIRECT_DELAY_MS);
      });
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [signedOut]);
}

/**
 * A session that ends while the dashboard is open (expired, or signed out in another tab) makes
 * the API answer 401: treat that as signed out, so the redirect above takes over.
 */
export function useSignOutOn401() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const signOut = (error: unknown) => {
      if (error instanceof ApiError && error.status === 401)
        queryClient.setQueryData(authUserQueryKey, null);
    };
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === "updated" && event.action.type === "error") signOut(event.action.error);
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === "updated" && event.action.type === "error") signOut(event.action.error);
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [queryClient]);
}
