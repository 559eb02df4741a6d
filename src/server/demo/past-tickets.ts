import { addMonthsTo } from "@shared/work-time";
import type { DbExecutor } from "../db/client";
import { supportTickets, ticketMessages } from "../db/schema";
import { agencyMonth } from "../hours/reading";

const HOUR_MS = 3_600_000;

/** A ticket of each archived month: months back, day it opened, its subject, ask and answer. */
const pastTickets = [
  {
    monthsBack: 3,
    day: 12,
    subject: "Spring menu PDF still shows winter prices",
    ask: "The menu PDF on the site still has the winter prices. Could you swap in the new one?",
    answer: "Done: the new menu is up and the menu page links to it.",
  },
  {
    monthsBack: 2,
    day: 15,
    subject: "Gallery photos load slowly",
    ask: "The gallery page takes ages to show the photos on my phone.",
    answer: "We resized the gallery photos; the page now loads in about a second on a phone.",
  },
  {
    monthsBack: 1,
    day: 14,
    subject: "New opening hours for both shops",
    ask: "From next week both shops open at 6:30 instead of 7. Can you update the site?",
    answer: "Both shops' hours are updated on the locations page and in the footer.",
  },
] as const;

/**
 * The demo client's resolved tickets of its three archived months, so each report shows one
 * opened, answered within the plan's target, and resolved the next day.
 */
export async function seedDemoPastTickets(
  tx: DbExecutor,
  ids: { companyId: string; clientId: string; staffId: string; websiteId: string },
  now: Date,
) {
  const month = agencyMonth(now);
  const rows = pastTickets.map((ticket) => {
    const day = String(ticket.day).padStart(2, "0");
    // Mid-morning in Gig Harbor.
    const opened = new Date(`${addMonthsTo(month, -ticket.monthsBack)}-${day}T17:20:00Z`);
    const answered = new Date(opened.getTime() + 1.5 * HOUR_MS);
    return { ticket, opened, answered, resolved: new Date(opened.getTime() + 22 * HOUR_MS) };
  });
  const inserted = await tx
    .insert(supportTickets)
    .values(
      rows.map(({ ticket, opened, answered, resolved }) => ({
        companyId: ids.companyId,
        userId: ids.clientId,
        subject: ticket.subject,
        status: "resolved",
        priority: "medium",
        websiteId: ids.websiteId,
        assigneeId: ids.staffId,
        firstResponseDueAt: new Date(opened.getTime() + 24 * HOUR_MS),
        firstRespondedAt: answered,
        createdAt: opened,
        updatedAt: resolved,
      })),
    )
    .returning({ id: supportTickets.id });
  await tx.insert(ticketMessages).values(
    rows.flatMap(({ ticket, opened, answered }, index) => [
      {
        ticketId: inserted[index]!.id,
        authorId: ids.clientId,
        body: ticket.ask,
        createdAt: opened,
      },
      {
        ticketId: inserted[index]!.id,
        authorId: ids.staffId,
        fromStaff: true,
        body: ticket.answer,
        createdAt: answered,
      },
    ]),
  );
}
