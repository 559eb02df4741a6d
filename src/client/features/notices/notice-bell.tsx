import { lazy, Suspense, useState, type ComponentProps } from "react";
import { Bell } from "lucide-react";
import { cn } from "@/lib/utils";
import { useUnreadCount } from "./api";

/** The list and its popover load on first use (or when the pointer or focus comes near). */
const loadPanel = () => import("./notice-panel");
const NoticePanel = lazy(() => loadPanel().then((module) => ({ default: module.NoticePanel })));

export const bellLabel = (unread: number) =>
  unread > 0 ? `Notifications, ${unread} unread` : "Notifications";

type BellButtonProps = ComponentProps<"button"> & { unread: number };

/** The round bell with its unread badge, for the dark header bands of the portal and back office. */
function BellButton({ unread, className, ...props }: BellButtonProps) {
  return (
    <button
      type="button"
      aria-label={bellLabel(unread)}
      className={cn(
        "relative inline-flex size-11 shrink-0 cursor-pointer items-center justify-center rounded-full border border-white/20 text-ink-50 transition-colors hover:bg-white/10 data-[state=open]:bg-white/10",
        className,
      )}
      {...props}
    >
      <Bell className="size-5" aria-hidden="true" />
      {unread > 0 && (
        <span
          aria-hidden="true"
          className="absolute -top-1 -right-1 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-gold-500 px-1 text-[11px] leading-none font-bold text-ink-950 ring-2 ring-ink-950"
        >
          {unread > 99 ? "99+" : unread}
        </span>
      )}
    </button>
  );
}

/**
 * The notifications bell: the unread count (polled each minute and on focus), and on click
 * the latest notices in a popover, each linking to what it is about.
 */
export function NoticeBell({ className }: { className?: string }) {
  const { data } = useUnreadCount();
  const unread = data?.unread ?? 0;
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const prefetch = () => void loadPanel();

  if (!used) {
    return (
      <BellButton
        unread={unread}
        className={className}
        aria-haspopup="dialog"
        aria-expanded={false}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      />
    );
  }
  return (
    <Suspense fallback={<BellButton unread={unread} className={className} aria-busy="true" />}>
      <NoticePanel
        open={open}
        onOpenChange={setOpen}
        trigger={<BellButton unread={unread} className={className} />}
      />
    </Suspense>
  );
}
