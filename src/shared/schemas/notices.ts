import { z } from "./zod";

/** One in-app notice, as the bell lists it. */
export const noticeSchema = z.object({
  id: z.uuid(),
  kind: z.string(),
  title: z.string(),
  body: z.string().nullable(),
  /** The portal or back-office path it opens, such as /dashboard?tab=support&ticket=<id>. */
  link: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Notice = z.infer<typeof noticeSchema>;

/** GET /api/notices: the latest notices, newest first, and how many of all are unread. */
export const noticeListSchema = z.object({
  notices: z.array(noticeSchema),
  unread: z.number().int(),
});
export type NoticeList = z.infer<typeof noticeListSchema>;

/** GET /api/notices/unread-count, and the answer of marking all read. */
export const unreadCountSchema = z.object({ unread: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/** How many notices the bell lists at most. */
export const NOTICE_LIST_LIMIT = 50;
