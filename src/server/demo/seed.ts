import { and, eq } from "drizzle-orm";
import { pricingPlans } from "@content/pricing";
import { proposalTerms } from "@content/terms";
import { lineTotals, splitPaymentPlan } from "@shared/payment-plan";
import { NET_DAYS, REMINDER_DAYS_PAST_DUE } from "@shared/schemas/billing";
import { addDays, billingDatesUntil, invoiceTotals, periodEnd } from "@shared/invoice-math";
import { addMonthsTo } from "@shared/work-time";
import { nextInvoiceNumber } from "../billing/invoice-issuing";
import { periodLine } from "../billing/scheduler";
import { openProject } from "../projects/projects";
import { proposalVersionHash } from "../documents/content-hash";
import type { Db, DbExecutor } from "../db/client";
import { rollUpPageViews } from "../analytics/rollup";
import { agencyMonth } from "../hours/reading";
import { seedDemoCampaigns } from "./campaigns";
import { demoHistoryDays, seedDemoHistory } from "./history";
import { seedDemoHeartbeat } from "./heartbeats";
import { seedDemoStatusPage } from "./status-page";
import { seedDemoHours } from "./hours";
import { seedDemoPastTickets } from "./past-tickets";
import { seedDemoReports } from "./reports";
import { seedDemoMaintenance } from "./maintenance";
import { seedDemoVitals } from "./vitals";
import {
  billingAccounts,
  companies,
  companyMembers,
  domains,
  invoiceReminders,
  invoices,
  leads,
  payments,
  projectMilestones,
  projectUpdates,
  proposalResponses,
  proposals,
  proposalVersions,
  recurringPlans,
  savedReplies,
  supportTickets,
  ticketMessages,
  users,
  websites,
  type ProposalLine,
} from "../db/schema";

export const demoClientEmail = "demo@example.com";
export const demoAdminEmail = "admin@example.com";
/** Named after the sample rows (riverabakery.example). */
export const demoCompanyName = "Rivera Bakery";
/** The demo client's project, opened from the proposal they accepted. */
export const demoProjectName = "Rivera Bakery website redesign";

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/**
 * The demo data a fresh evaluation install starts with: one client company, whose owner is the
 * demo client and whose rows are the specification's samples, and one staff account.
 */
