import { formatDuration } from "./format";

/**
 * Where a ticket stands against its first-response target, at a given moment. Wall-clock time:
 * there is no business-hours calendar, so a target set on Friday evening runs through the
 * weekend (see src/content/support.ts).
 */
export type FirstResponseState =
  /** Waiting for the team's first reply, the target still ahead: `minutes` left. */
  | "due"
  /** Waiting for the first reply past the target: late by `minutes`. */
  | "late"
  /** The team replied `minutes` after the ticket was opened (`onTime`: by the target). */
  | "answered"
  /** Resolved or closed before any reply from the team: nothing to wait for. */
  | "closed"
  /** Opened before targets were kept: no target to count down to. */
  | "none";

export type FirstResponse = {
  state: FirstResponseState;
  minutes: number | null;
  onTime: boolean | null;
  dueAt: string | null;
  respondedAt: string | null;
  /** The target the ticket was given when it opened, in hours. */
  targetHours: number | null;
};

export type ResponseTimes = {
  status: string;
  createdAt: Date;
  firstResponseDueAt: Date | null;
  firstRespondedAt: Date | null;
};

const MINUTE_MS = 60_000;
const stopped = new Set(["resolved", "closed"]);

export function firstResponse(ticket: ResponseTimes, now: Date): FirstResponse {
  const due = ticket.firstResponseDueAt;
  const responded = ticket.firstRespondedAt;
  const base = {
    dueAt: due?.toISOString() ?? null,
    respondedAt: responded?.toISOString() ?? null,
    targetHours: due
      ? Math.round((due.getTime() - ticket.createdAt.getTime()) / (6 * MINUTE_MS)) / 10
      : null,
    onTime: null,
  };
  if (responded) {
    return {
      ...base,
      state: "answered",
      minutes: Math.max(
        0,
        Math.round((responded.getTime() - ticket.createdAt.getTime()) / MINUTE_MS),
      ),
      onTime: due ? responded <= due : null,
    };
  }
  if (stopped.has(ticket.status)) return { ...base, state: "closed", minutes: null };
  if (!due) return { ...base, state: "none", minutes: null };
  const left = due.getTime() - now.getTime();
  return left > 0
    ? { ...base, state: "due", minutes: Math.ceil(left / MINUTE_MS) }
    : { ...base, state: "late", minutes: Math.floor(-left / MINUTE_MS) };
}

/** What the queue says: "2 hr 10 min left", "Late by 35 min", "Answered in 1 hr 5 min". */
export function describeFirstResponse(clock: FirstResponse): string {
  const duration = formatDuration((clock.minutes ?? 0) * 60);
  switch (clock.state) {
    case "due":
      return `${duration} left`;
    case "late":
      return `Late by ${duration}`;
    case "answered":
      return clock.onTime === false ? `Answered late, in ${duration}` : `Answered in ${duration}`;
    case "closed":
      return "Closed before a reply";
    case "none":
      return "No target";
  }
}
