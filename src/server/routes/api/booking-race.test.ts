import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../../tests/support/app";
import { aStaffMember } from "../../../../tests/support/factories";
import { twoAppInstances } from "../../../../tests/support/instances";
import { bookings, leads, outboxEmails } from "../../db/schema";

/**
 * Two server instances, each with its own connection pool, on one PostgreSQL database: 20
 * visitors race for one slot, half through each. The exclusion constraint lets exactly one in.
 */
describe.runIf(process.env.TEST_DATABASE_URL)(
  "20 visitors racing for one slot on two instances",
  () => {
    let a: TestApp;
    let b: TestApp;
    let close: () => Promise<void>;

    beforeAll(async () => {
      ({ a, b, close } = await twoAppInstances());
      await aStaffMember(a.database.db, { email: "avery@harborline.example" });
    });
    afterAll(() => close?.());

    it("books exactly one; the 19 others get 409 with fresh slots, and nothing of theirs is kept", async () => {
      const slots = (await a.app.inject({ method: "GET", url: "/api/bookings/slots" })).json()
        .slots;
      const slot = slots[3];
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          (i % 2 ? a : b).app.inject({
            method: "POST",
            url: "/api/bookings",
            remoteAddress: `10.20.0.${i + 1}`,
            payload: {
              startsAt: slot,
              timeZone: "Asia/Tokyo",
              name: `Racer ${i + 1}`,
              email: `racer-${i + 1}@example.com`,
            },
          }),
        ),
      );
      // Each answer with its body, so a failure shows what the others were told.
      const told = answers.map((answer) => `${answer.statusCode} ${answer.body.slice(0, 120)}`);
      expect(answers.map((answer) => answer.statusCode).sort(), told.join("\n")).toEqual([
        201,
        ...Array<number>(19).fill(409),
      ]);
      for (const lost of answers.filter((answer) => answer.statusCode === 409)) {
        expect(lost.json().message).toBe("That time was just taken: please pick another");
        expect(lost.json().slots).not.toContain(slot);
        expect(lost.json().slots.length).toBeGreaterThan(10);
      }
      const { db } = a.database;
      expect((await db.select({ n: count() }).from(bookings))[0]!.n).toBe(1);
      // A loser's lead and emails rolled back with its booking.
      expect((await db.select({ n: count() }).from(leads))[0]!.n).toBe(1);
      expect(
        (
          await db
            .select({ n: count() })
            .from(outboxEmails)
            .where(eq(outboxEmails.kind, "booking-confirmation"))
        )[0]!.n,
      ).toBe(1);
    });
  },
);
