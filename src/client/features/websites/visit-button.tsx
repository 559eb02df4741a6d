import { ExternalLink } from "lucide-react";
import type { Website } from "@shared/schemas/websites";
import { isLive } from "@shared/website-figures";
import { Button } from "@/components/ui/button";

/** Opens the site in a new tab; only a live site has one (a site being built is not there yet). */
export function VisitButton({
  site,
  className,
}: {
  site: Pick<Website, "domain" | "status">;
  className?: string;
}) {
  if (!isLive(site.status)) return null;
  return (
    <Button asChild className={className}>
      <a href={`https://${site.domain}`} target="_blank" rel="noopener noreferrer">
        Visit<span className="sr-only"> {site.domain} (opens in a new tab)</span>
        <ExternalLink aria-hidden="true" />
      </a>
    </Button>
  );
}
