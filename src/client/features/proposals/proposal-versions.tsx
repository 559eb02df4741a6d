import type { ProposalDetail, ProposalVersion } from "@shared/schemas/proposals";
import { formatMoney, formatDate } from "@shared/format";
import { LinesTable } from "@/components/lines-table";
import { Panel } from "@/components/panel";
import { cn } from "@/lib/utils";
import { ScopeHtml, TotalsSummary, validUntilText } from "./proposal-parts";

/* A proposal's versions in the back office: the list to pick one from, and a sent one, frozen. */

/** A sent version, read-only. */
export function FrozenVersion({ version }: { version: ProposalVersion }) {
  return (
    <Panel
      title={version.title}
      description={
        <>
          Version {version.version}
          {version.sentAt && (
            <>
              {" "}
              · sent <time dateTime={version.sentAt}>{formatDate(version.sentAt)}</time>
            </>
          )}{" "}
          · {validUntilText(version.validUntil)} · frozen
        </>
      }
      headingId="proposal-version"
    >
      <ScopeHtml html={version.scopeHtml} />
      <h3 className="mt-6 mb-3 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        Lines
      </h3>
      <LinesTable lines={version.lines} caption={`Lines of version ${version.version}`} />
      <TotalsSummary totals={version} className="mt-5" />
    </Panel>
  );
}

export function VersionsList({
  proposal,
  selected,
  onSelect,
}: {
  proposal: ProposalDetail;
  selected: string;
  onSelect: (versionId: string) => void;
}) {
  return (
    <Panel title="Versions" headingId="proposal-versions">
      <ul className="-mx-2 -my-1 flex flex-col">
        {proposal.versions.map((version) => (
          <li key={version.id}>
            <button
              type="button"
              onClick={() => onSelect(version.id)}
              aria-current={version.id === selected ? "true" : undefined}
              className={cn(
                "flex min-h-11 w-full cursor-pointer items-center justify-between gap-3 rounded-xl px-2 py-2 text-left text-sm transition-colors hover:bg-gold-50",
                version.id === selected && "bg-gold-50 font-semibold",
              )}
            >
              <span>
                v{version.version}{" "}
                {version.sentAt ? (
                  <span className="font-normal text-muted-foreground">
                    sent <time dateTime={version.sentAt}>{formatDate(version.sentAt)}</time>
                  </span>
                ) : (
                  <span className="font-normal text-muted-foreground">draft</span>
                )}
                {proposal.response?.versionId === version.id && (
                  <span className="font-normal text-muted-foreground">
                    {" "}
                    · {proposal.response.decision}
                  </span>
                )}
              </span>
              <span className="text-xs font-normal text-muted-foreground tabular-nums">
                {formatMoney(version.oneOffCents)}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </Panel>
  );
}
