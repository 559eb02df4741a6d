import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq, gt } from "drizzle-orm";
import { booking as bookingContent } from "@content/booking";
import { brand } from "@content/site";
import type { DbExecutor } from "../db/client";
import { bookings, staffBookingFeeds } from "../db/schema";
import { feedIcs, invitationUid } from "./invitation";
import { invitationCallOf, type BookingMailSettings } from "./messages";

/*
 * Each staff member's private feed of their own calls, for their calendar app: an address with a
 * random token, shown once and kept only as its SHA-256. Issuing a new one replaces the old, whose
 * address then answers 404.
 */

/** Feed tokens start with this, so a leaked one is recognisable. */
export const BOOKING_FEED_PREFIX = "hlc_";
/** Calls this far back stay in the feed, so last week's calls do not vanish from the calendar. */
const RECENT_DAYS = 30;

const hashFeedToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** The feed's address for a token. */
export const bookingFeedUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/api/bookings/calendar/${token}`;

/** When the staff member's feed was issued, or null when they have none. */
export async function bookingFeedIssuedAt(db: DbExecutor, userId: string) {
  const [row] = await db
    .select({ issuedAt: staffBookingFeeds.issuedAt })
    .from(staffBookingFeeds)
    .where(eq(staffBookingFeeds.userId, userId));
  return row?.issuedAt ?? null;
}

/** A new token for the staff member's feed, replacing any before it; the token this once. */
export async function issueBookingFeed(tx: DbExecutor, userId: string, now: Date) {
  const token = BOOKING_FEED_PREFIX + randomBytes(32).toString("base64url");
  const values = { tokenHash: hashFeedToken(token), issuedAt: now };
  await tx
    .insert(staffBookingFeeds)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: staffBookingFeeds.userId, set: values });
  return { token, issuedAt: now };
}

/**
 * The feed a token opens: the owner's confirmed calls from RECENT_DAYS ago on, each a VEVENT with
 * its invitation's UID and SEQUENCE; undefined for a token no feed has.
 */
export async function bookingFeedIcs(
  db: DbExecutor,
  token: string,
  settings: BookingMailSettings,
  now: Date,
): Promise<string | undefined> {
  if (!token.startsWith(BOOKING_FEED_PREFIX) || token.length > 100) return undefined;
  const [feed] = await db
    .select({ userId: staffBookingFeeds.userId })
    .from(staffBookingFeeds)
    .where(eq(staffBookingFeeds.tokenHash, hashFeedToken(token)));
  if (!feed) return undefined;
  const rows = await db
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.staffId, feed.userId),
        eq(bookings.status, "confirmed"),
        gt(bookings.endsAt, new Date(now.getTime() - RECENT_DAYS * 24 * 3_600_000)),
      ),
    )
    .orderBy(asc(bookings.startsAt));
  return feedIcs(
    `${brand.name} ${bookingContent.callName}s`,
    rows.map((row) => {
      const call = invitationCallOf(row, settings);
      const visitorNote = row.note ? `\n\nTheir note: ${row.note}` : "";
      return {
        call: {
          ...call,
          summary: `${bookingContent.callName} with ${row.name}`,
          description: `${row.name} <${row.email}>${visitorNote}`,
        },
        uid: invitationUid(row.id, settings.publicUrl),
      };
    }),
    now,
  );
}
