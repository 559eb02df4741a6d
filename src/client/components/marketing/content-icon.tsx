import {
  AppWindow,
  Clock,
  Code,
  Eye,
  Gauge,
  Gem,
  Handshake,
  Headset,
  Heart,
  MapPin,
  MessageSquare,
  Receipt,
  Search,
  Server,
  ShieldCheck,
  Smartphone,
  TrendingUp,
  Users,
  Wrench,
  Zap,
  type LucideIcon,
} from "lucide-react";
import type { ContentIcon } from "@content/site";
import { cn } from "@/lib/utils";

/** The drawing for each icon name the content folder may use. */
const icons: Record<ContentIcon, LucideIcon> = {
  zap: Zap,
  message: MessageSquare,
  smartphone: Smartphone,
  search: Search,
  shield: ShieldCheck,
  "map-pin": MapPin,
  code: Code,
  app: AppWindow,
  server: Server,
  wrench: Wrench,
  handshake: Handshake,
  eye: Eye,
  gem: Gem,
  "trending-up": TrendingUp,
  clock: Clock,
  users: Users,
  receipt: Receipt,
  heart: Heart,
  gauge: Gauge,
  headset: Headset,
};

/** A decorative icon in a dark tile with a gold edge; reads well on light and dark cards. */
export function IconTile({
  name,
  size = "md",
  className,
}: {
  name: ContentIcon;
  size?: "md" | "lg";
  className?: string;
}) {
  const Icon = icons[name];
  return (
    <span
      aria-hidden="true"
      className={cn(
        "inline-flex shrink-0 items-center justify-center bg-ink-950 text-gold-400 shadow-[0_10px_24px_-14px_rgb(0_0_0/0.8)] ring-1 ring-gold-500/30 ring-inset",
        size === "lg" ? "size-14 rounded-2xl" : "size-12 rounded-xl",
        className,
      )}
    >
      <Icon className="size-5" strokeWidth={1.75} />
    </span>
  );
}
