import { createElement, type ComponentType } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { getQueryFn } from "./api";

/**
 * The one client, shared by every page and part that fetches, with the seed's data-fetching
 * rules: reads use the query key as the URL, nothing is retried, refetched on focus or polled,
 * and cached data never goes stale.
 */
export const queryClient = new QueryClient({
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

/**
 * The component, given the shared client. Only the parts that fetch are wrapped, so the public
 * pages that do not (home, about, services, pricing) never download TanStack Query.
 */
export function withQueryClient<Props extends object>(
  Component: ComponentType<Props>,
): ComponentType<Props> {
  return function WithQueryClient(props: Props) {
    return createElement(
      QueryClientProvider,
      { client: queryClient },
      createElement(Component, props),
    );
  };
}
