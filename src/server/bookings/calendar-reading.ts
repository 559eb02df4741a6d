import http from "node:http";
import https from "node:https";
import net from "node:net";
import ICAL from "ical.js";
import { addDaysTo, instantOfWallClock, isTimeZone } from "@shared/work-time";
import { ForbiddenAddressError, guardedLookup, isForbiddenAddress } from "../net/addresses";

/*
 * A staff member's own calendar, read as busy time: its private ICS address fetched within
 * bounds (time, size, redirects, and the monitor's rule on private addresses), then parsed with
 * ical.js into the intervals it is busy over the booking window.
 */

/** For the whole read, redirects included. */
export const FEED_TIMEOUT_MS = 10_000;
/** A calendar of a few years is a few hundred kilobytes; a larger answer is refused unread. */
export const FEED_MAX_BYTES = 2 * 1024 * 1024;
export const FEED_MAX_REDIRECTS = 3;
/** Occurrences looked at in one calendar, so a rule repeating every second cannot stall a pass. */
const MAX_OCCURRENCES = 50_000;
/** Busy intervals kept of one calendar. */
export const MAX_BUSY_INTERVALS = 2_000;

/** A read that gave no calendar; its message is for the staff member, shown on their page. */
export class CalendarReadError extends Error {
  override name = "CalendarReadError";
}

export type FetchLimits = {
  /** Whether private and loopback addresses may be read (config.monitorAllowPrivate). */
  allowPrivate: boolean;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  signal?: AbortSignal | undefined;
};

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/** What went wrong with a request, in words. */
function reasonOf(error: unknown, timeoutMs: number, aborted: boolean): string {
  if (aborted) return `The calendar's server did not answer within ${timeoutMs / 1000} seconds`;
  const code = (error as NodeJS.ErrnoException | undefined)?.code ?? "";
  if (code === ForbiddenAddressError.code) {
    return `The address leads to ${(error as Error).message}: use the calendar's public address`;
  }
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return "The address's host name does not exist";
  if (code === "ECONNREFUSED") return "The calendar's server refused the connection";
  if (/CERT|TLS|SSL/.test(code)) return "The calendar's server has no valid certificate";
  return `The calendar could not be read (${code || (error as Error).message})`.slice(0, 300);
}

/** One GET, no redirect followed: the status, the Location, and the body for a 2xx. */
function getOnce(
  url: URL,
  limits: Required<Omit<FetchLimits, "signal">>,
  signal: AbortSignal,
): Promise<{ status: number; location?: string | undefined; body?: Buffer }> {
  return new Promise((resolve, reject) => {
    const host = url.hostname.replace(/^\[|\]$/g, "");
    if (net.isIP(host) && !limits.allowPrivate && isForbiddenAddress(host)) {
      reject(new ForbiddenAddressError(host));
      return;
    }
    const secure = url.protocol === "https:";
    const request = (secure ? https : http).request(
      url,
      {
        method: "GET",
        agent: false,
        signal,
        lookup: guardedLookup(limits) as unknown as https.RequestOptions["lookup"],
        headers: {
          accept: "text/calendar, */*;q=0.5",
          "accept-encoding": "identity",
          "user-agent": "Harborline/1.0 (calendar busy times)",
          connection: "close",
        },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status < 200 || status >= 300) {
          response.destroy();
          resolve({ status, location: response.headers.location });
          return;
        }
        const tooLarge = new CalendarReadError(
          `The calendar is larger than ${megabytes(limits.maxBytes)}: share a smaller calendar`,
        );
        if (Number(response.headers["content-length"] ?? 0) > limits.maxBytes) {
          response.destroy();
          reject(tooLarge);
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.byteLength;
          if (size > limits.maxBytes) {
            response.destroy();
            reject(tooLarge);
            return;
          }
          chunks.push(chunk);
        });
        response.on("end", () => resolve({ status, body: Buffer.concat(chunks) }));
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end();
  });
}

