import { QueryClient } from "@tanstack/react-query";
import { getQueryFn } from "./api";

/**
 * A client with the seed's data-fetching rules: reads use the query key as the URL, nothing is
 * retried, refetched on focus or polled, and cached data never goes stale.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: "throw" }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: {
        retry: false,
      },
    },
  });
}

/** The browser's one client. Server rendering creates its own per request with createQueryClient. */
export const queryClient = createQueryClient();
