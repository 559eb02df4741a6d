import { cn } from "@/lib/utils";

/** The Harborline mark: an H whose crossbar is a wave, in a gold ring; 32 px, or 24 px when small. */
export function LogoMark({ size = "md", className }: { size?: "sm" | "md"; className?: string }) {
  return (
    <svg
      viewBox="0 0 32 32"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      aria-hidden="true"
      className={cn(size === "sm" ? "size-6" : "size-8", "text-gold-500", className)}
    >
      <circle cx="16" cy="16" r="14.5" />
      <path d="M11 9.5v13M21 9.5v13" />
      <path d="M7.5 17.25c2.83-2.1 5.67-2.1 8.5 0s5.67 2.1 8.5 0" />
    </svg>
  );
}

/** Mark plus wordmark; the brand name comes from the content folder. */
export function Logo({ name, className }: { name: string; className?: string }) {
  return (
    <span className={cn("inline-flex items-center gap-2.5", className)}>
      <LogoMark />
      <span className="font-display text-[1.35rem] leading-none font-semibold tracking-tight">
        {name}
      </span>
    </span>
  );
}
