import { z } from "./zod";
import { plainText, requiredText } from "./fields";

/** A job runs at most once a minute (cron's finest step) and at least once in 31 days. */
export const MIN_PERIOD_SECONDS = 60;
export const MAX_PERIOD_SECONDS = 31 * 86_400;
/** A beat may be this late before it counts as missed: under 10 s is ordinary jitter. */
export const MIN_GRACE_SECONDS = 10;
export const MAX_GRACE_SECONDS = 7 * 86_400;
/** A failed job's message is kept to this many characters. */
export const MAX_BEAT_MESSAGE = 300;

const PERIOD_RULE = `Period must be a whole number of seconds from ${MIN_PERIOD_SECONDS} (a minute) to ${MAX_PERIOD_SECONDS} (31 days)`;
const GRACE_RULE = `Grace must be a whole number of seconds from ${MIN_GRACE_SECONDS} to ${MAX_GRACE_SECONDS} (7 days): how late a beat may be before it counts as missed`;

const seconds = (rule: string, min: number, max: number) =>
  z.number({ error: rule }).int(rule).min(min, rule).max(max, rule);

/** What staff give for a new heartbeat: the job's name, how often it runs, how late it may be. */
export const heartbeatInputSchema = z.object({
  name: requiredText(
    "Name",
    1,
    100,
    "Name the job, e.g. nightly backup",
    "Name must be at most 100 characters",
  ),
  periodSeconds: seconds(PERIOD_RULE, MIN_PERIOD_SECONDS, MAX_PERIOD_SECONDS),
  graceSeconds: seconds(GRACE_RULE, MIN_GRACE_SECONDS, MAX_GRACE_SECONDS),
});
export type HeartbeatInput = z.infer<typeof heartbeatInputSchema>;

/** "new" (no beat yet), "up" (beating on time) or "down" (missed, or the job reported a failure). */
export const heartbeatStates = ["new", "up", "down"] as const;
export type HeartbeatState = (typeof heartbeatStates)[number];

/** A heartbeat as staff and the site's owners see it: never its token. */
export const heartbeatSchema = z.object({
  id: z.uuid(),
  websiteId: z.uuid(),
  name: z.string(),
  periodSeconds: z.number().int(),
  graceSeconds: z.number().int(),
  state: z.enum(heartbeatStates),
  createdAt: z.string(),
  lastBeatAt: z.string().nullable(),
  lastStatus: z.enum(["ok", "fail"]).nullable(),
  /** The failed job's message (?msg=), if it gave one. */
  lastMessage: z.string().nullable(),
  /** When the next beat is expected (it counts as missed a grace later). */
  nextDueAt: z.string(),
});
export type Heartbeat = z.infer<typeof heartbeatSchema>;

/** A heartbeat's row as the server reads it (dates as dates). */
type HeartbeatRow = Omit<Heartbeat, "createdAt" | "lastBeatAt" | "nextDueAt"> & {
  createdAt: Date;
  lastBeatAt: Date | null;
  nextDueAt: Date;
};

/** A heartbeat's row as it is shown: only the fields above, dates in ISO. */
export const heartbeatView = (row: HeartbeatRow): Heartbeat => ({
  id: row.id,
  websiteId: row.websiteId,
  name: row.name,
  periodSeconds: row.periodSeconds,
  graceSeconds: row.graceSeconds,
  state: row.state,
  createdAt: row.createdAt.toISOString(),
  lastBeatAt: row.lastBeatAt?.toISOString() ?? null,
  lastStatus: row.lastStatus ?? null,
  lastMessage: row.lastMessage ?? null,
  nextDueAt: row.nextDueAt.toISOString(),
});

/** A heartbeat in the back office's monitoring view, with its site and client. */
export const monitoredHeartbeatSchema = heartbeatSchema.extend({
  domain: z.string(),
  companyId: z.uuid(),
  companyName: z.string(),
});
export type MonitoredHeartbeat = z.infer<typeof monitoredHeartbeatSchema>;

/** A new heartbeat: the only answer that carries its secret URL, once. */
export const createdHeartbeatSchema = heartbeatSchema.extend({ url: z.string() });
export type CreatedHeartbeat = z.infer<typeof createdHeartbeatSchema>;

/** The beat's query: ?status=fail&msg=... reports a failed run; anything else is a good one. */
export const beatQuerySchema = z.object({
  status: z.enum(["ok", "fail"], { error: "status must be ok or fail" }).optional(),
  /** Kept on one line, to 300 characters; control characters other than line breaks refused. */
  msg: plainText("msg").optional(),
});

/** What a beat answers: that it was recorded, and when the next one is due. */
export const beatAnswerSchema = z.object({
  ok: z.literal(true),
  status: z.enum(["ok", "fail"]),
  nextDueAt: z.string(),
});
