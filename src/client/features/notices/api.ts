import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Notice, NoticeList, UnreadCount } from "@shared/schemas/notices";
import { sendJson } from "@/lib/api";

/*
 * The bell's data: the unread count is polled gently (every minute, and when the window gets
 * focus again); the list is read only while it is open.
 */

export const noticeKeys = {
  count: ["/api/notices/unread-count"] as const,
  list: ["/api/notices"] as const,
};

const POLL_MS = 60_000;

export const useUnreadCount = () =>
  useQuery<UnreadCount>({
    queryKey: noticeKeys.count,
    refetchInterval: POLL_MS,
    refetchOnWindowFocus: true,
    staleTime: 10_000,
  });

export const useNotices = (enabled: boolean) =>
  useQuery<NoticeList>({
    queryKey: noticeKeys.list,
    enabled,
    staleTime: 0,
    refetchOnMount: "always",
  });

/** Puts a known unread count in the cache, so the badge follows at once. */
function useSetCount() {
  const queryClient = useQueryClient();
  return (unread: number) => {
    queryClient.setQueryData<UnreadCount>(noticeKeys.count, { unread });
    queryClient.setQueryData<NoticeList>(noticeKeys.list, (list) => list && { ...list, unread });
  };
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  const setCount = useSetCount();
  return useMutation({
    mutationFn: (id: string) => sendJson<Notice>("POST", `/api/notices/${id}/read`),
    onMutate: (id) => {
      const list = queryClient.getQueryData<NoticeList>(noticeKeys.list);
      const target = list?.notices.find((notice) => notice.id === id);
      if (!list || !target || target.read) return;
      queryClient.setQueryData<NoticeList>(noticeKeys.list, {
        notices: list.notices.map((notice) =>
          notice.id === id ? { ...notice, read: true } : notice,
        ),
        unread: Math.max(0, list.unread - 1),
      });
      setCount(Math.max(0, list.unread - 1));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: noticeKeys.count }),
  });
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  const setCount = useSetCount();
  return useMutation({
    mutationFn: () => sendJson<UnreadCount>("POST", "/api/notices/read-all"),
    onSuccess: ({ unread }) => {
      queryClient.setQueryData<NoticeList>(
        noticeKeys.list,
        (list) =>
          list && { notices: list.notices.map((notice) => ({ ...notice, read: true })), unread },
      );
      setCount(unread);
    },
  });
}
