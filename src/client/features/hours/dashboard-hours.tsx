import { Clock } from "lucide-react";
import { formatMonth, formatWorkTime } from "@shared/format";
import { Card } from "@/components/ui/card";
import { usePortalHours } from "./api";
import { HoursBar } from "@/components/hours-bar";

/**
 * The dashboard's care hours: this month's hours used against those the maintenance plan
 * includes. A client with no maintenance plan sees the time logged, once there is some.
 */
export function DashboardHours() {
  const { data } = usePortalHours();
  if (!data || (data.includedMinutes === null && data.usedMinutes === 0)) return null;
  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby="dashboard-hours">
        <div className="flex items-center gap-2">
          <Clock className="size-5 text-gold-600" aria-hidden="true" />
          <h2 id="dashboard-hours" className="text-base font-semibold text-foreground">
            Care hours, {formatMonth(data.month)}
          </h2>
        </div>
        {data.includedMinutes === null ? (
          <p className="mt-3 text-sm text-foreground">
            Our team spent{" "}
            <span className="font-semibold tabular-nums">{formatWorkTime(data.usedMinutes)}</span>{" "}
            on your sites and projects this month.
          </p>
        ) : (
          <>
            <p className="mt-1 text-sm text-muted-foreground">
              Time our team spent on your sites this month, against what {data.planName} includes.
            </p>
            <div className="mt-4">
              <HoursBar usedMinutes={data.usedMinutes} includedMinutes={data.includedMinutes} />
            </div>
          </>
        )}
      </section>
    </Card>
  );
}
