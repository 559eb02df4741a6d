import { and, asc, desc, eq, inArray, lte, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { queryRows, type Db, type DbExecutor } from "../db/client";
import { listenForCommits, signalAfterCommit } from "../db/commit-signals";
import { outboxEmails, type OutboxEmail } from "../db/schema";
import { emailsFailed, emailsSent } from "../metrics/metrics";
import type { Email, Mailer } from "./mailer";

export type EmailKind =
  | "lead-notification"
  | "lead-acknowledgement"
  | "sign-in-link"
  | "ticket-new"
  | "ticket-client-reply"
  | "ticket-staff-reply"
  | "ticket-acknowledgement"
  | "ticket-status"
  | "website-added"
  | "domain-added"
  | "auto-renew-switched"
  | "client-invitation"
  | "proposal-sent"
  | "proposal-answered"
  | "project-approval-request"
  | "project-update"
  | "project-milestone-answer"
  | "invoice-issued"
  | "invoice-reminder"
  | "payment-receipt"
  | "payment-failed"
  | "credit-note"
  | "plan-request"
  | "site-down"
  | "site-recovered"
  | "expiry-warning"
  | "status-subscription"
  | "status-update"
  | "maintenance-notice"
  | "site-speed-poor"
  | "webhook-disabled"
  | "monthly-report"
  | "booking-confirmation"
  | "booking-notification"
  | "booking-reminder";

export type QueuedEmail = Email & { kind: EmailKind };

const URGENT = 0;
const ROUTINE = 1;

/**
 * The one place a kind's priority is decided: with a backlog, the worker sends lower numbers
 * first. A sign-in link or an invitation is awaited by someone now (and a link dies in 15
 * minutes); security emails belong here too.
 */
const PRIORITY_OF: Record<EmailKind, number> = {
  "sign-in-link": URGENT,
  "client-invitation": URGENT,
  "lead-notification": ROUTINE,
  "lead-acknowledgement": ROUTINE,
  "ticket-new": ROUTINE,
  "ticket-client-reply": ROUTINE,
  "ticket-staff-reply": ROUTINE,
  "ticket-acknowledgement": ROUTINE,
  "ticket-status": ROUTINE,
  "website-added": ROUTINE,
  "domain-added": ROUTINE,
  "auto-renew-switched": ROUTINE,
  "proposal-sent": ROUTINE,
  "proposal-answered": ROUTINE,
  "project-approval-request": ROUTINE,
  "project-update": ROUTINE,
  "project-milestone-answer": ROUTINE,
  "invoice-issued": ROUTINE,
  "invoice-reminder": ROUTINE,
  "payment-receipt": ROUTINE,
  "payment-failed": ROUTINE,
  "credit-note": ROUTINE,
  "plan-request": ROUTINE,
  // A site down is news someone acts on now.
  "site-down": URGENT,
  "site-recovered": ROUTINE,
  "expiry-warning": ROUTINE,
  // A subscriber waits for the link to confirm with.
  "status-subscription": URGENT,
  "status-update": ROUTINE,
  "maintenance-notice": ROUTINE,
  "site-speed-poor": ROUTINE,
  // Events pile up unsent (and their log is the only catch-up) until someone acts.
  "webhook-disabled": URGENT,
  "monthly-report": ROUTINE,
  // The visitor waits for the invitation of the call they just booked (or moved, or cancelled).
  "booking-confirmation": URGENT,
  "booking-notification": ROUTINE,
  "booking-reminder": ROUTINE,
};

/** What enqueueEmails signals once the emails are committed: the worker listens for it. */
const EMAILS_QUEUED = "outbox: emails queued";

/**
 * Writes emails to the outbox; pass the transaction of the event that causes them. The worker
 * of this process is woken once they are committed, so they go out at once, not at its next poll.
 */
export async function enqueueEmails(db: DbExecutor, emails: QueuedEmail[]): Promise<void> {
  if (emails.length === 0) return;
  await db.insert(outboxEmails).values(
    emails.map((email) => ({
      kind: email.kind,
      priority: PRIORITY_OF[email.kind],
      to: email.to,
      replyTo: email.replyTo ?? null,
      subject: email.subject,
      text: email.text,
      html: email.html,
      attachments: email.attachments ?? null,
      listUnsubscribe: email.listUnsubscribe ?? null,
    })),
  );
  signalAfterCommit(db, EMAILS_QUEUED);
}

/** The latest emails and what became of them, for staff. */
/**
 * The latest emails, newest first. withText: each one's text too (outside production only, so
 * an evaluator can follow its links from the back office).
 */
export async function listRecentEmails(db: Db, { withText = false, limit = 100 } = {}) {
  const rows = await db
    .select()
    .from(outboxEmails)
    .orderBy(desc(outboxEmails.createdAt))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    to: row.to,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    ...(withText ? { text: row.text } : {}),
  }));
}

