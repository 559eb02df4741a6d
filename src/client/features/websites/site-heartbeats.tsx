import type { Heartbeat } from "@shared/schemas/heartbeats";
import { heartbeatStateText } from "@shared/heartbeat-text";
import { formatDateTime, formatPeriod, timeAgo } from "@shared/format";
import { Pill } from "@/components/pill";

const tone = { down: "red", new: "neutral", up: "green" } as const;

/**
 * The site's jobs that report a heartbeat (a nightly backup), beside its checks: each one's
 * state, its last beat (a failed one's message) and when the next one is due.
 */
export function HeartbeatList({ heartbeats, now }: { heartbeats: Heartbeat[]; now: number }) {
  if (heartbeats.length === 0) return null;
  return (
    <>
      <h3 className="mt-6 mb-3 font-sans text-sm font-semibold text-foreground">Scheduled jobs</h3>
      <ul
        aria-label="Scheduled jobs"
        className="divide-y divide-border rounded-xl border border-border"
      >
        {heartbeats.map((job) => (
          <li
            key={job.id}
            className="flex flex-col gap-2 px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="min-w-0">
              <p className="font-medium break-words text-foreground">{job.name}</p>
              <p className="text-muted-foreground">
                {job.lastBeatAt ? (
                  <>
                    Last run reported{" "}
                    <time dateTime={job.lastBeatAt}>{timeAgo(job.lastBeatAt, now)}</time>
                  </>
                ) : (
                  "No run reported yet"
                )}
                {" · "}next due{" "}
                <time dateTime={job.nextDueAt}>{formatDateTime(job.nextDueAt)}</time>
                {" · "}every {formatPeriod(job.periodSeconds)}
              </p>
              {job.state === "down" && job.lastMessage && (
                <p className="break-words text-red-800">{job.lastMessage}</p>
              )}
            </div>
            <div className="shrink-0 self-start sm:self-auto">
              <Pill tone={tone[job.state]} dot>
                {heartbeatStateText(job)}
              </Pill>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
