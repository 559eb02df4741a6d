import { eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { queryRows, type Db } from "../db/client";
import { bookings } from "../db/schema";
import { createPeriodicWorker } from "../scheduling/periodic";
import { issueBookingTokens } from "./bookings";
import { queueBookingReminder, type BookingMailSettings } from "./messages";

/** The reminder goes this long before the call. */
export const REMINDER_HOURS = 24;
const BATCH = 50;

/**
 * Queues the reminders of the calls starting within REMINDER_HOURS that have none yet, each once
 * across instances: the rows are claimed with FOR UPDATE SKIP LOCKED and marked in the statement
 * that claims them, in the transaction that queues their emails (decision 010). After downtime
 * the first pass catches up on every call still to come. Each reminder carries fresh links.
 */
export async function sendDueReminders(
  db: Db,
  settings: BookingMailSettings,
  now: Date,
): Promise<number> {
  let sent = 0;
  for (;;) {
    const claimed = await db.transaction(async (tx) => {
      const ids = await queryRows<{ id: string }>(
        tx,
        sql`
        update ${bookings} set reminder_sent_at = ${now}
        where id in (
          select id from ${bookings}
          where status = 'confirmed' and reminder_sent_at is null
            and starts_at > ${now}
            and starts_at <= ${new Date(now.getTime() + REMINDER_HOURS * 3_600_000)}
          order by starts_at
          limit ${BATCH}
          for update skip locked
        )
        returning id`,
      );
      for (const { id } of ids) {
        const [row] = await tx.select().from(bookings).where(eq(bookings.id, id));
        const links = await issueBookingTokens(tx, id);
        await queueBookingReminder(tx, row!, settings, links);
      }
      return ids.length;
    });
    sent += claimed;
    if (claimed < BATCH) return sent;
  }
}

export type ReminderWorkerOptions = {
  db: Db;
  settings: BookingMailSettings;
  log: FastifyBaseLogger;
  intervalMs: number;
  now?: () => Date;
};

/** Every interval (and at start, to catch up), the reminders now due. */
export function createReminderWorker(options: ReminderWorkerOptions) {
  const now = options.now ?? (() => new Date());
  return createPeriodicWorker({
    name: "call reminders",
    log: options.log,
    everyMs: options.intervalMs,
    async pass() {
      const sent = await sendDueReminders(options.db, options.settings, now());
      if (sent > 0) options.log.info({ sent }, "call reminders queued");
      return sent;
    },
  });
}
