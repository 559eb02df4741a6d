import { useMutation } from "@tanstack/react-query";
import type { Contact } from "@shared/schemas/contact";
import type { SpamTrapFields } from "@/components/form-field";
import { apiRequest } from "@/lib/api";

/** What POST /api/contact answers (201): the stored message's id and its reference number. */
export interface LeadReceipt {
  id: string;
  reference: string;
}

export type ContactPayload = Contact & SpamTrapFields;

/** Sends the "Send Us a Message" form; resolves with the stored message's receipt. */
export function useSendContactMessage() {
  return useMutation({
    mutationFn: async (payload: ContactPayload): Promise<LeadReceipt> => {
      const res = await apiRequest("POST", "/api/contact", payload);
      return (await res.json()) as LeadReceipt;
    },
  });
}
