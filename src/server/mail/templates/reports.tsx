import { brand } from "@content/site";
import type { EmailAttachment } from "../../db/schema";
import { simpleEmail } from "../layout";
import type { QueuedEmail } from "../outbox";

type Person = { name: string; email: string };

/** The report's summary as its email says it: figures already formatted. */
export type ReportSummary = {
  /** "October 2026". */
  month: string;
  /** "99.98% uptime across 2 sites". */
  uptime: string;
  /** "3 hr 15 min of 4 hr included". */
  hours: string;
  /** "2 tickets opened, 1 resolved". */
  tickets: string;
  /** "14 goal conversions (9 in September 2026)"; null: the sites have no goals. */
  goals: string | null;
  /** A staff member's personal note, or null. */
  note: string | null;
};

/** To a client's members: the month's care report, its PDF attached. */
export function monthlyReportEmail(
  client: Person,
  summary: ReportSummary,
  link: string,
  pdf: EmailAttachment,
  settings: { agencyInbox: string },
): QueuedEmail {
  return {
    ...simpleEmail(
      "monthly-report",
      client.email,
      `Your care report for ${summary.month} from ${brand.name}`,
      [
        `Hi ${client.name},`,
        ...(summary.note ? [summary.note] : []),
        `Your care report for ${summary.month} is attached. In short: ${[summary.uptime, summary.hours, summary.tickets, ...(summary.goals ? [summary.goals] : [])].join("; ")}.`,
        "Every past report is on the Reports tab of your client portal.",
      ],
      { label: "See your reports", href: link },
      settings.agencyInbox,
    ),
    attachments: [pdf],
  };
}
