import { useId, useState, type ReactNode } from "react";
import { Globe2, Megaphone, Target, TrendingUp } from "lucide-react";
import type { SiteHealth } from "@shared/schemas/site-health";
import type { SiteCampaign, SiteSource } from "@shared/schemas/site-audience";
import { formatCountry, formatNumber, formatPercent } from "@shared/format";
import { cn } from "@/lib/utils";
import { NoData, noVisits, Section } from "./site-parts";

/*
 * Where visitors come from and what they do: sources and campaigns with the conversion rate of a
 * goal, the goals reached, and countries. Each ranking is a table whose first column carries a
 * bar, so the chart and its table are one thing to a screen reader.
 */

/** A column; `wide`: shown from 640 px only (the rate beside it says the same in less room). */
type Column<Row> = { head: string; cell: (row: Row) => ReactNode; wide?: boolean };

function BarTable<Row>({
  caption,
  rows,
  value,
  columns,
}: {
  caption: string;
  rows: Row[];
  /** The figure the bar shows. */
  value: (row: Row) => number;
  columns: Column<Row>[];
}) {
  const max = Math.max(1, ...rows.map(value));
  return (
    <table className="w-full table-fixed border-collapse text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="text-xs text-muted-foreground">
          {columns.map((column, i) => (
            <th
              key={column.head}
              scope="col"
              className={cn(
                "pb-2 align-bottom font-medium",
                i === 0 ? "w-auto pr-2" : "w-[4.25rem] pl-2 text-right sm:w-[5.5rem]",
                column.wide && "max-sm:hidden",
              )}
            >
              {column.head}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, r) => (
          <tr key={r}>
            {columns.map((column, i) =>
              i === 0 ? (
                <th key={column.head} scope="row" className="relative py-0.5 pr-2 font-normal">
                  <span
                    aria-hidden="true"
                    className="absolute inset-y-0.5 left-0 rounded-md bg-gold-100"
                    style={{ width: `${(value(row) / max) * 100}%` }}
                  />
                  <span className="relative block px-2.5 py-1.5 break-words text-foreground">
                    {column.cell(row)}
                  </span>
                </th>
              ) : (
                <td
                  key={column.head}
                  className={cn(
                    "py-0.5 pl-2 text-right font-medium text-foreground tabular-nums",
                    column.wide && "max-sm:hidden",
                  )}
                >
                  {column.cell(row)}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const direct = <span className="text-muted-foreground">Direct / none</span>;
const none = <span className="text-muted-foreground">(none)</span>;

/** A row's visitors who reached the goal, and their share, as table columns. */
function conversionColumns<Row extends SiteSource | SiteCampaign>(
  goal: string | undefined,
): Column<Row>[] {
  if (!goal) return [];
  const of = (row: Row) => row.conversions.find((c) => c.goal === goal);
  return [
    { head: "Conversions", cell: (row) => formatNumber(of(row)?.visitors ?? 0), wide: true },
    { head: "Conv. rate", cell: (row) => formatPercent(of(row)?.rate ?? 0) },
  ];
}

/** The goal whose conversions the sources and campaigns show. */
function GoalPicker({
  goals,
  value,
  onChange,
}: {
  goals: string[];
  value: string;
  onChange: (goal: string) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <label htmlFor={id} className="text-sm font-medium text-foreground">
        Conversions of the goal
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="min-h-10 rounded-md border border-input bg-card px-3 text-sm text-foreground"
      >
        {goals.map((goal) => (
          <option key={goal} value={goal}>
            {goal}
          </option>
        ))}
      </select>
    </div>
  );
}

function Goals({ health }: { health: Pick<SiteHealth, "goals"> }) {
  return (
    <Section
      id="goals-heading"
      title="Goals"
      icon={Target}
      description="By visitors who reached them"
    >
      {health.goals.length ? (
        <BarTable
          caption="Goals reached"
          rows={health.goals}
          value={(goal) => goal.visitors}
          columns={[
            { head: "Goal", cell: (goal) => goal.name },
            { head: "Visitors", cell: (goal) => formatNumber(goal.visitors) },
            { head: "Conv. rate", cell: (goal) => formatPercent(goal.rate) },
          ]}
        />
      ) : (
        <NoData>No goals reached yet. The tracking code below says how to count one.</NoData>
      )}
    </Section>
  );
}

function Countries({ health }: { health: Pick<SiteHealth, "countries"> }) {
  return (
    <Section id="countries-heading" title="Countries" icon={Globe2} description="By visitors">
      {health.countries.length ? (
        <BarTable
          caption="Visitors by country"
          rows={health.countries}
          value={(row) => row.visitors}
          columns={[
            { head: "Country", cell: (row) => formatCountry(row.country) },
            { head: "Visitors", cell: (row) => formatNumber(row.visitors) },
          ]}
        />
      ) : (
        <NoData>{noVisits}</NoData>
      )}
    </Section>
  );
}

/** Sources, campaigns, goals and countries of the range: four panels. */
export function CampaignSections({
  health,
}: {
  health: Pick<SiteHealth, "sources" | "campaigns" | "goals" | "countries">;
}) {
  const goals = health.goals.map((goal) => goal.name);
  const [picked, setPicked] = useState<string>();
  const goal = picked && goals.includes(picked) ? picked : goals[0];
  const picker = goal && <GoalPicker goals={goals} value={goal} onChange={setPicked} />;
  return (
    <div className="grid gap-5 sm:gap-6 lg:grid-cols-2">
      <Section
        id="sources-heading"
        title="Sources"
        icon={TrendingUp}
        description="The campaign's source, else the site that sent the visitor · by visitors"
      >
        {picker && <div className="mb-4">{picker}</div>}
        {health.sources.length ? (
          <BarTable
            caption={goal ? `Sources, with conversions of the goal ${goal}` : "Sources"}
            rows={health.sources}
            value={(row) => row.visitors}
            columns={[
              { head: "Source", cell: (row) => row.source ?? direct },
              { head: "Visitors", cell: (row) => formatNumber(row.visitors) },
              ...conversionColumns<SiteSource>(goal),
            ]}
          />
        ) : (
          <NoData>{noVisits}</NoData>
        )}
      </Section>
      <Section
        id="campaigns-heading"
        title="Campaigns"
        icon={Megaphone}
        description="Visits whose landing address had UTM tags · by visitors"
      >
        {health.campaigns.length ? (
          <BarTable
            caption={goal ? `Campaigns, with conversions of the goal ${goal}` : "Campaigns"}
            rows={health.campaigns}
            value={(row) => row.visitors}
            columns={[
              {
                head: "Campaign",
                cell: (row) => (
                  <>
                    {row.campaign ?? none}
                    <span className="text-muted-foreground">
                      {" · "}
                      {row.source ?? "(none)"} / {row.medium ?? "(none)"}
                    </span>
                  </>
                ),
              },
              { head: "Visitors", cell: (row) => formatNumber(row.visitors) },
              ...conversionColumns<SiteCampaign>(goal),
            ]}
          />
        ) : (
          <NoData>
            No campaign visits yet. Links with utm_source, utm_medium or utm_campaign in them are
            counted here.
          </NoData>
        )}
      </Section>
      <Goals health={health} />
      <Countries health={health} />
    </div>
  );
}

/** Under the tracking code: how the client's page counts a goal. */
export function GoalHint() {
  return (
    <div className="mt-4 text-sm text-muted-foreground">
      <p>
        To count a goal (a signup, an order), call <code className="text-foreground">hl</code> with
        its name when it happens, for example{" "}
        <code className="text-foreground">hl(&quot;Signup&quot;)</code>. Calls made before the
        tracking code has loaded are counted too if this line comes first in the page:
      </p>
      <pre className="mt-2 rounded-lg bg-ink-950 px-4 py-3 text-xs leading-relaxed break-all whitespace-pre-wrap text-ink-50">
        <code>{goalQueueLine}</code>
      </pre>
    </div>
  );
}

/** The line that keeps hl() calls made before /js/hl.js runs (the tag reads hl.q). */
export const goalQueueLine =
  "<script>window.hl=window.hl||function(){(window.hl.q=window.hl.q||[]).push(arguments)}</script>";
