import { and, asc, eq, gt, inArray, lt, lte } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { HORIZON_DAYS, type CalendarFeedView } from "@shared/schemas/bookings";
import type { Db, DbExecutor } from "../db/client";
import { staffBusyTimes, staffCalendarFeeds } from "../db/schema";
import { createPeriodicWorker } from "../scheduling/periodic";
import {
  busyIntervals,
  CalendarReadError,
  fetchCalendar,
  type BusyInterval,
  type FetchLimits,
} from "./calendar-reading";

/** Each staff calendar is read this often. */
export const FEED_EVERY_MS = 10 * 60 * 1000;
/** How often an instance looks for calendars due (a pass with none due is one small statement). */
export const FEED_PASS_EVERY_MS = 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

type Log = Pick<FastifyBaseLogger, "info" | "error">;
const quiet: Log = { info() {}, error() {} };

export type FeedReadSettings = Pick<FetchLimits, "allowPrivate" | "timeoutMs" | "maxBytes"> & {
  /** The agency's zone: all-day events are busy for their days in it. */
  timeZone: string;
};

/** A staff member's calendar address and how its last read went; null when they gave none. */
export async function calendarFeedOf(
  db: DbExecutor,
  userId: string,
): Promise<CalendarFeedView["calendar"]> {
  const [row] = await db
    .select()
    .from(staffCalendarFeeds)
    .where(eq(staffCalendarFeeds.userId, userId));
  if (!row) return null;
  return {
    url: row.url,
    fetchedAt: row.fetchedAt?.toISOString() ?? null,
    error: row.error,
    busyCount: row.busyCount,
  };
}

/**
 * Saves (or with null, forgets, with its busy times) a staff member's calendar address. A saved
 * address is claimed for the saving request, which reads it at once (readCalendarFeed) once this
 * transaction commits; the workers take it FEED_EVERY_MS later.
 */
export async function saveCalendarFeed(
  tx: DbExecutor,
  userId: string,
  url: string | null,
  now: Date,
) {
  if (url === null) {
    await tx.delete(staffBusyTimes).where(eq(staffBusyTimes.userId, userId));
    await tx.delete(staffCalendarFeeds).where(eq(staffCalendarFeeds.userId, userId));
    return;
  }
  const values = {
    url,
    nextFetchAt: new Date(now.getTime() + FEED_EVERY_MS),
    fetchedAt: null,
    error: null,
    busyCount: 0,
  };
  await tx.delete(staffBusyTimes).where(eq(staffBusyTimes.userId, userId));
  await tx
    .insert(staffCalendarFeeds)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: staffCalendarFeeds.userId, set: values });
}

/**
 * Reads one staff calendar and stores what it found: its busy intervals over the booking window
 * replace the last ones in one transaction, with the time of the read; a failed read keeps the
 * last intervals (a calendar briefly unreachable does not free its owner) and stores why. Nothing
 * is written when the address changed meanwhile (its new address is read by its own save).
 */
export async function readCalendarFeed(
  db: Db,
  feed: { userId: string; url: string },
  settings: FeedReadSettings,
  now: Date,
  signal?: AbortSignal,
): Promise<{ busy: number } | { error: string }> {
  let busy: BusyInterval[];
  try {
    const text = await fetchCalendar(feed.url, { ...settings, signal });
    busy = busyIntervals(
      text,
      {
        from: new Date(now.getTime() - DAY_MS),
        to: new Date(now.getTime() + (HORIZON_DAYS + 2) * DAY_MS),
      },
      settings.timeZone,
    );
  } catch (error) {
    // ical.js refusing a rule it cannot expand is the calendar's fault, not the server's.
    const reason =
      error instanceof CalendarReadError
        ? error.message
        : "The calendar has an event this server cannot read: check its repeating events";
    await db
      .update(staffCalendarFeeds)
      .set({ fetchedAt: now, error: reason.slice(0, 300) })
      .where(and(eq(staffCalendarFeeds.userId, feed.userId), eq(staffCalendarFeeds.url, feed.url)));
    return { error: reason };
  }
  await db.transaction(async (tx) => {
    const [still] = await tx
      .update(staffCalendarFeeds)
      .set({ fetchedAt: now, error: null, busyCount: busy.length })
      .where(and(eq(staffCalendarFeeds.userId, feed.userId), eq(staffCalendarFeeds.url, feed.url)))
      .returning({ userId: staffCalendarFeeds.userId });
    if (!still) return;
    await tx.delete(staffBusyTimes).where(eq(staffBusyTimes.userId, feed.userId));
    if (busy.length > 0) {
      await tx
        .insert(staffBusyTimes)
        .values(busy.map((span) => ({ userId: feed.userId, ...span })));
    }
  });
  return { busy: busy.length };
}

