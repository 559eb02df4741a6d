import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { count, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createPostgresDatabase, dropPostgresDatabase } from "../../../tests/support/database";
import { openDatabase, queryRows, type Db } from "./client";
import { DataDirLockedError } from "./data-dir-lock";
import {
  companies,
  companyMembers,
  domains,
  leads,
  monthlyReports,
  supportTickets,
  users,
  websites,
} from "./schema";
import { demoCompanyName, seedDemoData } from "../demo/seed";

const tables = [
  "analytics_salts",
  "api_tokens",
  "audit_events",
  "bandwidth_usage",
  "billing_accounts",
  "booking_tokens",
  "bookings",
  "companies",
  "company_members",
  "country_days",
  "credit_note_counters",
  "credit_notes",
  "device_days",
  "domains",
  "expiry_alerts",
  "goal_days",
  "goal_events",
  "heartbeats",
  "hours_month_ends",
  "inbound_emails",
  "incident_updates",
  "invoice_counters",
  "invoice_reminders",
  "invoices",
  "lead_notes",
  "leads",
  "login_tokens",
  "maintenance_window_sites",
  "maintenance_windows",
  "milestone_approvals",
  "monitor_checks",
  "monitor_incidents",
  "monitor_rollups",
  "monthly_reports",
  "notices",
  "outbox_emails",
  "page_days",
  "page_view_days",
  "page_views",
  "passkeys",
  "payments",
  "plan_change_requests",
  "project_milestones",
  "project_updates",
  "projects",
  "proposal_responses",
  "proposal_versions",
  "proposals",
  "recovery_codes",
  "recurring_plans",
  "referrer_days",
  "report_settings",
  "saved_replies",
  "sessions",
  "share_links",
  "site_monitors",
  "source_days",
  "staff_availability",
  "staff_booking_feeds",
  "staff_busy_times",
  "staff_calendar_feeds",
  "status_page_sites",
  "status_page_subscribers",
  "status_pages",
  "stripe_events",
  "support_tickets",
  "ticket_attachments",
  "ticket_messages",
  "time_entries",
  "time_timers",
  "usage_tokens",
  "users",
  "web_vital_days",
  "web_vital_ratings",
  "web_vitals",
  "webhook_attempts",
  "webhook_deliveries",
  "webhook_endpoints",
  "webhook_events",
  "websites",
];

async function tableNames(db: Db) {
  const rows = await queryRows<{ table_name: string }>(
    db,
    sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
  );
  return rows.map((row) => row.table_name);
}

describe("the embedded database (PGlite)", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "harborline-db-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("creates every table on first open, keeps data and migrates idempotently on the next", async () => {
    const first = await openDatabase({ dataDir });
    expect(first.created).toBe(true);
    expect(await tableNames(first.db)).toEqual(tables);
    await first.db.insert(leads).values({
      kind: "contact",
      reference: "HL-ABCDE",
      name: "Kept",
      email: "kept@example.com",
      subject: "Still here?",
      message: "This row must survive a restart.",
    });
    await first.close();

    const second = await openDatabase({ dataDir });
    expect(second.created).toBe(false);
    const [row] = await second.db.select({ n: count() }).from(leads);
    expect(row?.n).toBe(1);
    await second.close();
  });

  it("refuses a second open of the same data folder while the first is open", async () => {
    const first = await openDatabase({ dataDir });
    await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(openDatabase({ dataDir })).rejects.toThrow(/in use by another Harborline server/);
    await first.close();
    const again = await openDatabase({ dataDir });
    await again.close();
  });

  it("applies the defaults of the specification", async () => {
    const database = await openDatabase({ dataDir: undefined });
    const [user] = await database.db.insert(users).values({ email: "new@example.com" }).returning();
    expect(user).toMatchObject({ isAdmin: false, firstName: null });
    expect(user?.createdAt).toBeInstanceOf(Date);
    const [company] = await database.db.insert(companies).values({ name: "New Co" }).returning();
    const [domain] = await database.db
      .insert(domains)
      .values({ companyId: company!.id, domain: "new.example" })
      .returning();
    expect(domain?.autoRenew).toBe(true);
    await expect(database.db.insert(users).values({ email: "new@example.com" })).rejects.toThrow();
    await database.close();
  });

  it("seeds the demo client with the specification's samples", async () => {
    const database = await openDatabase({ dataDir: undefined });
    await seedDemoData(database.db);
    const people = await database.db.select().from(users).orderBy(users.email);
    expect(people.map((u) => [u.email, u.isAdmin])).toEqual([
      ["admin@example.com", true],
      ["demo@example.com", false],
    ]);
    const [site] = await database.db.select().from(websites);
    expect(site).toMatchObject({ plan: "VPS Hosting", status: "active" });
    // The demo client owns the company every sample row belongs to.
    const [company] = await database.db.select().from(companies);
    expect(company).toMatchObject({ id: site!.companyId, name: demoCompanyName });
    const members = await database.db.select().from(companyMembers);
    expect(members.map((m) => [m.userId, m.role])).toEqual([
      [people.find((u) => !u.isAdmin)!.id, "owner"],
    ]);
    const renewals = (await database.db.select().from(domains)).map((d) => d.autoRenew).sort();
    expect(renewals).toEqual([false, true]);
    const tickets = await database.db.select().from(supportTickets);
    // The specification's two samples, and one resolved ticket for each archived month.
    expect(tickets.map((x) => [x.status, x.priority]).sort()).toEqual([
      ["in-progress", "medium"],
      ["open", "high"],
      ["resolved", "medium"],
      ["resolved", "medium"],
      ["resolved", "medium"],
    ]);
    // Three archived monthly reports, with the demo's logged hours in them.
    const reports = await database.db.select().from(monthlyReports);
    expect(reports).toHaveLength(3);
    expect(reports.some((report) => report.data.hours.usedMinutes > 0)).toBe(true);
    await database.close();
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("PostgreSQL", () => {
  it("runs the same migrations, idempotently, also when two servers start at once", async () => {
    const url = await createPostgresDatabase();
    try {
      const [a, b] = await Promise.all([openDatabase({ url }), openDatabase({ url })]);
      expect([a.created, b.created].sort()).toEqual([false, true]);
      expect(await tableNames(a.db)).toEqual(tables);
      await Promise.all([a.close(), b.close()]);
      const again = await openDatabase({ url });
      expect(again.created).toBe(false);
      await again.close();
    } finally {
      await dropPostgresDatabase(url);
    }
  });
});
