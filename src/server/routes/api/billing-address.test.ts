import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  callApi,
  companyOf,
  createTestApp,
  signInAs,
  type TestApp,
  type CallArgs,
} from "../../../../tests/support/app";
import { databaseKinds } from "../../../../tests/support/database";
import { aStaffMember } from "../../../../tests/support/factories";
import { pdfText } from "../../../../tests/support/pdf";
import * as schema from "../../db/schema";

const staffEmail = "avery@harborline.example";

describe.each(databaseKinds)("a client's billing address on %s", (kind) => {
  let t: TestApp;
  let staff: string;
  let owner: string;
  let books: string;
  let member: string;
  let companyId: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { ADMIN_EMAILS: staffEmail });
    await aStaffMember(t.database.db, { email: staffEmail });
    staff = await signInAs(t, staffEmail);
    owner = await signInAs(t, "owner@tidepool.example");
    companyId = await companyOf(t, "owner@tidepool.example");
    books = await signInAs(t, "books@tidepool.example", { companyId, role: "billing" });
    member = await signInAs(t, "dev@tidepool.example", { companyId, role: "member" });
  });
  afterAll(() => t.close());

  const call = (...args: CallArgs) => callApi(t, ...args);
  const stored = async () =>
    (
      await t.database.db
        .select({ billingAddress: schema.companies.billingAddress })
        .from(schema.companies)
        .where(eq(schema.companies.id, companyId))
    )[0]!.billingAddress;
  const invoicePdfText = async () => {
    const created = await call(staff, "POST", "/api/admin/invoices", {
      companyId,
      lines: [{ description: "Care plan", quantity: 1, unitPriceCents: 9_900 }],
      issue: true,
    });
    expect(created.statusCode).toBe(201);
    const pdf = await call(owner, "GET", `/api/invoices/${created.json().id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    return pdfText(pdf.rawPayload);
  };

  it("is kept by the owner under Billing and printed under the company's name", async () => {
    const saved = await call(owner, "PUT", "/api/billing/address", {
      billingAddress: "  1204 Market Street \n\n Tacoma, WA 98402\nUnited States  ",
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().billingAddress).toBe("1204 Market Street\nTacoma, WA 98402\nUnited States");
    expect((await call(books, "GET", "/api/billing")).json().billingAddress).toBe(
      "1204 Market Street\nTacoma, WA 98402\nUnited States",
    );
    expect(await invoicePdfText()).toContain(
      "BILL TO\nowner@tidepool.example\n1204 Market Street\nTacoma, WA 98402\nUnited States",
    );
  });

  it("is set by staff on the client's page, audited with what it was", async () => {
    const saved = await call(staff, "PUT", `/api/admin/clients/${companyId}/billing-address`, {
      billingAddress: "Suite 4\n88 Pacific Avenue\nTacoma, WA 98402",
    });
    expect(saved.statusCode).toBe(200);
    expect(
      (await call(staff, "GET", `/api/admin/clients/${companyId}/billing`)).json(),
    ).toMatchObject({ billingAddress: "Suite 4\n88 Pacific Avenue\nTacoma, WA 98402" });
    const changes = (
      await t.database.db
        .select({ changes: schema.auditEvents.changes })
        .from(schema.auditEvents)
        .where(eq(schema.auditEvents.action, "client.billing-address-changed"))
    ).map((event) => event.changes);
    expect(changes).toContainEqual({
      before: { billingAddress: "1204 Market Street\nTacoma, WA 98402\nUnited States" },
      after: { billingAddress: "Suite 4\n88 Pacific Avenue\nTacoma, WA 98402" },
    });
    expect(await invoicePdfText()).toContain("88 Pacific Avenue");
  });

  it("refuses bad input with what to fix, and keeps the address", async () => {
    const before = await stored();
    const cases: [unknown, string][] = [
      [
        { billingAddress: "1\n2\n3\n4\n5\n6\n7" },
        "Billing address must be at most 6 lines: street, city and postal code, country",
      ],
      [{ billingAddress: "x".repeat(401) }, "Billing address must be at most 400 characters"],
      [{ billingAddress: 12 }, "Billing address must be text"],
      [
        { billingAddress: "Main\u0000Street" },
        "Billing address must not contain control characters",
      ],
      [{}, "Billing address must be text"],
    ];
    for (const [body, message] of cases) {
      const refused = await call(owner, "PUT", "/api/billing/address", body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors.billingAddress).toBe(message);
    }
    expect(await stored()).toBe(before);
  });

  it("is not the business of plain members, nor of a company that does not exist", async () => {
    const before = await stored();
    const refused = await call(member, "PUT", "/api/billing/address", {
      billingAddress: "Elsewhere",
    });
    expect(refused.statusCode).toBe(404);
    const missing = await call(
      staff,
      "PUT",
      "/api/admin/clients/00000000-0000-4000-8000-000000000000/billing-address",
      { billingAddress: "Elsewhere" },
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: "Client not found" });
    expect(await stored()).toBe(before);
  });

  it("is removed with empty text, and the invoice prints the name alone", async () => {
    const cleared = await call(owner, "PUT", "/api/billing/address", { billingAddress: " \n " });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().billingAddress).toBeNull();
    expect(await stored()).toBeNull();
    expect(await invoicePdfText()).toMatch(/BILL TO\nowner@tidepool\.example\n\$/);
  });
});
