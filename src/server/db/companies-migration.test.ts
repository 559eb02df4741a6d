import { asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { databaseAt, type OldDatabase } from "../../../tests/support/old-release";
import { databaseKinds } from "../../../tests/support/database";
import { findBilling } from "../billing/billing";
import { listDomains } from "../domains/domains";
import { listTickets } from "../tickets/tickets";
import { listWebsites } from "../websites/websites";
import { queryRows } from "./client";
import { companies, companyMembers, supportTickets } from "./schema";

/** The last migration before clients became companies. */
const BEFORE_COMPANIES = "0007_audit_events";

/**
 * The old shape: two clients with rows (one named, one known only by email), an invited client
 * with nothing yet, and a staff member who answered a ticket.
 */
async function seedOldClients(old: OldDatabase) {
  const insertUser = async (
    email: string,
    first: string | null,
    last: string | null,
    admin = false,
  ) =>
    (
      await old.query<{ id: string }>(
        `insert into users (email, first_name, last_name, is_admin, created_at)
         values ($1, $2, $3, $4, '2026-01-05T10:00:00Z') returning id`,
        [email, first, last, admin],
      )
    )[0]!.id;
  const jordan = await insertUser("jordan@riverabakery.example", "Jordan", "Rivera");
  const noName = await insertUser("owner@tidepool.example", null, null);
  const invited = await insertUser("new@harborcoffee.example", "Dev", null);
  const staff = await insertUser("avery@harborline.example", "Avery", "Staff", true);

  await old.query(
    `insert into websites (user_id, domain, plan, status) values
       ($1, 'riverabakery.example', 'VPS Hosting', 'active'),
       ($2, 'tidepool.example', 'Business', 'building')`,
    [jordan, noName],
  );
  await old.query(
    `insert into domains (user_id, domain, auto_renew) values
       ($1, 'riverabakery.example', true), ($1, 'riverabakery-catering.example', false)`,
    [jordan],
  );
  await old.query(
    `insert into billing_accounts (user_id, plan, monthly_cost_cents, card_brand, card_last4)
     values ($1, 'VPS Hosting', 2499, 'Visa', '4242')`,
    [jordan],
  );
  const [ticket] = await old.query<{ id: string }>(
    `insert into support_tickets (user_id, subject, status, priority)
     values ($1, 'Checkout is slow', 'open', 'high') returning id`,
    [jordan],
  );
  await old.query(
    `insert into ticket_messages (ticket_id, author_id, from_staff, body) values
       ($1, $2, false, 'The checkout takes ages on phones.'),
       ($1, $3, true, 'Looking into it now.')`,
    [ticket!.id, jordan, staff],
  );
  return { jordan, noName, invited, staff, ticketId: ticket!.id };
}

// Each test migrates two databases from scratch: slow on a loaded two-core machine.
describe.each(databaseKinds)("clients becoming companies on %s", { timeout: 120_000 }, (kind) => {
  it("makes each client the owner of a company of their own and moves every row to it", async () => {
    const database = await databaseAt(kind, BEFORE_COMPANIES);
    try {
      const old = await database.connect();
      const seeded = await seedOldClients(old);
      await old.close();

      const upgraded = await database.upgrade();
      try {
        expect(upgraded.created).toBe(false);
        const { db } = upgraded;
        // One company per client, named after them (their email when they have no name);
        // none for staff.
        const rows = await db
          .select({
            name: companies.name,
            userId: companyMembers.userId,
            role: companyMembers.role,
            companyId: companies.id,
          })
          .from(companies)
          .innerJoin(companyMembers, eq(companyMembers.companyId, companies.id))
          .orderBy(asc(companies.name));
        expect(rows.map(({ name, userId, role }) => [name, userId, role])).toEqual([
          ["Dev", seeded.invited, "owner"],
          ["Jordan Rivera", seeded.jordan, "owner"],
          ["owner@tidepool.example", seeded.noName, "owner"],
        ]);
        const companyOf = (userId: string) => rows.find((row) => row.userId === userId)!.companyId;

        // Every row is the company's now, and the portal reads it as before.
        const jordans = companyOf(seeded.jordan);
        expect((await listWebsites(db, jordans)).map((site) => site.domain)).toEqual([
          "riverabakery.example",
        ]);
        expect((await listDomains(db, jordans)).map((domain) => domain.domain).sort()).toEqual([
          "riverabakery-catering.example",
          "riverabakery.example",
        ]);
        // (A later migration made the typed plan a recurring plan.)
        expect(await findBilling(db, jordans, false)).toMatchObject({
          plans: [{ name: "VPS Hosting", amountCents: 2499, status: "active" }],
          monthlyCostCents: 2499,
          paymentMethod: { brand: "Visa", last4: "4242" },
        });
        const tickets = await listTickets(db, jordans);
        expect(tickets.map((ticket) => [ticket.id, ticket.openedBy])).toEqual([
          [seeded.ticketId, "Jordan Rivera"],
        ]);
        // A ticket keeps the member who opened it.
        const [ticket] = await db
          .select()
          .from(supportTickets)
          .where(eq(supportTickets.id, seeded.ticketId));
        expect(ticket).toMatchObject({ userId: seeded.jordan, companyId: jordans });
        expect(
          (await listWebsites(db, companyOf(seeded.noName))).map((site) => site.domain),
        ).toEqual(["tidepool.example"]);
        expect(await listWebsites(db, companyOf(seeded.invited))).toEqual([]);

        // The user columns are gone from what belongs to a company; the company's are required.
        const columns = await queryRows<{
          table_name: string;
          column_name: string;
          is_nullable: string;
        }>(
          db,
          sql`select table_name, column_name, is_nullable from information_schema.columns
               where table_schema = 'public'
                 and table_name in ('websites', 'domains', 'billing_accounts', 'support_tickets')
                 and column_name in ('user_id', 'company_id')
               order by table_name, column_name`,
        );
        expect(columns.map((c) => [c.table_name, c.column_name, c.is_nullable])).toEqual([
          ["billing_accounts", "company_id", "NO"],
          ["domains", "company_id", "NO"],
          ["support_tickets", "company_id", "NO"],
          ["support_tickets", "user_id", "NO"],
          ["websites", "company_id", "NO"],
        ]);

        // Rows go with their company.
        await db.delete(companies).where(eq(companies.id, jordans));
        expect(await listDomains(db, jordans)).toEqual([]);
        expect(await findBilling(db, jordans, false)).toMatchObject({
          plans: [],
          paymentMethod: null,
        });
      } finally {
        await upgraded.close();
      }
    } finally {
      await database.remove();
    }
  });

  it("keeps the rows of a staff member who owned some, in a company of their own", async () => {
    const database = await databaseAt(kind, BEFORE_COMPANIES);
    try {
      const old = await database.connect();
      const seeded = await seedOldClients(old);
      await old.query(
        `insert into support_tickets (user_id, subject, status, priority)
         values ($1, 'A test ticket by staff', 'closed', 'low')`,
        [seeded.staff],
      );
      await old.close();
      const upgraded = await database.upgrade();
      try {
        const [member] = await upgraded.db
          .select()
          .from(companyMembers)
          .where(eq(companyMembers.userId, seeded.staff));
        expect(member?.role).toBe("owner");
        expect(await listTickets(upgraded.db, member!.companyId)).toHaveLength(1);
      } finally {
        await upgraded.close();
      }
    } finally {
      await database.remove();
    }
  });
});
