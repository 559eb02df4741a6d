import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  CreatedShareLink,
  ShareLink,
  ShareLinkInput,
  SharedView,
} from "@shared/schemas/share-links";
import { getJson, sendJson } from "@/lib/api";

/*
 * Share links: the owner's list and writes on a site's page, and the shared view's reads. The
 * portal's reads use the default query function (the key is the URL).
 */

/** Who is asking: the company's owner in the portal, or staff in the back office. */
export type Viewer = "owner" | "staff";
const base = (viewer: Viewer) => (viewer === "staff" ? "/api/admin" : "/api");
const linksKey = (websiteId: string, viewer: Viewer = "owner") =>
  [`${base(viewer)}/websites/${websiteId}/share-links`] as const;

/** A website's share links (its owner's, or staff's), never their addresses. */
export const useShareLinks = (websiteId: string, viewer: Viewer = "owner", enabled = true) =>
  useQuery<ShareLink[]>({
    queryKey: linksKey(websiteId, viewer),
    enabled,
    ...(viewer === "staff" ? { staleTime: 0 } : {}),
  });

/** Makes a link: the answer is the only time its address is seen. */
export function useCreateShareLink(websiteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ShareLinkInput) =>
      sendJson<CreatedShareLink>("POST", `/api/websites/${websiteId}/share-links`, input),
    onSuccess: ({ url: _secret, ...created }) =>
      // The list keeps the link's name, panels and dates, never its address.
      queryClient.setQueryData<ShareLink[]>(linksKey(websiteId), (list) => [
        created,
        ...(list ?? []),
      ]),
  });
}

export function useRevokeShareLink(websiteId: string, viewer: Viewer = "owner") {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (linkId: string) =>
      sendJson<ShareLink>("POST", `${base(viewer)}/share-links/${linkId}/revoke`),
    onSuccess: (revoked) =>
      queryClient.setQueryData<ShareLink[]>(linksKey(websiteId, viewer), (list) =>
        (list ?? []).map((link) => (link.id === revoked.id ? revoked : link)),
      ),
  });
}

const viewKey = (token: string) => ["share", token] as const;

/**
 * A shared view for a range (401 while a password is asked for, 404 once the link is gone). The
 * last range stays on screen while the next one loads.
 */
export const useSharedView = (token: string, range: string) =>
  useQuery<SharedView>({
    queryKey: [...viewKey(token), range],
    queryFn: ({ signal }) =>
      getJson<SharedView>(
        `/api/share/${encodeURIComponent(token)}?range=${encodeURIComponent(range)}`,
        signal,
      ),
    placeholderData: keepPreviousData,
  });

/** Sends the link's password; a right one lets the browser read the view (a cookie for it). */
export function useUnlockShare(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) =>
      sendJson<null>("POST", `/api/share/${encodeURIComponent(token)}/unlock`, { password }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: viewKey(token) }),
  });
}
