import type { Domain } from "@shared/schemas/domains";
import { formatCalendarDate } from "@shared/format";

/** Where the date comes from, in words: the registry's record, or what staff typed. */
const sourceText = { measured: "from the registry", typed: "entered by staff" } as const;

/**
 * A domain's expiry as the portal and the back office show it: "Expires Mar 4, 2027 · from the
 * registry" (or "· entered by staff"), then its registrar when the registry named one. Inline
 * spans, for the line each surface puts them on.
 */
export function DomainExpiry({ domain, missing }: { domain: Domain; missing: string }) {
  return (
    <>
      <span>
        {domain.expiresAt ? `Expires ${formatCalendarDate(domain.expiresAt)}` : missing}
        {domain.expiresAt && domain.expirySource && (
          <>
            {/* A separator to the eye; a screen reader reads on without naming it. */}
            <span aria-hidden="true"> · </span>
            {sourceText[domain.expirySource]}
          </>
        )}
      </span>
      {domain.registrar && <span>Registrar: {domain.registrar}</span>}
    </>
  );
}