/** The emails waiting to be sent, and how long the oldest has waited (what an alert watches). */
export async function outboxBacklog(db: Db): Promise<{ queued: number; oldestAgeSeconds: number }> {
  const [row] = await queryRows<{ queued: number; oldest: number | null }>(
    db,
    sql`select count(*)::int as queued,
          extract(epoch from now() - min(${outboxEmails.createdAt}))::float8 as oldest
        from ${outboxEmails} where ${outboxEmails.status} = 'pending'`,
  );
  return { queued: Number(row?.queued ?? 0), oldestAgeSeconds: Math.max(0, row?.oldest ?? 0) };
}

export type OutboxWorkerOptions = {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** How often to look for due emails when not woken. */
  pollMs?: number;
  /** First retry delay; each later one doubles, up to an hour. */
  retryBaseMs?: number;
  maxAttempts?: number;
};

const BATCH = 10;
/** A claimed email is not offered to another worker for this long (a crash mid-send frees it). */
const LEASE_MS = 5 * 60 * 1000;
const MAX_DELAY_MS = 60 * 60 * 1000;
/**
 * How long stop() waits for the email being sent: a server has 10 s to exit after SIGTERM. An
 * email whose send takes longer is left to its lease.
 */
const STOP_WAIT_MS = 5_000;

/**
 * Sends what the outbox holds: claims due rows with FOR UPDATE SKIP LOCKED (so several server
 * instances never claim one email together), urgent kinds first, then oldest first; sends each,
 * and marks it sent, or schedules a retry with growing back-off, or marks it failed after the
 * last try.
 *
 * Delivery is at least once: if the database cannot be reached just after the SMTP server took
 * an email, the email stays claimed, and is sent again when its lease runs out. Every try carries
 * the same Message-ID (see the mailer), so the receiving side can drop the second copy.
 *
 * Once started, it looks for due emails every pollMs, and at once whenever enqueueEmails has
 * committed new ones in this process (another instance's are found at the next poll).
 *
 * stop() claims no more: it hands the unsent rest of the batch back (due at once, the attempt it
 * never had not counted) and waits, for at most STOP_WAIT_MS, for the email being sent.
 */