export async function seedDemoData(db: Db, now = new Date(), checkUrl: string | null = null) {
  const companyId = await db.transaction(async (tx) => {
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
      .values({
        name: demoCompanyName,
        // So the demo's invoices and reports print a bill-to block as a real client's do.
        billingAddress: "3117 Harborview Drive\nGig Harbor, WA 98335",
      })
      .returning({ id: companies.id });
    if (!company) throw new Error("the demo company was not created");
    await tx
      .insert(companyMembers)
      .values({ companyId: company.id, userId: client.id, role: "owner" });

    const [site] = await tx
      .insert(websites)
      .values({
        companyId: company.id,
        domain: "riverabakery.example",
        plan: "VPS Hosting",
        status: "active",
        // The demo domain does not exist: the monitor checks this app instead, so checks arrive.
        checkUrl,
      })
      .returning({ id: websites.id });
    await seedDemoHistory(tx, site!.id, now);
    await seedDemoCampaigns(tx, site!.id, now);
    // Its finished days rolled up, as the hourly roll-up would have day by day: the site page reads
    // a rolled-up site's days before its latest rolled-up one from the roll-ups alone.
    await rollUpPageViews(tx, now, demoHistoryDays(now));
    await seedDemoHeartbeat(tx, site!.id, now);
    await seedDemoVitals(tx, site!.id, now);
    await seedDemoStatusPage(tx, { companyId: company.id, websiteId: site!.id, staffId: staff.id });
    await seedDemoMaintenance(tx, company.id, site!.id, staff.id, now);
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
    // Both about the site, on the hosting plan's 24-hour first-response target
    // (src/content/support.ts): the first still unanswered, so late; the second assigned to the
    // demo staff member and answered in 2 h 15 min.
    const slowOpened = new Date(now.getTime() - 2 * DAY_MS);
    const bannerOpened = new Date(now.getTime() - 6 * DAY_MS);
    const bannerAnswered = new Date(bannerOpened.getTime() + 2.25 * HOUR_MS);
    const tickets = await tx
      .insert(supportTickets)
      .values([
        {
          companyId: company.id,
          userId: client.id,
          subject: "Checkout page loads slowly on mobile",
          status: "open",
          priority: "high",
          websiteId: site!.id,
          firstResponseDueAt: new Date(slowOpened.getTime() + 24 * HOUR_MS),
          createdAt: slowOpened,
        },
        {
          companyId: company.id,
          userId: client.id,
          subject: "Add a holiday hours banner to the home page",
          status: "in-progress",
          priority: "medium",
          websiteId: site!.id,
          assigneeId: staff.id,
          firstResponseDueAt: new Date(bannerOpened.getTime() + 24 * HOUR_MS),
          firstRespondedAt: bannerAnswered,
          createdAt: bannerOpened,
        },
      ])
      .returning({ id: supportTickets.id });
    const [slow, banner] = tickets;
    if (!slow || !banner) throw new Error("demo tickets were not created");
    await seedDemoPastTickets(
      tx,
      { companyId: company.id, clientId: client.id, staffId: staff.id, websiteId: site!.id },
      now,
    );
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
        createdAt: bannerAnswered,
      },
      {
        ticketId: banner.id,
        authorId: staff.id,
        fromStaff: true,
        internal: true,
        body: "Banner drafted on staging. Check the New Year's Eve hours with them before it goes live.",
        createdAt: new Date(bannerAnswered.getTime() + HOUR_MS),
      },
    ]);
    await tx.insert(savedReplies).values([
      {
        title: "Change is live",
        body: "The change is live now. Reload the page (or clear your browser's cache) to see it, and tell us if anything looks off.",
        updatedBy: staff.id,
      },
      {
        title: "Need more details",
        body: "Thanks for letting us know. Could you tell us which page this happens on, and on which device and browser? A screenshot helps too.",
        updatedBy: staff.id,
      },
    ]);

    // The application the demo client sent before they were a client: won, and converted.
    const [lead] = await tx
      .insert(leads)
      .values({
        kind: "application",
        reference: "HL-R8K4N",
        name: "Jordan Rivera",
        email: demoClientEmail,
        status: "won",
        phone: "(253) 555-0187",
        company: demoCompanyName,
        projectType: "website",
        budget: "<5k",
        timeline: "1-3months",
        description:
          "Our bakery has two shops and a catering side. We need a site that shows the menu, takes catering orders and helps people find us.",
        companyId: company.id,
        createdAt: new Date(now.getTime() - 40 * DAY_MS),
      })
      .returning({ id: leads.id });
    if (!lead) throw new Error("the demo lead was not created");
    await tx.update(companies).set({ leadId: lead.id }).where(eq(companies.id, company.id));

    const proposal = await seedDemoProject(
      tx,
      { companyId: company.id, clientId: client.id, staffId: staff.id, leadId: lead.id },
      now,
    );
    await seedDemoBilling(tx, { companyId: company.id, proposal }, now);
    await seedDemoHours(
      tx,
      { companyId: company.id, staffId: staff.id, websiteId: site!.id, bannerTicketId: banner.id },
      now,
    );
    return company.id;
  });
  await seedDemoReports(db, companyId, now);
}

/** A line of the pricing catalogue (src/content/pricing.ts), at a price within its range. */
function catalogueLine(planId: string, type: string, unitPriceCents: number): ProposalLine {
  const plan = pricingPlans.find((p) => p.id === planId);
  const example = plan?.examples.find((e) => e.type === type);
  if (!plan || !example) throw new Error(`no ${type} in the pricing catalogue`);
  return {
    description: example.type,
    detail: example.pages,
    planId: plan.id,
    billing: plan.period ? "monthly" : "one-off",
    quantity: 1,
    unitPriceCents,
  };
}

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The demo client's build: a proposal sent a month ago and accepted (with its acceptance record),
 * and the project it opened: Discovery Call done, Design & Development in progress, Launch &
 * Optimize to come, with two updates from the agency. No website yet: staff create it at launch.
 */
