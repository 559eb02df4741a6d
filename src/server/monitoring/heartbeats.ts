import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { formatPeriod } from "@shared/format";
import {
  heartbeatView,
  MAX_BEAT_MESSAGE,
  type CreatedHeartbeat,
  type Heartbeat,
  type HeartbeatInput,
} from "@shared/schemas/heartbeats";
import type { Db, DbExecutor } from "../db/client";
import { heartbeats, liveWebsite, monitorIncidents, websites } from "../db/schema";
import { heartbeatIncidentNotice, noticeIncident } from "../notices/site-notices";
import type { NoticeSettings } from "../notices/notices";

/*
 * Heartbeat monitors: a site's job (a nightly backup) calls its secret URL when it is done.
 * A missed beat (none within the period and the grace after it) or a failed one (?status=fail)
 * opens an incident of the heartbeat and alerts once; the next good beat closes it.
 */

/** Tokens start with this, so a leaked one is recognisable (and found by secret scanners). */
export const HEARTBEAT_TOKEN_PREFIX = "hlb_";

/** What is stored of a token: its SHA-256, in hex. A token has 256 random bits: no salt needed. */
export const hashHeartbeatToken = (token: string) =>
  createHash("sha256").update(token).digest("hex");

/** The address a job calls: shown once, when the heartbeat is made. */
export const heartbeatUrl = (publicUrl: string, token: string) =>
  `${publicUrl.replace(/\/$/, "")}/api/heartbeats/${token}`;

type Row = typeof heartbeats.$inferSelect;

async function siteOf(db: DbExecutor, websiteId: string) {
  const [site] = await db
    .select({ id: websites.id, companyId: websites.companyId, domain: websites.domain })
    .from(websites)
    .where(eq(websites.id, websiteId));
  return site;
}

/** The heartbeats of some websites, by website, each list oldest first. */
export async function heartbeatsOfSites(db: DbExecutor, websiteIds: string[]) {
  const bySite = new Map<string, Heartbeat[]>();
  if (websiteIds.length === 0) return bySite;
  const rows = await db
    .select()
    .from(heartbeats)
    .where(inArray(heartbeats.websiteId, websiteIds))
    .orderBy(asc(heartbeats.createdAt), asc(heartbeats.id));
  for (const row of rows) {
    bySite.set(row.websiteId, [...(bySite.get(row.websiteId) ?? []), heartbeatView(row)]);
  }
  return bySite;
}

/** A website's heartbeats, oldest first; undefined when there is no such website. */
export async function listHeartbeats(db: DbExecutor, websiteId: string) {
  if (!(await siteOf(db, websiteId))) return undefined;
  return (await heartbeatsOfSites(db, [websiteId])).get(websiteId) ?? [];
}

/**
 * A new heartbeat for a website, returned with its URL this once (only the token's hash is
 * kept); undefined when there is no such website. Its first beat is due a period from now.
 */
export async function createHeartbeat(
  db: DbExecutor,
  websiteId: string,
  input: HeartbeatInput,
  publicUrl: string,
  now = new Date(),
): Promise<(CreatedHeartbeat & { companyId: string }) | undefined> {
  const site = await siteOf(db, websiteId);
  if (!site) return undefined;
  const token = HEARTBEAT_TOKEN_PREFIX + randomBytes(32).toString("base64url");
  const [row] = await db
    .insert(heartbeats)
    .values({
      websiteId,
      name: input.name,
      periodSeconds: input.periodSeconds,
      graceSeconds: input.graceSeconds,
      tokenHash: hashHeartbeatToken(token),
      createdAt: now,
      nextDueAt: new Date(now.getTime() + input.periodSeconds * 1000),
    })
    .returning();
  return { ...heartbeatView(row!), url: heartbeatUrl(publicUrl, token), companyId: site.companyId };
}

/** Deletes a heartbeat and its incidents; undefined when there is no such heartbeat. */
export async function deleteHeartbeat(db: DbExecutor, id: string) {
  const [row] = await db.delete(heartbeats).where(eq(heartbeats.id, id)).returning();
  if (!row) return undefined;
  const site = await siteOf(db, row.websiteId);
  return { ...heartbeatView(row), companyId: site!.companyId };
}

/** What a job said: a good run, or a failed one with its message. */
export type Beat = { status: "ok" | "fail"; message?: string | undefined };

// eslint-disable-next-line no-control-regex -- a job's message may carry anything
const CONTROL = /[\u0000-\u001f\u007f]+/g;

/** A job's message as kept: one line, no control characters, at most 300 characters. */
const cleanMessage = (message: string | undefined) => {
  const text = (message ?? "").replace(CONTROL, " ").replace(/\s+/g, " ").trim();
  return text ? text.slice(0, MAX_BEAT_MESSAGE) : null;
};

type Settings = NoticeSettings;

