import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "@shared/schemas/zod";
import type {
  AuthUser,
  checkEmailSchema,
  demoSignInSchema,
  EmailSignIn,
} from "@shared/schemas/auth";
import { apiRequest } from "@/lib/api";
import { authUserQueryKey } from "@/lib/auth";

/** POST /api/login/email: always 202 with the same message, whatever the address. */
export function useEmailSignIn() {
  return useMutation({
    mutationFn: async (input: EmailSignIn) => {
      const res = await apiRequest("POST", "/api/login/email", input);
      return (await res.json()) as z.infer<typeof checkEmailSchema>;
    },
  });
}

/** POST /api/login/demo (outside production only): signs in as the demo client or admin. */
export function useDemoSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (as: z.infer<typeof demoSignInSchema>["as"]) => {
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
