import { useState } from "react";
import { ChevronLeft, ChevronRight, Clock } from "lucide-react";
import type { ClientDetail } from "@shared/schemas/clients";
import { formatMoney, formatMonth, formatWorkTime } from "@shared/format";
import { addMonthsTo } from "@shared/work-time";
import { Panel } from "@/components/panel";
import { Button } from "@/components/ui/button";
import { useClientHours } from "./api";
import { EntryList } from "./entry-list";
import { HoursBar } from "@/components/hours-bar";
import { PlanHoursForm } from "./plan-hours-form";
import { TimeEntryForm, agencyToday } from "./time-entry-form";
import { TimerControl } from "./timer-control";

/**
 * Hours on a client's page: the maintenance plan's hours used against included, the timer, the
 * "log time" form, and a month's entries with the last six months' totals.
 */
export function HoursPanel({ client }: { client: ClientDetail }) {
  const clientId = client.company.id;
  const thisMonth = agencyToday().slice(0, 7);
  const [month, setMonth] = useState(thisMonth);
  const { data, isPending, isError } = useClientHours(clientId, month);

  return (
    <Panel
      title="Hours"
      description="Time the team spent for this client. Hours beyond the plan's become a draft invoice line at the month's end."
      headingId="client-hours"
    >
      <div className="flex flex-col gap-5">
        <TimerControl clientId={clientId} clientName={client.company.name} />
        <details className="group rounded-xl border border-border p-4">
          <summary className="cursor-pointer text-sm font-semibold text-foreground">
            Log time by hand
          </summary>
          <div className="mt-4">
            <TimeEntryForm clientId={clientId} choices={data?.choices} />
          </div>
        </details>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="font-sans text-sm font-semibold text-foreground">{formatMonth(month)}</h3>
          <div className="flex gap-1">
            <Button
              variant="outline"
              size="sm"
              onClick={() => setMonth(addMonthsTo(month, -1))}
              aria-label="Previous month"
            >
              <ChevronLeft aria-hidden="true" />
            </Button>
            <Button
              variant="outline"
              size="sm"
              onClick={() => setMonth(addMonthsTo(month, 1))}
              disabled={month >= thisMonth}
              aria-label="Next month"
            >
              <ChevronRight aria-hidden="true" />
            </Button>
          </div>
        </div>
        {isPending ? (
          <p className="text-sm text-muted-foreground">Loading the hours...</p>
        ) : isError || !data ? (
          <p className="text-sm text-destructive">The hours could not be loaded.</p>
        ) : (
          <>
            {data.plan ? (
              <div className="flex flex-col gap-2">
                <HoursBar
                  usedMinutes={data.usedMinutes}
                  includedMinutes={data.plan.includedMinutes}
                />
                <p className="text-xs text-muted-foreground">
                  {data.plan.planName}: {formatWorkTime(data.plan.includedMinutes)} a month, then{" "}
                  {formatMoney(data.plan.overageRateCents)} an hour
                  {data.plan.overridden ? " (this client's own figures)" : " (the defaults)"}.
                </p>
                <PlanHoursForm plan={data.plan} />
              </div>
            ) : (
              <p className="flex items-center gap-1.5 text-sm text-foreground">
                <Clock className="size-4 text-muted-foreground" aria-hidden="true" />
                <span>
                  <span className="font-semibold">{formatWorkTime(data.usedMinutes)}</span> logged.
                  No maintenance plan: no hours are included.
                </span>
              </p>
            )}
            <EntryList
              entries={data.entries}
              clientId={clientId}
              choices={data.choices}
              empty={`No time logged in ${formatMonth(month)}.`}
            />
            <div>
              <h3 className="font-sans text-sm font-semibold text-foreground">Month totals</h3>
              <table className="mt-2 w-full text-sm">
                <caption className="sr-only">Time logged in each of the last six months</caption>
                <thead className="sr-only">
                  <tr>
                    <th scope="col">Month</th>
                    <th scope="col">Time</th>
                  </tr>
                </thead>
                <tbody>
                  {data.months.map((each) => (
                    <tr key={each.month} className="border-t border-border">
                      <th scope="row" className="py-1.5 text-left font-normal text-foreground">
                        {formatMonth(each.month)}
                      </th>
                      <td className="py-1.5 text-right font-medium tabular-nums text-foreground">
                        {formatWorkTime(each.minutes)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </div>
    </Panel>
  );
}
