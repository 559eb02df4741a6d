import { useState } from "react";
import { Switch } from "radix-ui";
import { AlertTriangle, Globe2, Plus, Settings2 } from "lucide-react";
import type { Domain } from "@shared/schemas/domains";
import { DomainName } from "@/components/domain-name";
import { daysUntil, expiresInText } from "@shared/format";
import { Pill } from "@/components/pill";
import { SectionHeader } from "@/components/view-header";
import { EmptyState, LoadError, LoadingCards } from "@/components/view-states";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { toast } from "@/components/ui/use-toast";
import { cn } from "@/lib/utils";
import { useDomains, useSetAutoRenew } from "./api";
import { DomainExpiry } from "./domain-expiry";

/** The moment the list was shown, for "Expires in N days" (kept steady while it is open). */
function useNow(): number {
  const [now] = useState(() => Date.now());
  return now;
}

function AutoRenewSwitch({ domain }: { domain: Domain }) {
  const mutation = useSetAutoRenew();
  // While the change is on its way the switch shows where it is going.
  const checked = mutation.isPending ? mutation.variables.autoRenew : domain.autoRenew;
  const switchId = `auto-renew-${domain.id}`;

  const change = (autoRenew: boolean) => {
    if (mutation.isPending) return;
    mutation.mutate(
      { id: domain.id, autoRenew },
      {
        onSuccess: (updated) =>
          toast({
            title: updated.autoRenew ? "Auto-renew turned on" : "Auto-renew turned off",
            description: updated.autoRenew
              ? `${updated.domain} will renew automatically before it expires.`
              : `${updated.domain} will not renew on its own. Renew it before it expires to keep it.`,
          }),
        onError: () =>
          toast({
            variant: "destructive",
            title: "Error",
            description: `Could not change auto-renew for ${domain.domain}. Please try again.`,
          }),
      },
    );
  };

  return (
    <div className="flex items-center gap-3">
      <Switch.Root
        id={switchId}
        checked={checked}
        onCheckedChange={change}
        aria-label={`Auto-renew for ${domain.domain}`}
        aria-busy={mutation.isPending || undefined}
        className={cn(
          "relative inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent transition-colors",
          "data-[state=checked]:bg-emerald-600 data-[state=unchecked]:bg-ink-500",
          mutation.isPending && "opacity-70",
        )}
      >
        <Switch.Thumb className="pointer-events-none block size-6 rounded-full bg-white shadow-md ring-0 transition-transform data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0" />
      </Switch.Root>
      <label htmlFor={switchId} className="cursor-pointer text-sm font-medium text-foreground">
        Auto-renew
      </label>
    </div>
  );
}

function DomainRow({
  domain,
  now,
  onManage,
}: {
  domain: Domain;
  now: number;
  onManage: (domain: string) => void;
}) {
  return (
    <li className="flex flex-col gap-4 p-5 sm:p-6 lg:flex-row lg:items-center lg:justify-between">
      <div className="flex min-w-0 items-start gap-4">
        <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-ink-950 text-gold-400">
          <Globe2 className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <h3 className="font-sans text-base leading-snug font-semibold break-words text-foreground sm:text-lg">
            <DomainName domain={domain.domain} />
          </h3>
          <p className="mt-0.5 flex flex-wrap gap-x-3 text-sm text-muted-foreground">
            <DomainExpiry domain={domain} missing="No expiry date on file" />
          </p>
          <div className="mt-2 flex flex-wrap gap-2">
            <Pill tone={domain.autoRenew ? "green" : "neutral"} dot>
              Auto-Renew {domain.autoRenew ? "On" : "Off"}
            </Pill>
            {domain.expiringSoon && domain.expiresAt && (
              <Pill tone="amber" icon={AlertTriangle}>
                {expiresInText(daysUntil(domain.expiresAt, now))}
              </Pill>
            )}
          </div>
        </div>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-4 border-t border-border pt-4 sm:justify-start lg:border-0 lg:pt-0">
        <AutoRenewSwitch domain={domain} />
        <Button variant="outline" size="sm" onClick={() => onManage(domain.domain)}>
          <Settings2 aria-hidden="true" />
          Manage<span className="sr-only"> {domain.domain}</span>
        </Button>
      </div>
    </li>
  );
}

/** Domains: expiry, auto-renew (a real switch) and a Manage request per domain. */
export function DomainsTab({
  onManage,
  onRequest,
}: {
  onManage: (domain: string) => void;
  onRequest: () => void;
}) {
  const { data: domains, isPending, isError, refetch } = useDomains();
  const now = useNow();
  const expiring = domains?.filter((domain) => domain.expiringSoon && !domain.autoRenew) ?? [];

  return (
    <section aria-labelledby="domains-heading">
      <SectionHeader
        titleId="domains-heading"
        title="Domains"
        description="Renewal dates for your web addresses. Turn auto-renew on so none of them lapse."
      />
      {isPending ? (
        <LoadingCards label="Loading your domains..." count={1} columns={1} />
      ) : isError ? (
        <LoadError what="your domains" onRetry={() => void refetch()} />
      ) : domains.length === 0 ? (
        <EmptyState
          icon={Globe2}
          title="No domains yet"
          action={
            <Button onClick={onRequest}>
              <Plus aria-hidden="true" />
              Ask about a domain
            </Button>
          }
        >
          Domains we register or manage for you appear here with their renewal dates. Need a new
          address for your business? Just ask.
        </EmptyState>
      ) : (
        <>
          {expiring.length > 0 && (
            <p className="mb-4 flex items-start gap-2.5 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
              <AlertTriangle className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden="true" />
              <span>
                {expiring.length === 1
                  ? `${expiring[0]?.domain} expires soon and will not renew on its own.`
                  : `${expiring.length} domains expire soon and will not renew on their own.`}{" "}
                Turn auto-renew on to keep {expiring.length === 1 ? "it" : "them"}.
              </span>
            </p>
          )}
          <Card className="overflow-hidden">
            <ul className="divide-y divide-border">
              {domains.map((domain) => (
                <DomainRow key={domain.id} domain={domain} now={now} onManage={onManage} />
              ))}
            </ul>
          </Card>
        </>
      )}
    </section>
  );
}
