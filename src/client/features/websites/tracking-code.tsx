import { useEffect, useState } from "react";
import { Check, Copy } from "lucide-react";
import { Button } from "@/components/ui/button";

/**
 * The analytics tag of a site: the one line the client's site page and the staff card show.
 * With real-user speed on, data-vitals makes it load /js/hl-vitals.js after the page's load.
 */
export function trackingTag(siteKey: string, origin: string, vitals = false) {
  const measure = vitals ? " data-vitals" : "";
  return `<script defer data-site="${siteKey}"${measure} src="${origin}/js/hl.js"></script>`;
}

/** The tag in a code block with a Copy button; a status line tells screen readers it copied. */
export function TrackingSnippet({
  siteKey,
  vitals,
  label,
}: {
  siteKey: string;
  vitals?: boolean;
  label?: string;
}) {
  const [copied, setCopied] = useState(false);
  const origin = typeof window === "undefined" ? "" : window.location.origin;
  const code = trackingTag(siteKey, origin, vitals);
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
