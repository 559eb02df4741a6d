import type { Db } from "./client";
import {
  billingAccounts,
  companies,
  companyMembers,
  domains,
  supportTickets,
  ticketMessages,
  users,
  websites,
} from "./schema";

export const demoClientEmail = "demo@example.com";
export const demoAdminEmail = "admin@example.com";
/** Named after the sample rows (riverabakery.example). */
export const demoCompanyName = "Rivera Bakery";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The demo data a fresh evaluation install starts with: one client company, whose owner is the
 * demo client and whose rows are the specification's samples, and one staff account.
 */
export async function seedDemoData(db: Db, now = new Date()) {
  await db.transaction(async (tx) => {
    const [client] = await tx
      .insert(users)
      .values({ email: demoClientEmail, firstName: "Jordan", lastName: "Rivera" })
      .returning({ id: users.id });
    const [staff] = await tx
      .insert(users)
      .values({ email: demoAdminEmail, firstName: "Avery", lastName: "Harbor", isAdmin: true })
      .returning({ id: users.id });
    if (!client || !staff) throw new Error("demo users were not created");
    const [company] = await tx
      .insert(companies)
      .values({ name: demoCompanyName })
      .returning({ id: companies.id });
    if (!company) throw new Error("the demo company was not created");
    await tx
      .insert(companyMembers)
      .values({ companyId: company.id, userId: client.id, role: "owner" });

    await tx.insert(websites).values({
      companyId: company.id,
      domain: "riverabakery.example",
      plan: "VPS Hosting",
      status: "active",
      monthlyVisitors: 12_480,
      uptimePercent: 99.98,
      bandwidthGb: 18.4,
    });
    const nextBilling = new Date(now.getTime() + 12 * DAY_MS).toISOString().slice(0, 10);
    await tx.insert(billingAccounts).values({
      companyId: company.id,
      plan: "VPS Hosting",
      monthlyCostCents: 2499,
      nextBillingDate: nextBilling,
      cardBrand: "Visa",
      cardLast4: "4242",
      cardExpMonth: 8,
      cardExpYear: now.getFullYear() + 2,
    });
    await tx.insert(domains).values([
      {
        companyId: company.id,
        domain: "riverabakery.example",
        autoRenew: true,
        expiresAt: new Date(now.getTime() + 240 * DAY_MS),
      },
      {
        companyId: company.id,
        domain: "riverabakery-catering.example",
        autoRenew: false,
        expiresAt: new Date(now.getTime() + 21 * DAY_MS),
      },
    ]);
    const tickets = await tx
      .insert(supportTickets)
      .values([
        {
          companyId: company.id,
          userId: client.id,
          subject: "Checkout page loads slowly on mobile",
          status: "open",
          priority: "high",
          createdAt: new Date(now.getTime() - 2 * DAY_MS),
        },
        {
          companyId: company.id,
          userId: client.id,
          subject: "Add a holiday hours banner to the home page",
          status: "in-progress",
          priority: "medium",
          createdAt: new Date(now.getTime() - 6 * DAY_MS),
        },
      ])
      .returning({ id: supportTickets.id });
    const [slow, banner] = tickets;
    if (!slow || !banner) throw new Error("demo tickets were not created");
    await tx.insert(ticketMessages).values([
      {
        ticketId: slow.id,
        authorId: client.id,
        body: "Customers tell us the checkout page takes a long time to load on their phones.",
        createdAt: new Date(now.getTime() - 2 * DAY_MS),
      },
      {
        ticketId: banner.id,
        authorId: client.id,
        body: "Could you add a banner with our holiday hours (closed Dec 25 and Jan 1)?",
        createdAt: new Date(now.getTime() - 6 * DAY_MS),
      },
      {
        ticketId: banner.id,
        authorId: staff.id,
        fromStaff: true,
        body: "On it! We will have a draft banner on the staging site by Friday for you to review.",
        createdAt: new Date(now.getTime() - 5 * DAY_MS),
      },
    ]);
  });
}
