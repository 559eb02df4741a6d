import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { startRegistration } from "@simplewebauthn/browser";
import type { z } from "@shared/schemas/zod";
import type {
  Account,
  AccountNameInput,
  AccountSession,
  EmailNotices,
  PasskeyView,
  recoveryCodesSchema,
  revokedSchema,
  SecurityEvent,
  TotpSetup,
} from "@shared/schemas/account";
import { apiRequest, getQueryFn } from "@/lib/api";
import { authUserQueryKey } from "@/lib/auth";

export const accountKeys = {
  account: ["/api/account"] as const,
  sessions: ["/api/account/sessions"] as const,
  events: ["/api/account/security-events"] as const,
};

const read = <T>(key: readonly string[]) => ({
  queryKey: key,
  queryFn: getQueryFn<T>({ on401: "throw" }),
  staleTime: 0,
});

export const useAccount = () => useQuery<Account>(read<Account>(accountKeys.account));
export const useSessions = () =>
  useQuery<AccountSession[]>(read<AccountSession[]>(accountKeys.sessions));
export const useSecurityEvents = () =>
  useQuery<SecurityEvent[]>(read<SecurityEvent[]>(accountKeys.events));

/** A write whose answer is the account: it becomes the cached account; events refresh. */
function useAccountWrite<TInput>(write: (input: TInput) => Promise<Account | null>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: async (account) => {
      if (account) queryClient.setQueryData(accountKeys.account, account);
      else await queryClient.invalidateQueries({ queryKey: accountKeys.account });
      await queryClient.invalidateQueries({ queryKey: accountKeys.events });
      await queryClient.invalidateQueries({ queryKey: authUserQueryKey });
    },
  });
}

const json = async <T>(res: Response) => (await res.json()) as T;

export const useUpdateName = () =>
  useAccountWrite((input: AccountNameInput) =>
    apiRequest("PATCH", "/api/account", input).then(json<Account>),
  );

export const useUpdateNotices = () =>
  useAccountWrite((input: Partial<EmailNotices>) =>
    apiRequest("PUT", "/api/account/notices", input).then(json<Account>),
  );

export function useTotpSetup() {
  return useMutation({
    mutationFn: () => apiRequest("POST", "/api/account/totp/setup").then(json<TotpSetup>),
  });
}

/**
 * Confirms the app's first code. The account (and who is signed in) refreshes only when the
 * recovery codes are put away (useRefreshAccount), so the codes stay on screen till then.
 */
export function useTotpConfirm() {
  return useMutation({
    mutationFn: (code: string) =>
      apiRequest("POST", "/api/account/totp", { code }).then(
        json<z.infer<typeof recoveryCodesSchema>>,
      ),
  });
}

export function useRefreshAccount() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [accountKeys.account, accountKeys.events, authUserQueryKey].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

export const useTotpDisable = () =>
  useAccountWrite((code: string) =>
    apiRequest("DELETE", "/api/account/totp", { code }).then(json<Account>),
  );

/** Adds a passkey: the server's options, the browser's ceremony, then the server checks it. */
export const useAddPasskey = () =>
  useAccountWrite(async (name: string) => {
    const options = await apiRequest("POST", "/api/account/passkeys/options").then(
      json<Parameters<typeof startRegistration>[0]["optionsJSON"]>,
    );
    const response = await startRegistration({ optionsJSON: options });
    await apiRequest("POST", "/api/account/passkeys", { name, response }).then(json<PasskeyView>);
    return null;
  });

export const useRenamePasskey = () =>
  useAccountWrite(async ({ id, name }: { id: string; name: string }) => {
    await apiRequest("PATCH", `/api/account/passkeys/${id}`, { name });
    return null;
  });

export const useRemovePasskey = () =>
  useAccountWrite(async (id: string) => {
    await apiRequest("DELETE", `/api/account/passkeys/${id}`);
    return null;
  });

function useSessionWrite<TInput, TResult>(write: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: accountKeys.sessions });
      await queryClient.invalidateQueries({ queryKey: accountKeys.events });
    },
  });
}

export const useRevokeSession = () =>
  useSessionWrite(async (id: string) => {
    await apiRequest("DELETE", `/api/account/sessions/${encodeURIComponent(id)}`);
  });

export const useSignOutOthers = () =>
  useSessionWrite(() =>
    apiRequest("POST", "/api/account/sessions/sign-out-others").then(
      json<z.infer<typeof revokedSchema>>,
    ),
  );