/**
 * The text of the calendar at an http(s) address: up to FEED_MAX_REDIRECTS redirects, within
 * FEED_TIMEOUT_MS in all and FEED_MAX_BYTES; a private or reserved address is refused before any
 * connection unless `allowPrivate`. Throws CalendarReadError with the reason in words.
 */
export async function fetchCalendar(address: string, options: FetchLimits): Promise<string> {
  const limits = {
    allowPrivate: options.allowPrivate,
    timeoutMs: options.timeoutMs ?? FEED_TIMEOUT_MS,
    maxBytes: options.maxBytes ?? FEED_MAX_BYTES,
    maxRedirects: options.maxRedirects ?? FEED_MAX_REDIRECTS,
  };
  const timeout = AbortSignal.timeout(limits.timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  let url = new URL(address);
  for (let redirects = 0; ; redirects++) {
    if (url.protocol !== "http:" && url.protocol !== "https:") {
      throw new CalendarReadError("The calendar's address redirects to one that is not http(s)");
    }
    let answer: Awaited<ReturnType<typeof getOnce>>;
    try {
      answer = await getOnce(url, limits, signal);
    } catch (error) {
      if (error instanceof CalendarReadError) throw error;
      throw new CalendarReadError(reasonOf(error, limits.timeoutMs, signal.aborted));
    }
    if (answer.body) return answer.body.toString("utf8");
    if (answer.status >= 300 && answer.status < 400 && answer.location) {
      if (redirects >= limits.maxRedirects) {
        throw new CalendarReadError(
          `The calendar's address redirects more than ${limits.maxRedirects} times`,
        );
      }
      url = new URL(answer.location, url);
      continue;
    }
    if (answer.status === 404 || answer.status === 410) {
      throw new CalendarReadError(
        "The calendar's server has no calendar at this address (it may have been reset): paste the current one",
      );
    }
    if (answer.status === 401 || answer.status === 403) {
      throw new CalendarReadError(
        `The calendar's server refused to share it (${answer.status}): paste its private or public address`,
      );
    }
    throw new CalendarReadError(`The calendar's server answered ${answer.status}`);
  }
}

/** An interval a staff member is busy in their own calendar (end exclusive). */
export type BusyInterval = { startsAt: Date; endsAt: Date };

/**
 * The instant an ical.js time stands for: a UTC time or one in a zone the calendar defines as
 * ical.js reads it; a floating time, or one in a zone the calendar names without defining, as
 * the wall clock of `fallbackZone` (the named zone when it is an IANA one, else the agency's).
 */
function instantOf(time: ICAL.Time, fallbackZone: string): Date {
  const zone = time.zone;
  if (zone && zone.tzid !== "floating") return time.toJSDate();
  const day = `${String(time.year).padStart(4, "0")}-${String(time.month).padStart(2, "0")}-${String(time.day).padStart(2, "0")}`;
  const minute = time.isDate ? 0 : time.hour * 60 + time.minute;
  // A time the zone skips (02:30 as clocks spring forward) is read an hour later.
  const instant =
    instantOfWallClock(day, minute, fallbackZone) ??
    new Date(instantOfWallClock(day, minute + 60, fallbackZone)!.getTime() - 3_600_000);
  return new Date(instant.getTime() + (time.isDate ? 0 : time.second * 1000));
}

/** An all-day span: from the start day's midnight to the end day's, in the agency's zone. */
function dayInterval(start: ICAL.Time, end: ICAL.Time, agencyZone: string): BusyInterval {
  const dayOf = (time: ICAL.Time) =>
    `${String(time.year).padStart(4, "0")}-${String(time.month).padStart(2, "0")}-${String(time.day).padStart(2, "0")}`;
  const first = dayOf(start);
  const last = end.compare(start) > 0 ? dayOf(end) : addDaysTo(first, 1);
  const midnight = (day: string) =>
    instantOfWallClock(day, 0, agencyZone) ?? instantOfWallClock(day, 60, agencyZone)!;
  return { startsAt: midnight(first), endsAt: midnight(last) };
}

/** Whether an event (or one occurrence's exception) takes no time: free, or cancelled. */
function isFree(component: ICAL.Component): boolean {
  const transp = String(component.getFirstPropertyValue("transp") ?? "").toUpperCase();
  const status = String(component.getFirstPropertyValue("status") ?? "").toUpperCase();
  return transp === "TRANSPARENT" || status === "CANCELLED";
}

/** The zone a component's floating or undefined-zone times are read in. */
function fallbackZoneOf(component: ICAL.Component, agencyZone: string): string {
  const tzid = component.getFirstProperty("dtstart")?.getParameter("tzid");
  return typeof tzid === "string" && isTimeZone(tzid) ? tzid : agencyZone;
}

/**
 * The intervals an iCalendar text is busy over [from, to): each event's occurrences (RRULE,
 * RDATE and EXDATE expanded, moved occurrences as moved), less transparent (free) and cancelled
 * ones; an all-day event is busy for its whole days in `agencyZone`. Throws CalendarReadError
 * when the text is no iCalendar calendar.
 */
export function busyIntervals(
  text: string,
  window: { from: Date; to: Date },
  agencyZone: string,
): BusyInterval[] {
  let calendar: ICAL.Component;
  try {
    if (!/^\s*BEGIN:VCALENDAR/i.test(text)) throw new Error("not a calendar");
    calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
    if (calendar.name !== "vcalendar") throw new Error("not a calendar");
  } catch {
    throw new CalendarReadError(
      "The address does not give an iCalendar (.ics) file: paste the calendar's ICS address",
    );
  }
  const events = calendar.getAllSubcomponents("vevent");
  const byUid = new Map<string, { master?: ICAL.Component; exceptions: ICAL.Component[] }>();
  const loose: ICAL.Component[] = [];
  for (const vevent of events) {
    const uid = vevent.getFirstPropertyValue("uid");
    if (typeof uid !== "string" || uid === "") {
      loose.push(vevent);
      continue;
    }
    const group = byUid.get(uid) ?? { exceptions: [] };
    if (vevent.hasProperty("recurrence-id")) group.exceptions.push(vevent);
    else group.master ??= vevent;
    byUid.set(uid, group);
  }
  const busy: BusyInterval[] = [];
  let looked = 0;
  const from = window.from.getTime();
  const to = window.to.getTime();
  const add = (
    component: ICAL.Component,
    start: ICAL.Time | null,
    end: ICAL.Time | null,
    zone: string,
  ) => {
    if (!start || isFree(component) || busy.length >= MAX_BUSY_INTERVALS) return;
    const span = start.isDate
      ? dayInterval(start, end ?? start, agencyZone)
      : { startsAt: instantOf(start, zone), endsAt: instantOf(end ?? start, zone) };
    if (span.endsAt.getTime() <= span.startsAt.getTime()) return;
    if (span.endsAt.getTime() <= from || span.startsAt.getTime() >= to) return;
    busy.push(span);
  };
  const single = (component: ICAL.Component) => {
    const event = new ICAL.Event(component, { exceptions: [] });
    add(component, event.startDate, event.endDate, fallbackZoneOf(component, agencyZone));
  };
  for (const { master, exceptions } of byUid.values()) {
    if (!master) {
      // Moved occurrences whose series is not in the file: each is an event of its own.
      exceptions.forEach(single);
      continue;
    }
    const event = new ICAL.Event(master, { exceptions });
    if (!event.isRecurring()) {
      single(master);
      continue;
    }
    const zone = fallbackZoneOf(master, agencyZone);
    const iterator = event.iterator();
    for (let next = iterator.next(); next; next = iterator.next()) {
      if (++looked > MAX_OCCURRENCES || busy.length >= MAX_BUSY_INTERVALS) break;
      const details = event.getOccurrenceDetails(next);
      const item = details.item.component;
      const itemZone = item === master ? zone : fallbackZoneOf(item, agencyZone);
      // Occurrences come in order of their original start: past the window, none is left.
      if (instantOf(next, zone).getTime() >= to + 24 * 3_600_000) break;
      add(item, details.startDate, details.endDate, itemZone);
    }
  }
  loose.forEach(single);
  return busy.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}
