import { useMutation } from "@tanstack/react-query";
import type { Apply } from "@shared/schemas/apply";
import type { SpamTrapFields } from "@/components/form-field";
import { apiRequest } from "@/lib/api";

/** What POST /api/apply answers (201): the stored application's id and its reference number. */
export interface ApplicationReceipt {
  id: string;
  reference: string;
}

export type ApplyPayload = Apply & SpamTrapFields;

/** Sends the "Project Application" form; resolves with the stored application's receipt. */
export function useSubmitApplication() {
  return useMutation({
    mutationFn: async (payload: ApplyPayload): Promise<ApplicationReceipt> => {
      const res = await apiRequest("POST", "/api/apply", payload);
      return (await res.json()) as ApplicationReceipt;
    },
  });
}
