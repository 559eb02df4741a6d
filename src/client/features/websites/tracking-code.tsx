import { useEffect, useState } from "react";
import { Check, Copy } from "lucide-react";
import type { Website } from "@shared/schemas/websites";
import { Button } from "@/components/ui/button";

/** What the tag of a site says: its key, and the measures staff turned on. */
export type TrackedSite = Pick<
  Website,
  "siteKey" | "vitalsEnabled" | "trackOutboundLinks" | "trackFileDownloads"
>;

/**
 * The analytics tag of a site: the one line the client's site page and the staff card show. The
 * measures staff turned on are data attributes the tag reads: data-vitals (it then loads
 * /js/hl-vitals.js after the page's load), data-outbound and data-downloads (automatic goals).
 */
export function trackingTag(site: TrackedSite, origin: string) {
  const measures =
    (site.vitalsEnabled ? " data-vitals" : "") +
    (site.trackOutboundLinks ? " data-outbound" : "") +
    (site.trackFileDownloads ? " data-downloads" : "");
  return `<script defer data-site="${site.siteKey}"${measures} src="${origin}/js/hl.js"></script>`;
}

/** The tag in a code block with a Copy button; a status line tells screen readers it copied. */
export function TrackingSnippet({ site, label }: { site: TrackedSite; label?: string }) {
  const [copied, setCopied] = useState(false);
  const origin = typeof window === "undefined" ? "" : window.location.origin;
  const code = trackingTag(site, origin);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <pre className="min-w-0 flex-1 rounded-lg bg-ink-950 px-4 py-3 text-xs leading-relaxed break-all whitespace-pre-wrap text-ink-50">
          <code>{code}</code>
        </pre>
        <Button
          variant="outline"
          className="shrink-0"
          onClick={() =>
            void navigator.clipboard?.writeText(code).then(
              () => setCopied(true),
              () => undefined,
            )
          }
        >
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? "Copied" : "Copy"}
          <span className="sr-only"> {label ?? "the tracking code"}</span>
        </Button>
      </div>
      <p role="status" className="sr-only">
        {copied ? "Tracking code copied" : ""}
      </p>
    </>
  );
}