/** The calendars due, each claimed for this instance by moving its next read FEED_EVERY_MS on. */
async function claimDueFeeds(db: Db, now: Date, limit: number) {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ userId: staffCalendarFeeds.userId, url: staffCalendarFeeds.url })
      .from(staffCalendarFeeds)
      .where(lte(staffCalendarFeeds.nextFetchAt, now))
      .orderBy(asc(staffCalendarFeeds.nextFetchAt))
      .limit(limit)
      .for("update", { skipLocked: true });
    if (due.length > 0) {
      await tx
        .update(staffCalendarFeeds)
        .set({ nextFetchAt: new Date(now.getTime() + FEED_EVERY_MS) })
        .where(
          inArray(
            staffCalendarFeeds.userId,
            due.map((row) => row.userId),
          ),
        );
    }
    return due;
  });
}

export type FeedPassOptions = {
  db: Db;
  settings: FeedReadSettings;
  now: Date;
  log?: Log | undefined;
  signal?: AbortSignal | undefined;
  batchSize?: number;
};

/**
 * One pass: the calendars due are claimed (FOR UPDATE SKIP LOCKED, moved FEED_EVERY_MS forward in
 * the claiming transaction, so another instance skips them) and read, a few at a time. After
 * downtime each overdue calendar is read once.
 */
export async function readDueCalendarFeeds(options: FeedPassOptions) {
  const log = options.log ?? quiet;
  const batchSize = options.batchSize ?? 20;
  const run = { read: 0, failed: 0 };
  for (;;) {
    if (options.signal?.aborted) return run;
    const claimed = await claimDueFeeds(options.db, options.now, batchSize);
    const queue = [...claimed];
    await Promise.all(
      Array.from({ length: Math.min(4, queue.length) }, async () => {
        for (let feed = queue.shift(); feed; feed = queue.shift()) {
          try {
            const result = await readCalendarFeed(
              options.db,
              feed,
              options.settings,
              options.now,
              options.signal,
            );
            if ("error" in result) run.failed++;
            else run.read++;
          } catch (error) {
            run.failed++;
            log.error(
              { err: error, userId: feed.userId },
              "calendar feed: recording a read failed",
            );
          }
        }
      }),
    );
    if (claimed.length < batchSize) return run;
  }
}

export type CalendarFeedWorkerOptions = {
  db: Db;
  settings: FeedReadSettings;
  log: Log;
  intervalMs?: number | undefined;
  now?: (() => Date) | undefined;
};

/** Every minute (and at start, to catch up), the staff calendars due for their 10-minute read. */
export function createCalendarFeedWorker(options: CalendarFeedWorkerOptions) {
  const now = options.now ?? (() => new Date());
  return createPeriodicWorker({
    name: "staff calendars",
    log: options.log,
    everyMs: options.intervalMs ?? FEED_PASS_EVERY_MS,
    async pass(signal) {
      const run = await readDueCalendarFeeds({
        db: options.db,
        settings: options.settings,
        now: now(),
        log: options.log,
        signal,
      });
      if (run.read + run.failed > 0) options.log.info(run, "staff calendars read");
      return run;
    },
  });
}

/** The staff's calendar busy times that could touch a slot between two instants. */
export function calendarBusySpans(db: DbExecutor, from: Date, to: Date) {
  return db
    .select({
      id: staffBusyTimes.id,
      staffId: staffBusyTimes.userId,
      startsAt: staffBusyTimes.startsAt,
      endsAt: staffBusyTimes.endsAt,
    })
    .from(staffBusyTimes)
    .where(and(gt(staffBusyTimes.endsAt, from), lt(staffBusyTimes.startsAt, to)));
}