async function seedDemoProject(
  tx: DbExecutor,
  ids: { companyId: string; clientId: string; staffId: string; leadId: string },
  now: Date,
) {
  const daysFromNow = (days: number) => new Date(now.getTime() + days * DAY_MS);
  const lines = [
    catalogueLine("website", "Small Business Site", 320_000),
    catalogueLine("hosting", "Starter Hosting", 6_000),
  ];
  const totals = lineTotals(lines);
  const [proposal] = await tx
    .insert(proposals)
    .values({
      companyId: ids.companyId,
      leadId: ids.leadId,
      status: "accepted",
      createdBy: ids.staffId,
      createdAt: daysFromNow(-32),
      updatedAt: daysFromNow(-28),
    })
    .returning();
  if (!proposal) throw new Error("the demo proposal was not created");
  const content = {
    proposalId: proposal.id,
    version: 1,
    title: demoProjectName,
    scope: [
      "A fresh, mobile-first website for Rivera Bakery.",
      "",
      "- Eight pages: home, menu, catering, wholesale, our story, visit us, blog and contact",
      "- Online catering orders with a pick-up date",
      "- Local search set-up for both shops",
      "",
      "Hosting on our Starter plan starts at launch.",
    ].join("\n"),
    lines,
    ...totals,
    ...splitPaymentPlan(totals.oneOffCents),
    validUntil: isoDate(daysFromNow(-2)),
    terms: proposalTerms,
  };
  const [version] = await tx
    .insert(proposalVersions)
    .values({ ...content, sentAt: daysFromNow(-32), createdAt: daysFromNow(-32) })
    .returning();
  if (!version) throw new Error("the demo proposal version was not created");
  await tx.insert(proposalResponses).values({
    versionId: version.id,
    decision: "accepted",
    signedName: "Jordan Rivera",
    userId: ids.clientId,
    userEmail: demoClientEmail,
    ipAddress: "203.0.113.24",
    userAgent: "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Safari/605.1.15",
    contentHash: proposalVersionHash(content),
    createdAt: daysFromNow(-28),
  });

  const project = await openProject(tx, {
    companyId: ids.companyId,
    proposalId: proposal.id,
    name: demoProjectName,
  });
  const steps = [
    {
      status: "done",
      dueDate: isoDate(daysFromNow(-21)),
      notes:
        "We met at the Main Street shop and agreed the pages, the catering orders and the look.",
    },
    {
      status: "in-progress",
      dueDate: isoDate(daysFromNow(14)),
      notes: "The homepage and menu designs are ready to preview; the catering order form is next.",
    },
    {
      status: "upcoming",
      dueDate: isoDate(daysFromNow(35)),
      notes: "We launch on riverabakery.example, then watch speed and search for the first month.",
    },
  ] as const;
  for (const [position, step] of steps.entries()) {
    await tx
      .update(projectMilestones)
      .set(step)
      .where(
        and(eq(projectMilestones.projectId, project.id), eq(projectMilestones.position, position)),
      );
  }
  await tx.insert(projectUpdates).values([
    {
      projectId: project.id,
      authorId: ids.staffId,
      body: "Thanks for the discovery call! We have the sitemap and the content list, and design starts this week.",
      previewUrl: null,
      createdAt: daysFromNow(-20),
    },
    {
      projectId: project.id,
      authorId: ids.staffId,
      body: "The homepage and menu page designs are ready for you to look at. Tell us what you think!",
      previewUrl: "https://preview.riverabakery.example/",
      createdAt: daysFromNow(-3),
    },
  ]);
  return { id: proposal.id, title: content.title, depositCents: content.depositCents };
}

/**
 * The demo client's billing, as the real flows would have left it: the card saved through
 * Stripe (display details only), the seed's VPS Hosting plan at $24.99 a month invoiced on its
 * billing day for the last few months (each paid by card but the latest, still open), and the
 * proposal's deposit, paid. Numbered in the order they were issued; the reminders an open
 * invoice would have had are marked sent, so a fresh install sends none for the past.
 */
