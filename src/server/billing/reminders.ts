import { daysBetween, dayOf } from "@shared/invoice-math";
import { invoiceMessages } from "@shared/schemas/billing";
import { displayName } from "../auth/display-name";
import type { DbExecutor } from "../db/client";
import type { Invoice } from "../db/schema";
import { enqueueEmails } from "../mail/outbox";
import { invoiceReminderEmail } from "../mail/templates/billing";
import { billingContacts } from "../team/team";
import { invoiceForEmail, invoiceLink } from "./invoice-emails";
import { balanceOf, lockInvoice } from "./invoice-reading";
import type { BillingOptions, BillingSettings } from "./settings";
import { conflict, notFound, ok, type Outcome } from "../domain-failure";

/**
 * Queues a reminder of an invoice, with its PDF, to the company's owners and billing members, in
 * the caller's transaction; the addresses emailed. The email says how late it really is (a
 * reminder caught up after downtime is not "due today"; one sent by hand may be before the date).
 */
export async function queueReminderEmails(
  tx: DbExecutor,
  invoice: Invoice,
  { settings, now }: { settings: BillingSettings; now: Date },
): Promise<string[]> {
  const contacts = await billingContacts(tx, invoice.companyId);
  if (contacts.length === 0 || !invoice.dueDate) return [];
  const { ref, pdf } = await invoiceForEmail(tx, invoice, { settings, now });
  const daysLate = daysBetween(invoice.dueDate, dayOf(now));
  await enqueueEmails(
    tx,
    contacts.map((user) =>
      invoiceReminderEmail(
        { name: displayName(user), email: user.email },
        ref,
        daysLate,
        invoiceLink(settings.publicUrl, invoice.id),
        pdf,
        settings,
      ),
    ),
  );
  return contacts.map((user) => user.email);
}

export const reminderMessages = {
  notOwed: (status: string) =>
    `This invoice is ${status}${status === "open" ? " with nothing owed" : ""}: only an open invoice with something owed can be reminded`,
  nobody: "Nobody at this client gets billing email: add an owner or billing member first",
};

/**
 * Staff remind a client of an open invoice by hand, in the caller's transaction: the same email
 * the schedule sends. It leaves the schedule's own reminders as they were.
 */
export async function remindByHand(
  tx: DbExecutor,
  id: string,
  { settings, now = new Date() }: BillingOptions,
): Promise<Outcome<{ invoice: Invoice; sentTo: string[] }>> {
  const invoice = await lockInvoice(tx, id);
  if (!invoice) return notFound(invoiceMessages.notFound);
  if (invoice.status !== "open" || balanceOf(invoice) <= 0) {
    return conflict(reminderMessages.notOwed(invoice.status));
  }
  const sentTo = await queueReminderEmails(tx, invoice, { settings, now });
  if (sentTo.length === 0) return conflict(reminderMessages.nobody);
  return ok({ invoice, sentTo });
}
