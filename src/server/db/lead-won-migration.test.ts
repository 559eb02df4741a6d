import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { databaseAt } from "../../../tests/support/old-release";
import { databaseKinds } from "../../../tests/support/database";
import { leads } from "./schema";

/** The last migration before a lead was won by its accepted proposal rather than by converting. */
const BEFORE = "0016_inbound_sender_check";

// Each test migrates two databases from scratch: slow on a loaded two-core machine.
describe.each(databaseKinds)(
  "giving converted leads back their stage on %s",
  { timeout: 120_000 },
  (kind) => {
    it("un-wins leads that only a conversion made won, and keeps every other win", async () => {
      const database = await databaseAt(kind, BEFORE);
      try {
        const old = await database.connect();
        const lead = async (reference: string, companyId: string | null) => {
          const [row] = await old.query<{ id: string }>(
            `insert into leads (kind, reference, name, email, subject, message, status, company_id)
           values ('contact', $1, 'Maria Lopez', 'maria@example.com', 'A new website',
                   'We need a site with online ordering.', 'won', $2) returning id`,
            [reference, companyId],
          );
          return row!.id;
        };
        const company = async (name: string) =>
          (
            await old.query<{ id: string }>(
              `insert into companies (name) values ($1) returning id`,
              [name],
            )
          )[0]!.id;
        const converted = async (leadId: string, before: string, at: string) =>
          old.query(
            `insert into audit_events (action, target_type, target_id, changes, created_at)
           values ('lead.converted', 'lead', $1, $2, $3)`,
            [leadId, JSON.stringify({ before: { status: before }, after: { status: "won" } }), at],
          );

        // Converted, nothing signed: back to where it was.
        const unsigned = await lead("HL-UNSGN", await company("Lopez Florals"));
        await converted(unsigned, "qualified", "2026-03-01T10:00:00Z");
        // Converted, then its client accepted a proposal: won.
        const signedCompany = await company("Harbor Coffee");
        const signed = await lead("HL-SIGND", signedCompany);
        await converted(signed, "contacted", "2026-03-01T10:00:00Z");
        await old.query(`insert into proposals (company_id, status) values ($1, 'accepted')`, [
          signedCompany,
        ]);
        // Converted, then staff marked it won themselves: their word stands.
        const marked = await lead("HL-MARKD", await company("Gig Harbor Kayaks"));
        await converted(marked, "new", "2026-03-01T10:00:00Z");
        await old.query(
          `insert into audit_events (action, target_type, target_id, created_at)
         values ('lead.status-changed', 'lead', $1, '2026-03-02T10:00:00Z')`,
          [marked],
        );
        // Won by hand, never converted.
        const byHand = await lead("HL-BYHND", null);
        await old.close();

        const upgraded = await database.upgrade();
        try {
          const statusOf = async (id: string) =>
            (await upgraded.db.select().from(leads).where(eq(leads.id, id)))[0]!.status;
          expect(await statusOf(unsigned)).toBe("qualified");
          expect(await statusOf(signed)).toBe("won");
          expect(await statusOf(marked)).toBe("won");
          expect(await statusOf(byHand)).toBe("won");
        } finally {
          await upgraded.close();
        }
      } finally {
        await database.remove();
      }
    });
  },
);
