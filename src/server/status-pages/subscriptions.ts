import { randomBytes } from "node:crypto";
import { and, eq, isNotNull } from "drizzle-orm";
import type { DbExecutor } from "../db/client";
import { statusPageSubscribers, type IncidentUpdateStatus, type StatusPage } from "../db/schema";
import { enqueueEmails, type QueuedEmail } from "../mail/outbox";
import {
  statusMaintenanceEmail,
  statusUpdateEmail,
  subscriptionConfirmEmail,
} from "../mail/templates/status-pages";
import { pagesShowing, statusPagePath } from "./pages";

/** What subscriptions need of the settings: where links point, who answers replies. */
export type SubscriberSettings = { publicUrl: string; agencyInbox: string };

/** How soon a confirm link may be sent again to an address not yet confirmed. */
const RESEND_AFTER_MS = 10 * 60_000;

/** A page's address for people: the client's own host when set, else ours. */
export const pageUrl = (page: StatusPage, publicUrl: string) =>
  page.customHost ? `https://${page.customHost}/` : `${publicUrl}${statusPagePath(page.slug)}`;

const confirmUrl = (page: StatusPage, token: string, publicUrl: string) =>
  `${publicUrl}${statusPagePath(page.slug)}/confirm?token=${token}`;
export const unsubscribeUrl = (page: StatusPage, token: string, publicUrl: string) =>
  `${publicUrl}${statusPagePath(page.slug)}/unsubscribe?token=${token}`;

/**
 * A visitor asks to subscribe: a new (or not yet confirmed) address is sent a link to confirm
 * with; a confirmed one is sent nothing (so the form says the same whoever is subscribed).
 */
export async function subscribe(
  tx: DbExecutor,
  page: StatusPage,
  email: string,
  settings: SubscriberSettings,
): Promise<void> {
  const address = email.toLowerCase();
  const [existing] = await tx
    .select()
    .from(statusPageSubscribers)
    .where(
      and(eq(statusPageSubscribers.pageId, page.id), eq(statusPageSubscribers.email, address)),
    );
  if (existing?.confirmedAt) return;
  // The link is sent again at most every 10 minutes: the form cannot flood an inbox.
  const now = new Date();
  if (existing && now.getTime() - existing.createdAt.getTime() < RESEND_AFTER_MS) return;
  const token = existing?.token ?? randomBytes(24).toString("base64url");
  if (existing) {
    await tx
      .update(statusPageSubscribers)
      .set({ createdAt: now })
      .where(eq(statusPageSubscribers.id, existing.id));
  } else {
    await tx
      .insert(statusPageSubscribers)
      .values({ pageId: page.id, email: address, token })
      .onConflictDoNothing();
  }
  await enqueueEmails(tx, [
    subscriptionConfirmEmail(
      address,
      { name: page.name, url: pageUrl(page, settings.publicUrl) },
      confirmUrl(page, token, settings.publicUrl),
      settings.agencyInbox,
    ),
  ]);
}

const TOKEN = /^[\w-]{20,64}$/;

/** Confirms a subscription by its token; false when no such subscription (of this page). */
export async function confirmSubscription(
  tx: DbExecutor,
  page: StatusPage,
  token: string,
): Promise<boolean> {
  if (!TOKEN.test(token)) return false;
  const [row] = await tx
    .select()
    .from(statusPageSubscribers)
    .where(and(eq(statusPageSubscribers.pageId, page.id), eq(statusPageSubscribers.token, token)));
  if (!row) return false;
  if (!row.confirmedAt) {
    await tx
      .update(statusPageSubscribers)
      .set({ confirmedAt: new Date() })
      .where(eq(statusPageSubscribers.id, row.id));
  }
  return true;
}

/** Removes a subscription by its token; false when there was none. */
export async function unsubscribe(
  tx: DbExecutor,
  page: StatusPage,
  token: string,
): Promise<boolean> {
  if (!TOKEN.test(token)) return false;
  const removed = await tx
    .delete(statusPageSubscribers)
    .where(and(eq(statusPageSubscribers.pageId, page.id), eq(statusPageSubscribers.token, token)))
    .returning({ id: statusPageSubscribers.id });
  return removed.length > 0;
}

/**
 * Mails the confirmed subscribers of each shown page that shows any of some sites, once per
 * page: `email` writes one subscriber's email, given the page's sites among those.
 */
async function mailSubscribers(
  tx: DbExecutor,
  websiteIds: string[],
  settings: SubscriberSettings,
  email: (
    subscriber: { email: string; unsubscribeUrl: string },
    page: { name: string; url: string },
  ) => QueuedEmail,
): Promise<number> {
  const pages = new Map<string, StatusPage>();
  for (const websiteId of websiteIds) {
    for (const page of await pagesShowing(tx, websiteId)) pages.set(page.id, page);
  }
  let queued = 0;
  for (const page of pages.values()) {
    const subscribers = await tx
      .select()
      .from(statusPageSubscribers)
      .where(
        and(
          eq(statusPageSubscribers.pageId, page.id),
          isNotNull(statusPageSubscribers.confirmedAt),
        ),
      );
    const shown = { name: page.name, url: pageUrl(page, settings.publicUrl) };
    const emails = subscribers.map((subscriber) =>
      email(
        {
          email: subscriber.email,
          unsubscribeUrl: unsubscribeUrl(page, subscriber.token, settings.publicUrl),
        },
        shown,
      ),
    );
    await enqueueEmails(tx, emails);
    queued += emails.length;
  }
  return queued;
}

/** Mails an incident update to the confirmed subscribers of each shown page showing the site. */
export function tellSubscribers(
  tx: DbExecutor,
  websiteId: string,
  incident: { title: string; domain: string },
  update: { status: IncidentUpdateStatus; message: string; createdAt: Date },
  settings: SubscriberSettings,
): Promise<number> {
  return mailSubscribers(tx, [websiteId], settings, (subscriber, page) =>
    statusUpdateEmail(
      subscriber.email,
      page,
      incident,
      update,
      subscriber.unsubscribeUrl,
      settings.agencyInbox,
    ),
  );
}

/** Mails maintenance scheduled or called off to the subscribers of the pages showing its sites. */
export function tellSubscribersOfMaintenance(
  tx: DbExecutor,
  change: "scheduled" | "cancelled",
  window: { note: string; startsAt: Date; endsAt: Date; sites: { id: string; domain: string }[] },
  settings: SubscriberSettings,
): Promise<number> {
  const domains = window.sites.map((site) => site.domain);
  return mailSubscribers(
    tx,
    window.sites.map((site) => site.id),
    settings,
    (subscriber, page) =>
      statusMaintenanceEmail(
        subscriber.email,
        page,
        change,
        { ...window, domains },
        subscriber.unsubscribeUrl,
        settings.agencyInbox,
      ),
  );
}
