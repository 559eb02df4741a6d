import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  callApi,
  signInAs,
  type TestApp,
  createTestApp,
  type CallArgs,
} from "../../../../tests/support/app";
import { databaseKinds } from "../../../../tests/support/database";
import { aClient, aStaffMember } from "../../../../tests/support/factories";
import { websites } from "../../db/schema";

const staffEmail = "avery@harborline.example";

describe.each(databaseKinds)("a website's keyword check, set by staff, on %s", (kind) => {
  let t: TestApp;
  let staff: string;
  let companyId: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { ADMIN_EMAILS: staffEmail });
    await aStaffMember(t.database.db, { email: staffEmail });
    companyId = (await aClient(t.database.db, { name: "Rivera Bakery" })).company.id;
    staff = await signInAs(t, staffEmail);
  });
  afterAll(() => t.close());

  const call = (...args: CallArgs) => callApi(t, ...args);
  const site = { domain: "riverabakery.example", plan: "Business", status: "active" };

  it("stores the keyword trimmed with its rule, shows it, and turns the check off when cleared", async () => {
    const added = await call(staff, "POST", `/api/admin/clients/${companyId}/websites`, {
      ...site,
      checkKeyword: "  Database error  ",
      checkKeywordMustBe: "absent",
    });
    expect(added.statusCode).toBe(200);
    const [created] = added.json().websites;
    expect(created).toMatchObject({ checkKeyword: "Database error", checkKeywordMustBe: "absent" });

    // Without a rule, the page must contain it; 200 characters is the most.
    const longest = "W".repeat(200);
    const changed = await call(staff, "PUT", `/api/admin/websites/${created.id}`, {
      ...site,
      checkKeyword: longest,
    });
    expect(changed.json().websites[0]).toMatchObject({
      checkKeyword: longest,
      checkKeywordMustBe: "present",
    });

    const cleared = await call(staff, "PUT", `/api/admin/websites/${created.id}`, {
      ...site,
      checkKeyword: "",
      checkKeywordMustBe: "absent",
    });
    expect(cleared.json().websites[0]).toMatchObject({ checkKeyword: null });
    await call(staff, "DELETE", `/api/admin/websites/${created.id}`);
  });

  it("refuses a bad keyword or rule with 400 naming the field, and stores nothing", async () => {
    const [kept] = (
      await call(staff, "POST", `/api/admin/clients/${companyId}/websites`, {
        ...site,
        domain: "kept.example",
        checkKeyword: "Welcome",
      })
    ).json().websites;
    const rowsBefore = await t.database.db.select().from(websites);

    for (const [field, value, message] of [
      ["checkKeyword", "Database\nerror", "Keyword must be on one line: remove the line breaks"],
      ["checkKeyword", "x".repeat(201), "Keyword must be at most 200 characters"],
      [
        "checkKeyword",
        "\u200b\u200b",
        "Keyword must contain visible characters, not only spaces or invisible ones",
      ],
      ["checkKeyword", "bad\u0000byte", "Keyword must not contain control characters"],
      ["checkKeyword", 42, "Keyword must be text"],
      ["checkKeywordMustBe", "sometimes", "Choose whether the page must or must not contain it"],
      ["checkKeywordMustBe", null, "Choose whether the page must or must not contain it"],
    ] as const) {
      const body = { ...site, checkKeyword: "Welcome", [field]: value };
      const refusedAdd = await call(staff, "POST", `/api/admin/clients/${companyId}/websites`, {
        ...body,
        domain: "refused.example",
      });
      expect(refusedAdd.statusCode, `${field} ${String(value)}`).toBe(400);
      expect(refusedAdd.json().errors).toEqual({ [field]: message });
      const refusedChange = await call(staff, "PUT", `/api/admin/websites/${kept.id}`, body);
      expect(refusedChange.statusCode, `${field} ${String(value)}`).toBe(400);
      expect(refusedChange.json().errors).toEqual({ [field]: message });
    }
    expect(await t.database.db.select().from(websites)).toEqual(rowsBefore);
  });
});
