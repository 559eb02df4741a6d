import { CalendarClock } from "lucide-react";
import type { SiteHealth } from "@shared/schemas/site-health";
import { daysUntil, expiresInText, formatCalendarDate } from "@shared/format";
import { cn } from "@/lib/utils";
import { Section } from "./site-parts";

function Expiry({
  label,
  expiresAt,
  now,
  missing,
  extra,
}: {
  label: string;
  expiresAt: string | null | undefined;
  now: number;
  missing: string;
  extra?: string;
}) {
  const days = expiresAt ? daysUntil(expiresAt, now) : null;
  const soon = days !== null && days < 30;
  return (
    <div
      className={cn(
        "rounded-xl border p-4",
        soon ? "border-amber-300 bg-amber-50" : "border-border bg-paper",
      )}
    >
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</dt>
      {expiresAt && days !== null ? (
        <>
          <dd
            className={cn(
              "mt-1 text-lg font-semibold",
              soon ? "text-amber-900" : "text-foreground",
            )}
          >
            {expiresInText(days)}
          </dd>
          <dd className="text-sm text-muted-foreground">
            {formatCalendarDate(expiresAt)}
            {extra && ` · ${extra}`}
          </dd>
        </>
      ) : (
        <dd className="mt-1 text-sm text-muted-foreground">{missing}</dd>
      )}
    </div>
  );
}

/** When the certificate and the domain run out, amber in their last 30 days. */
export function RenewalsSection({ health, now }: { health: SiteHealth; now: number }) {
  return (
    <Section
      id="renewals-heading"
      title="Certificate and domain"
      icon={CalendarClock}
      description="We renew both for you; here is when they run out."
      className="lg:col-span-2"
    >
      <dl className="grid gap-3">
        <Expiry
          label="SSL certificate"
          expiresAt={health.certificateExpiresAt}
          now={now}
          missing="Not seen yet: we read it at the first secure check."
        />
        <Expiry
          label="Domain name"
          expiresAt={health.domain?.expiresAt}
          now={now}
          missing={health.domain ? "No expiry date on record." : "Not registered through us."}
          extra={
            health.domain
              ? health.domain.autoRenew
                ? "Auto-renew on"
                : "Auto-renew off"
              : undefined
          }
        />
      </dl>
    </Section>
  );
}
