import { useState, type ReactElement } from "react";
import { Link } from "wouter";
import { BellOff, CheckCheck, Loader2 } from "lucide-react";
import type { Notice } from "@shared/schemas/notices";
import { timeAgo } from "@shared/format";
import { Button } from "@/components/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { cn } from "@/lib/utils";
import { useMarkAllRead, useMarkRead, useNotices } from "./api";

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The bell: the popover's trigger. */
  trigger: ReactElement;
};

/** The bell's popover: the latest notices, newest first, and Mark all as read. */
export function NoticePanel({ open, onOpenChange, trigger }: Props) {
  const list = useNotices(open);
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  // "5 minutes ago" counts from when the list was opened.
  const [now, setNow] = useState(() => Date.now());
  const unread = list.data?.unread ?? 0;

  const change = (next: boolean) => {
    if (next) setNow(Date.now());
    onOpenChange(next);
  };

  return (
    <Popover open={open} onOpenChange={change}>
      <PopoverTrigger asChild>{trigger}</PopoverTrigger>
      <PopoverContent
        aria-labelledby="notices-title"
        className="flex max-h-[min(32rem,calc(100dvh-6rem))] w-[min(24rem,calc(100vw-1.5rem))] flex-col overflow-hidden p-0"
      >
        <div className="flex items-center justify-between gap-3 border-b border-border px-4 py-2.5">
          <h2 id="notices-title" className="font-display text-base font-semibold text-foreground">
            Notifications
          </h2>
          <Button
            variant="ghost"
            size="sm"
            className="-mr-2 px-3"
            disabled={unread === 0 || markAll.isPending}
            onClick={() => markAll.mutate()}
          >
            <CheckCheck aria-hidden="true" />
            Mark all as read
          </Button>
        </div>
        {list.isPending ? (
          <p className="flex items-center gap-2 px-4 py-8 text-sm text-muted-foreground">
            <Loader2 className="size-4 animate-spin" aria-hidden="true" />
            Loading notifications...
          </p>
        ) : list.isError ? (
          <div className="px-4 py-6 text-sm text-muted-foreground">
            <p role="alert">Your notifications could not be loaded.</p>
            <Button variant="outline" size="sm" className="mt-3" onClick={() => list.refetch()}>
              Try again
            </Button>
          </div>
        ) : list.data.notices.length === 0 ? (
          <p className="flex flex-col items-center gap-2 px-4 py-10 text-center text-sm text-muted-foreground">
            <BellOff className="size-6" aria-hidden="true" />
            Nothing yet. Replies, status changes and other news show here.
          </p>
        ) : (
          <ul className="divide-y divide-border overflow-y-auto overscroll-contain">
            {list.data.notices.map((notice) => (
              <li key={notice.id}>
                <NoticeItem
                  notice={notice}
                  now={now}
                  onOpen={() => {
                    if (!notice.read) markRead.mutate(notice.id);
                    onOpenChange(false);
                  }}
                />
              </li>
            ))}
          </ul>
        )}
      </PopoverContent>
    </Popover>
  );
}

function NoticeItem({ notice, now, onOpen }: { notice: Notice; now: number; onOpen: () => void }) {
  const content = (
    <>
      <span
        aria-hidden="true"
        className={cn(
          "mt-1.5 size-2.5 shrink-0 rounded-full",
          notice.read ? "bg-transparent" : "bg-gold-500",
        )}
      />
      <span className="min-w-0 flex-1">
        <span
          className={cn(
            "block text-sm break-words",
            notice.read ? "text-muted-foreground" : "font-semibold text-foreground",
          )}
        >
          {!notice.read && <span className="sr-only">Unread: </span>}
          {notice.title}
        </span>
        {notice.body && (
          <span className="mt-0.5 line-clamp-2 block text-xs break-words text-muted-foreground">
            {notice.body}
          </span>
        )}
        <time dateTime={notice.createdAt} className="mt-1 block text-xs text-muted-foreground">
          {timeAgo(notice.createdAt, now)}
        </time>
      </span>
    </>
  );
  const look =
    "flex w-full cursor-pointer gap-3 px-4 py-3 text-left transition-colors outline-none hover:bg-muted focus-visible:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset";
  // Notice links are site paths: "~" leaves the back office's nested router for the full path.
  return notice.link ? (
    <Link href={`~${notice.link}`} className={look} onClick={onOpen}>
      {content}
    </Link>
  ) : (
    <button type="button" className={look} onClick={onOpen}>
      {content}
    </button>
  );
}