async function seedDemoBilling(
  tx: DbExecutor,
  ids: { companyId: string; proposal: { id: string; title: string; depositCents: number } },
  now: Date,
) {
  const daysFromNow = (days: number) => new Date(now.getTime() + days * DAY_MS);
  await tx.insert(billingAccounts).values({
    companyId: ids.companyId,
    stripeCustomerId: "cus_DemoRiveraBakery",
    stripePaymentMethodId: "pm_DemoVisa4242",
    cardBrand: "Visa",
    cardLast4: "4242",
    cardExpMonth: 8,
    cardExpYear: now.getUTCFullYear() + 2,
  });
  const billingDay = Math.min(daysFromNow(12).getUTCDate(), 28);
  const [plan] = await tx
    .insert(recurringPlans)
    .values({
      companyId: ids.companyId,
      name: "VPS Hosting",
      amountCents: 2499,
      billingDay,
      // Since before the oldest archived report's month, so each archived month has its invoice.
      startsOn: `${addMonthsTo(agencyMonth(now), -4)}-01`,
    })
    .returning();
  if (!plan) throw new Error("the demo plan was not created");

  const today = isoDate(now);
  const hosting = billingDatesUntil(plan, today).map((date) => ({
    source: "recurring" as const,
    recurringPlanId: plan.id,
    periodStart: date,
    periodEnd: periodEnd(date),
    issueDate: date,
    description: periodLine(plan.name, date),
    cents: plan.amountCents,
  }));
  const deposit = {
    source: "deposit" as const,
    proposalId: ids.proposal.id,
    issueDate: isoDate(daysFromNow(-28)),
    description: `${ids.proposal.title}: 50% deposit`,
    cents: ids.proposal.depositCents,
  };
  const issued = [...hosting, deposit].sort((a, b) => a.issueDate.localeCompare(b.issueDate));
  const latestHosting = hosting.at(-1);
  for (const entry of issued) {
    const open = entry === latestHosting;
    const dueDate = addDays(entry.issueDate, NET_DAYS);
    const lines = [
      {
        description: entry.description,
        quantity: 1,
        unitPriceCents: entry.cents,
        amountCents: entry.cents,
      },
    ];
    const [invoice] = await tx
      .insert(invoices)
      .values({
        companyId: ids.companyId,
        number: await nextInvoiceNumber(tx, Number(entry.issueDate.slice(0, 4))),
        status: open ? "open" : "paid",
        source: entry.source,
        proposalId: "proposalId" in entry ? entry.proposalId : null,
        recurringPlanId: "recurringPlanId" in entry ? entry.recurringPlanId : null,
        periodStart: "periodStart" in entry ? entry.periodStart : null,
        periodEnd: "periodEnd" in entry ? entry.periodEnd : null,
        lines,
        ...invoiceTotals(lines, 0),
        paidCents: open ? 0 : entry.cents,
        issueDate: entry.issueDate,
        dueDate,
        paidAt: open ? null : new Date(`${addDays(entry.issueDate, 1)}T17:00:00Z`),
        autopayAttemptedAt: new Date(`${entry.issueDate}T09:00:00Z`),
        createdAt: new Date(`${entry.issueDate}T09:00:00Z`),
      })
      .returning();
    if (!invoice) throw new Error("a demo invoice was not created");
    if (open) {
      const past = REMINDER_DAYS_PAST_DUE.filter((days) => addDays(dueDate, days) <= today);
      if (past.length > 0) {
        await tx
          .insert(invoiceReminders)
          .values(past.map((daysPastDue) => ({ invoiceId: invoice.id, daysPastDue })));
      }
    } else {
      await tx.insert(payments).values({
        invoiceId: invoice.id,
        companyId: ids.companyId,
        amountCents: entry.cents,
        method: "card",
        paidOn: addDays(entry.issueDate, 1),
        reference: `pi_demo_${invoice.number!.replaceAll("-", "_")}`,
      });
    }
  }
}