/**
 * Records a beat of the heartbeat whose token this is; undefined (nothing changed) when no
 * heartbeat has it. A good beat closes the heartbeat's open incident (with a recovery email if
 * it was alerted of); a failed one opens one (alerting once) unless one is open already. Either
 * way the next beat is due a period from now.
 */
export async function recordBeat(
  db: Db,
  token: string,
  beat: Beat,
  settings: Settings,
  now = new Date(),
): Promise<{ status: "ok" | "fail"; nextDueAt: string } | undefined> {
  if (!token.startsWith(HEARTBEAT_TOKEN_PREFIX) || token.length > 200) return undefined;
  const message = beat.status === "fail" ? cleanMessage(beat.message) : null;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(heartbeats)
      .set({
        lastBeatAt: now,
        lastStatus: beat.status,
        lastMessage: message,
        nextDueAt: sql`${now.toISOString()}::timestamptz + ${heartbeats.periodSeconds} * interval '1 second'`,
        state: beat.status === "ok" ? "up" : "down",
      })
      .where(eq(heartbeats.tokenHash, hashHeartbeatToken(token)))
      .returning();
    if (!row) return undefined;
    const site = (await siteOf(tx, row.websiteId))!;
    const job = {
      ...row,
      websiteId: row.websiteId,
      companyId: site.companyId,
      domain: site.domain,
    };
    if (beat.status === "ok") {
      const [closed] = await tx
        .update(monitorIncidents)
        .set({ endedAt: now })
        .where(and(eq(monitorIncidents.heartbeatId, row.id), isNull(monitorIncidents.endedAt)))
        .returning();
      if (closed?.alertedAt) {
        await noticeIncident(
          tx,
          heartbeatIncidentNotice(
            "recovered",
            job,
            { ...closed, endedAt: now, detail: closed.detail ?? "", failed: false },
            settings,
          ),
          settings,
        );
      }
    } else {
      await openIncident(tx, job, now, message ?? "the job gave no message", true, settings);
    }
    return { status: beat.status, nextDueAt: row.nextDueAt.toISOString() };
  });
}

type Job = Row & { companyId: string; domain: string };

/** Opens the heartbeat's incident and alerts of it, unless one is open already. */
async function openIncident(
  tx: DbExecutor,
  job: Job,
  startedAt: Date,
  detail: string,
  failed: boolean,
  settings: Settings,
) {
  const [opened] = await tx
    .insert(monitorIncidents)
    .values({
      websiteId: job.websiteId,
      heartbeatId: job.id,
      cause: "heartbeat",
      detail: detail.slice(0, 300),
      startedAt,
      alertedAt: startedAt,
    })
    .onConflictDoNothing()
    .returning();
  if (!opened) return { opened: false, emailsQueued: 0 };
  const emailsQueued = await noticeIncident(
    tx,
    heartbeatIncidentNotice("down", job, { id: opened.id, startedAt, detail, failed }, settings),
    settings,
  );
  return { opened: true, emailsQueued };
}

/** The moment a heartbeat's beat counts as missed: its due time plus its grace. */
const deadline = sql`${heartbeats.nextDueAt} + ${heartbeats.graceSeconds} * interval '1 second'`;

/**
 * Heartbeats of live sites whose beat is overdue (no beat by the due time and the grace after
 * it) go down: each is claimed by the update that moves it to "down" (a second instance's
 * update finds it down already and changes nothing), and in that transaction its incident is
 * opened and alerted of, once. After downtime a heartbeat missed long ago is alerted of once.
 */
export async function checkOverdueHeartbeats(
  db: Db,
  now: Date,
  settings: Settings,
): Promise<{ opened: number; emailsQueued: number }> {
  const done = { opened: 0, emailsQueued: 0 };
  const due = await db
    .select({ id: heartbeats.id })
    .from(heartbeats)
    .innerJoin(websites, eq(websites.id, heartbeats.websiteId))
    .where(
      and(
        sql`${heartbeats.state} <> 'down'`,
        sql`${deadline} <= ${now.toISOString()}::timestamptz`,
        liveWebsite,
      ),
    )
    .orderBy(asc(heartbeats.nextDueAt))
    .limit(100);
  for (const { id } of due) {
    const result = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(heartbeats)
        .set({ state: "down" })
        .where(
          and(
            eq(heartbeats.id, id),
            sql`${heartbeats.state} <> 'down'`,
            sql`${deadline} <= ${now.toISOString()}::timestamptz`,
          ),
        )
        .returning();
      if (!row) return { opened: false, emailsQueued: 0 };
      const site = (await siteOf(tx, row.websiteId))!;
      const job = { ...row, companyId: site.companyId, domain: site.domain };
      const detail = `no beat in ${formatPeriod(row.periodSeconds)} and ${formatPeriod(row.graceSeconds)} of grace`;
      return openIncident(tx, job, now, detail, false, settings);
    });
    if (result.opened) done.opened++;
    done.emailsQueued += result.emailsQueued;
  }
  return done;
}
