import { and, eq, gt, ne, sql } from "drizzle-orm";
import type { AccountSession } from "@shared/schemas/account";
import type { Db, DbExecutor } from "../db/client";
import { sessions } from "../db/schema";

/** How long a session lives without use; every answer pushes its expiry this far ahead. */
export const SESSION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

const ownedBy = (userId: string) => sql`${sessions.sess}->>'userId' = ${userId}`;

/** A short name of the device a user agent describes: "Chrome on macOS", "Safari on iPhone". */
export function deviceName(userAgent: string | undefined): string {
  if (!userAgent) return "Unknown device";
  const browser =
    [
      [/Edg\//, "Edge"],
      [/OPR\/|Opera/, "Opera"],
      [/Firefox\//, "Firefox"],
      [/Chrome\/|CriOS\//, "Chrome"],
      [/Safari\//, "Safari"],
    ].find(([pattern]) => (pattern as RegExp).test(userAgent))?.[1] ?? "Browser";
  const system =
    [
      [/iPhone/, "iPhone"],
      [/iPad/, "iPad"],
      [/Android/, "Android"],
      [/Windows/, "Windows"],
      [/Mac OS X|Macintosh/, "macOS"],
      [/CrOS/, "ChromeOS"],
      [/Linux/, "Linux"],
    ].find(([pattern]) => (pattern as RegExp).test(userAgent))?.[1] ?? undefined;
  return system ? `${String(browser)} on ${String(system)}` : String(browser);
}

type StoredSession = { userAgent?: string; signedInAt?: string };

/**
 * The user's live sessions, the most recently used first. Last seen is read from the expiry,
 * which every answer moves to a week ahead, so listing needs no write per request.
 */
export async function listSessions(
  db: Db,
  userId: string,
  currentSid: string,
  now = new Date(),
): Promise<AccountSession[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(and(ownedBy(userId), gt(sessions.expire, now)));
  return rows
    .map((row) => {
      const sess = (
        typeof row.sess === "string" ? JSON.parse(row.sess) : row.sess
      ) as StoredSession;
      const lastSeen = new Date(
        Math.min(row.expire.getTime() - SESSION_LIFETIME_MS, now.getTime()),
      );
      return {
        id: row.sid,
        device: deviceName(sess.userAgent),
        lastSeenAt: lastSeen.toISOString(),
        signedInAt: sess.signedInAt ?? null,
        current: row.sid === currentSid,
      };
    })
    .sort(
      (a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt),
    );
}

/** Deletes one of the user's sessions; false when it is not theirs (or not there). */
export async function revokeSession(db: DbExecutor, userId: string, sid: string): Promise<boolean> {
  const deleted = await db
    .delete(sessions)
    .where(and(eq(sessions.sid, sid), ownedBy(userId)))
    .returning({ sid: sessions.sid });
  return deleted.length > 0;
}

/** Deletes every session of the user but this one; how many there were. */
export async function revokeOtherSessions(
  db: DbExecutor,
  userId: string,
  currentSid: string,
): Promise<string[]> {
  const deleted = await db
    .delete(sessions)
    .where(and(ownedBy(userId), ne(sessions.sid, currentSid)))
    .returning({ sid: sessions.sid });
  return deleted.map((row) => row.sid);
}
