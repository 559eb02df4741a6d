import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api";
import { authUserQueryKey, type AuthUser } from "@/lib/auth";

/** The HTTP status of an error thrown by apiRequest ("429: ..."), or undefined. */
export function errorStatus(error: unknown): number | undefined {
  if (!(error instanceof Error)) return undefined;
  const status = Number.parseInt(error.message, 10);
  return Number.isNaN(status) ? undefined : status;
}

/** The `errors` map of a 400 answer ({ message, errors }), when there is one. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof Error)) return {};
  const body = error.message.slice(error.message.indexOf(":") + 1).trim();
  try {
    const parsed = JSON.parse(body) as { errors?: Record<string, string> };
    return parsed.errors ?? {};
  } catch {
    return {};
  }
}

/** POST /api/login/email: always 202 with the same message, whatever the address. */
export function useEmailSignIn() {
  return useMutation({
    mutationFn: async (input: { email: string; returnTo?: string }) => {
      const res = await apiRequest("POST", "/api/login/email", input);
      return (await res.json()) as { message: string };
    },
  });
}

/** POST /api/login/demo (outside production only): signs in as the demo client or admin. */
export function useDemoSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (as: "client" | "admin") => {
      const res = await apiRequest("POST", "/api/login/demo", { as });
      return (await res.json()) as AuthUser;
    },
    onSuccess: (user) => {
      // Nothing cached for a previous visitor survives a sign-in.
      queryClient.clear();
      queryClient.setQueryData(authUserQueryKey, user);
    },
  });
}