export function createOutboxWorker({
  db,
  mailer,
  log,
  pollMs = 5_000,
  retryBaseMs = 30_000,
  maxAttempts = 8,
}: OutboxWorkerOptions) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let started = false;
  let stopping: Promise<void> | undefined;
  let stopListening = () => {};
  /** The claimed rows each run has yet to send, so that stop() can hand them back. */
  const inHand = new Set<OutboxEmail[]>();

  async function claim(): Promise<OutboxEmail[]> {
    const now = new Date();
    return db.transaction(async (tx) => {
      const due = await tx
        .select({ id: outboxEmails.id })
        .from(outboxEmails)
        .where(and(eq(outboxEmails.status, "pending"), lte(outboxEmails.nextAttemptAt, now)))
        .orderBy(asc(outboxEmails.priority), asc(outboxEmails.createdAt))
        .limit(BATCH)
        .for("update", { skipLocked: true });
      if (due.length === 0) return [];
      const claimed = await tx
        .update(outboxEmails)
        .set({
          attempts: sql`${outboxEmails.attempts} + 1`,
          nextAttemptAt: new Date(now.getTime() + LEASE_MS),
        })
        .where(
          inArray(
            outboxEmails.id,
            due.map((row) => row.id),
          ),
        )
        .returning();
      // RETURNING keeps no order: send in the order claimed.
      const order = new Map(due.map((row, i) => [row.id, i]));
      return claimed.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
    });
  }

  /** Makes claimed rows that were never tried due again at once, as if never claimed. */
  async function release(batch: OutboxEmail[]) {
    const unsent = batch.splice(0);
    if (unsent.length === 0) return;
    try {
      await db
        .update(outboxEmails)
        .set({ attempts: sql`${outboxEmails.attempts} - 1`, nextAttemptAt: new Date() })
        .where(
          and(
            inArray(
              outboxEmails.id,
              unsent.map((email) => email.id),
            ),
            // Only while our lease (one per batch) holds; after it, another worker may own them.
            eq(outboxEmails.nextAttemptAt, unsent[0]!.nextAttemptAt),
          ),
        );
    } catch (error) {
      // They are not lost: their lease runs out.
      log.warn({ err: error, emails: unsent.length }, "could not hand back unsent emails");
    }
  }

  async function deliver(email: OutboxEmail): Promise<boolean> {
    let accepted = false;
    try {
      await mailer.send({
        id: email.id,
        to: email.to,
        subject: email.subject,
        text: email.text,
        html: email.html,
        ...(email.replyTo ? { replyTo: email.replyTo } : {}),
        ...(email.attachments ? { attachments: email.attachments } : {}),
        ...(email.listUnsubscribe ? { listUnsubscribe: email.listUnsubscribe } : {}),
      });
      accepted = true;
      emailsSent.inc();
      await db
        .update(outboxEmails)
        .set({ status: "sent", sentAt: new Date(), lastError: null })
        .where(eq(outboxEmails.id, email.id));
      return true;
    } catch (error) {
      const lastTry = email.attempts >= maxAttempts;
      if (!accepted) emailsFailed.inc({ final: String(lastTry) });
      const delay = Math.min(retryBaseMs * 2 ** (email.attempts - 1), MAX_DELAY_MS);
      await db
        .update(outboxEmails)
        .set({
          status: lastTry ? "failed" : "pending",
          nextAttemptAt: new Date(Date.now() + delay),
          lastError: String(error).slice(0, 1000),
        })
        .where(eq(outboxEmails.id, email.id));
      log.warn(
        { err: error, emailId: email.id, attempt: email.attempts, gaveUp: lastTry },
        lastTry ? "email failed for good" : "email failed; will retry",
      );
      return false;
    }
  }

  /** Sends due emails, batch after batch, until none is left or stop(); returns the number sent. */
  async function runOnce(): Promise<number> {
    let sent = 0;
    const batch: OutboxEmail[] = [];
    inHand.add(batch);
    try {
      while (!stopping) {
        batch.push(...(await claim()));
        if (batch.length === 0) return sent;
        while (!stopping) {
          const email = batch.shift();
          if (!email) break;
          if (await deliver(email)) sent++;
        }
      }
      return sent;
    } finally {
      inHand.delete(batch);
      // What stop() came too late to hand back, or what an error left untried.
      await release(batch);
    }
  }

  function schedule(ms: number) {
    if (!started || stopping) return;
    clearTimeout(timer);
    timer = setTimeout(tick, ms);
    timer.unref();
  }

  function tick() {
    if (running) {
      again = true;
      return;
    }
    running = runOnce()
      .then(() => undefined)
      .catch((error: unknown) => log.error({ err: error }, "outbox run failed"))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          schedule(0);
        } else {
          schedule(pollMs);
        }
      });
  }

  async function finish() {
    stopListening();
    clearTimeout(timer);
    const handedBack = Promise.all([...inHand].map(release));
    let waited: NodeJS.Timeout | undefined;
    const timeUp = new Promise<void>((resolve) => (waited = setTimeout(resolve, STOP_WAIT_MS)));
    await Promise.race([Promise.all([running, handedBack]), timeUp]);
    clearTimeout(waited);
  }

  return {
    runOnce,
    /** Sends what waits now, or after `firstPassInMs`, and each email as soon as it is queued. */
    start(firstPassInMs = 0) {
      started = true;
      stopListening = listenForCommits(db, EMAILS_QUEUED, () => schedule(0));
      schedule(firstPassInMs);
    },
    /** Claims no more emails; resolves once the one being sent is done (or after STOP_WAIT_MS). */
    stop(): Promise<void> {
      stopping ??= finish();
      return stopping;
    },
  };
}

export type OutboxWorker = ReturnType<typeof createOutboxWorker>;
