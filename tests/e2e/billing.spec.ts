import type { Browser, Locator, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { wcagViolations } from "./support/axe";
import { emailedLink } from "./support/outbox";
import { pdfText } from "../support/pdf";

/*
 * Billing from both sides. The demo client's seeded billing is only read here (the portal
 * journeys read it too, in parallel); what changes billing (a plan, a plan request, an invoice, a
 * payment) happens to a client company each test invites for itself.
 */

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The rows of a table (with a header row on wide screens), data rows only. */
const dataRows = (table: Locator) =>
  table.getByRole("row").filter({ has: table.page().locator("td") });

/** The rows whose status cell reads `status` ("Paid", "Open", "Overdue", ...). */
const withStatus = (rows: Locator, status: string | RegExp) =>
  rows.filter({
    has: rows.page().getByRole("cell", {
      name: status,
      exact: typeof status === "string" ? true : undefined,
    }),
  });

function billingTab(page: Page) {
  return page.getByRole("tabpanel", { name: "Billing" });
}

async function expectNoViolations(page: Page, what: string) {
  expect(await wcagViolations(page), what).toEqual([]);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow, `horizontal scroll: ${what}`).toBeLessThanOrEqual(0);
}

/** Staff invite a client company; its owner's browser signs in with the emailed link. */
async function newClient(page: Page, browser: Browser, baseURL: string) {
  const email = `billing.${unique()}@harbor.example`;
  const companyName = `Billing Test ${unique()}`;
  const invited = await page.request.post("/api/admin/clients", {
    data: { email, companyName, firstName: "Robin" },
  });
  expect(invited.status()).toBe(201);
  const { id } = (await invited.json()) as { id: string };
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const client = await context.newPage();
  await client.goto(await emailedLink(email));
  await expect(client).toHaveURL(/\/dashboard/);
  return { id, companyName, client, close: () => context.close() };
}

test.describe("the demo client", () => {
  test.beforeEach(async ({ signIn }) => signIn("client"));

  test("sees the plan, the card and the invoices, opens the open one and downloads its PDF", async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.goto("/dashboard?tab=billing");
    const panel = billingTab(page);
    await expect(panel.getByRole("heading", { name: "Current Plan" })).toBeVisible();
    await expect(panel).toContainText("VPS Hosting");
    await expect(panel).toContainText("$24.99");
    await expect(panel.getByRole("heading", { name: "Payment Method" })).toBeVisible();
    await expect(panel).toContainText("Visa ending in 4242");
    await expect(panel).toContainText("Outstanding balance: $24.99");

    const invoices = panel.getByRole("table", { name: "Your invoices, newest first" });
    const rows = dataRows(invoices);
    await expect(withStatus(rows, "Paid").first()).toBeVisible();
    expect(await withStatus(rows, "Paid").count()).toBeGreaterThanOrEqual(2);
    // The latest month of hosting is still to pay (open, or overdue once its due date passed).
    const open = withStatus(rows, /^(Open|Overdue)$/);
    await expect(open).toHaveCount(1);
    const link = open.getByRole("link", { name: /^Open invoice HL-\d{4}-\d{4}$/ });
    const number = (await link.textContent())!.trim();
    expect(number).toMatch(/^HL-\d{4}-\d{4}$/);

    await link.click();
    await expect(page).toHaveURL(/\/dashboard\?tab=billing&invoice=[\w-]+$/);
    const invoiceUrl = page.url();
    const dialog = page.getByRole("dialog", { name: `Invoice ${number}` });
    await expect(dialog).toContainText("VPS Hosting");
    const totals = dialog.getByRole("definition").filter({ hasText: "$24.99" });
    await expect(totals.first()).toBeVisible();
    await expect(dialog.locator('dt:has-text("Balance due") + dd').last()).toHaveText("$24.99");

    const pdfLink = dialog.getByRole("link", { name: "Download PDF" });
    const [download] = await Promise.all([page.waitForEvent("download"), pdfLink.click()]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const pdf = await page.request.get((await pdfLink.getAttribute("href"))!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toContain("application/pdf");
    expect((await pdf.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");

    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL("/dashboard?tab=billing");

    // The link an invoice email carries opens the invoice.
    await page.goto(invoiceUrl);
    await expect(page.getByRole("dialog", { name: `Invoice ${number}` })).toBeVisible();
  });

  test("a friendly word after Stripe: a payment made, a card saved", async ({ page }) => {
    await page.goto("/dashboard?tab=billing&paid=1");
    await expect(
      page.getByRole("status").filter({ hasText: "Thank you for your payment" }),
    ).toBeVisible();
    await page.getByRole("button", { name: "Dismiss" }).click();
    await expect(page.getByText("Thank you for your payment")).toHaveCount(0);
    await expect(page).toHaveURL("/dashboard?tab=billing");

    await page.goto("/dashboard?tab=billing&card=saved");
    await expect(page.getByRole("status").filter({ hasText: "Your card is saved" })).toBeVisible();
  });

  for (const width of [375, 1280]) {
    test(`axe finds no WCAG 2.2 AA violation on the Billing tab, an invoice and the plan form at ${width} px`, async ({
      page,
    }) => {
      test.setTimeout(60_000);
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/dashboard?tab=billing");
      await expect(page.getByText("Visa ending in 4242")).toBeVisible();
      await expect(page.getByRole("heading", { name: "Payments" })).toBeVisible();
      await expect(page.getByText(/HL-\d{4}-\d{4}/).first()).toBeVisible();
      await expectNoViolations(page, "billing tab");

      await page
        .getByRole("link", { name: /^Open invoice HL-/ })
        .first()
        .click();
      const invoice = page.getByRole("dialog", { name: /^Invoice HL-/ });
      await expect(invoice).toContainText("Total");
      await expectNoViolations(page, "invoice");
      // Bank numbers are copied by people paying: each stays on one line, even on the
      // narrowest phones.
      if (width < 400) await page.setViewportSize({ width: 320, height: 900 });
      for (const label of ["Routing number (ACH)", "Account number"]) {
        const value = invoice.locator(`dt:text-is("${label}") + dd`);
        await expect(value).toHaveText(/^\d+$/);
        // One line box for the number's text (the cell itself stretches to its label's height).
        const lines = await value.evaluate((element) => {
          const range = document.createRange();
          range.selectNodeContents(element);
          return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
        });
        expect(lines, `${label} on one line`).toBe(1);
      }
      await page.setViewportSize({ width, height: 900 });
      await page.keyboard.press("Escape");

      await page.getByRole("button", { name: "Upgrade Plan" }).click();
      const form = page.getByRole("dialog", { name: "Upgrade Plan" });
      await form.getByRole("button", { name: "Send request" }).click();
      await expect(form.getByRole("alert")).toHaveText("Choose the plan you would like");
      await expectNoViolations(page, "plan request form with an error");
    });
  }
});

test("staff add a plan; the client asks for another, staff approve it at a price", async ({
  page,
  signIn,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signIn("admin");
  const { id, companyName, client, close } = await newClient(page, browser, baseURL!);
  try {
    await page.goto(`/admin/clients/${id}`);
    const billing = page.getByRole("region", { name: "Plans and billing" });
    await expect(billing).toContainText("No monthly plan.");
    await billing.getByRole("button", { name: "Add plan" }).click();
    const planForm = page.getByRole("dialog", { name: "Add a monthly plan" });
    await planForm.getByLabel("Plan").fill("VPS Hosting");
    await planForm.getByLabel("Monthly price ($)").fill("abc");
    await planForm.getByRole("button", { name: "Add plan" }).click();
    await expect(planForm).toContainText("Enter an amount in dollars, such as 1,200 or 24.99");
    await planForm.getByLabel("Monthly price ($)").fill("24.99");
    await planForm.getByLabel("Billing day").fill("15");
    await planForm.getByRole("button", { name: "Add plan" }).click();
    await expect(planForm).toHaveCount(0);
    await expect(billing).toContainText("VPS Hosting");
    await expect(billing).toContainText("$24.99/mo");
    await expect(billing).toContainText("Billed on day 15");

    // The client sees it, and asks for Business Hosting instead.
    await client.goto("/dashboard?tab=billing");
    const tab = billingTab(client);
    await expect(tab).toContainText("VPS Hosting");
    await expect(tab).toContainText("$24.99");
    await expect(tab).toContainText("No invoices yet.");
    await tab.getByRole("button", { name: "Upgrade Plan" }).click();
    const request = client.getByRole("dialog", { name: "Upgrade Plan" });
    await expect(request).toContainText("$120 - $240/mo");
    await request.getByRole("radio", { name: /Business Hosting/ }).check();
    await expect(request.getByRole("combobox", { name: "Instead of" })).toContainText(
      "VPS Hosting",
    );
    await request.getByLabel("Note (optional)").fill("We are opening a second shop.");
    await request.getByRole("button", { name: "Send request" }).click();
    await expect(request).toHaveCount(0);
    await expect(tab).toContainText(
      "Requested: Business Hosting instead of VPS Hosting, waiting for our team",
    );

    // Staff see it among the plan requests, and approve it at $149 a month.
    await page.goto("/admin/invoices");
    const requests = page.getByRole("region", { name: /^Plan requests/ });
    await expect(requests).toContainText("We are opening a second shop.");
    await requests
      .getByRole("button", { name: `Approve Business Hosting for ${companyName}` })
      .click();
    const approve = page.getByRole("dialog", { name: "Approve Business Hosting?" });
    await expect(approve).toContainText("$120 - $240/mo");
    await approve.getByLabel("Monthly price ($)").fill("149");
    await approve.getByRole("button", { name: "Approve at this price" }).click();
    await expect(approve).toHaveCount(0);
    await expect(
      page.getByRole("button", { name: `Approve Business Hosting for ${companyName}` }),
    ).toHaveCount(0);

    await client.reload();
    await expect(tab).toContainText("Business Hosting");
    await expect(tab).toContainText("$149.00");
    await expect(tab).not.toContainText("waiting for our team");
  } finally {
    await close();
  }
});

test("the owner keeps the billing address under Billing, staff change it, the invoice prints it", async ({
  page,
  signIn,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signIn("admin");
  const { id, companyName, client, close } = await newClient(page, browser, baseURL!);
  try {
    await client.goto("/dashboard?tab=billing");
    const form = billingTab(client).getByRole("form", { name: "Billing address" });
    const field = form.getByRole("textbox", { name: "Billing address" });
    await field.fill("1\n2\n3\n4\n5\n6\n7");
    await form.getByRole("button", { name: "Save address" }).click();
    await expect(form).toContainText("Billing address must be at most 6 lines");
    await field.fill("1204 Market Street\nTacoma, WA 98402");
    await form.getByRole("button", { name: "Save address" }).click();
    await expect(client.getByText("Billing address saved").first()).toBeVisible();

    // Staff see it on the client's page, and add a line.
    await page.goto(`/admin/clients/${id}`);
    const staffField = page
      .getByRole("region", { name: "Plans and billing" })
      .getByRole("textbox", { name: "Billing address" });
    await expect(staffField).toHaveValue("1204 Market Street\nTacoma, WA 98402");
    await staffField.fill("Attn: Robin\n1204 Market Street\nTacoma, WA 98402");
    await page.getByRole("button", { name: "Save address" }).click();
    await expect(page.getByText("Billing address saved").first()).toBeVisible();

    const created = await page.request.post("/api/admin/invoices", {
      data: {
        companyId: id,
        lines: [{ description: "Logo refresh", quantity: 1, unitPriceCents: 12_500 }],
        issue: true,
      },
    });
    expect(created.status()).toBe(201);
    const pdf = await client.request.get(`/api/invoices/${(await created.json()).id}/pdf`);
    expect(pdf.status()).toBe(200);
    const text = await pdfText(await pdf.body());
    expect(text).toContain(
      `BILL TO\n${companyName}\nAttn: Robin\n1204 Market Street\nTacoma, WA 98402`,
    );
    expect(text).toContain("Balance due $125.00");
    expect(text).toContain("Page 1 of 1");
  } finally {
    await close();
  }
});

test("staff invoice a client by hand and record a check; the client sees it paid", async ({
  page,
  signIn,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signIn("admin");
  const { id, companyName, client, close } = await newClient(page, browser, baseURL!);
  try {
    await page.goto(`/admin/clients/${id}`);
    await page
      .getByRole("region", { name: "Plans and billing" })
      .getByRole("link", { name: "New invoice" })
      .click();
    await expect(page).toHaveURL(`/admin/invoices/new?companyId=${id}`);
    await expect(page.getByRole("combobox", { name: "Client" })).toContainText(companyName);

    await page.getByRole("button", { name: "Issue and email" }).click();
    await expect(
      page.getByText("Each line needs a description of at least 2 characters"),
    ).toBeVisible();
    await page.getByLabel("Description").fill("Logo refresh");
    await page.getByLabel("Qty").fill("2");
    await page.getByLabel("Unit price ($)").fill("125");
    await expect(page.getByText("$250.00").first()).toBeVisible();
    // Kept as a draft first: no number, nothing sent, and the client sees nothing of it.
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(page).toHaveURL(/\/admin\/invoices\/[\w-]+$/);
    await expect(page.getByRole("heading", { level: 1, name: "Invoice Draft" })).toBeVisible();
    await client.goto("/dashboard?tab=billing");
    await expect(billingTab(client)).toContainText("No invoices yet.");

    await page.getByRole("button", { name: "Issue and email" }).click();
    const heading = page.getByRole("heading", { level: 1, name: /^Invoice HL-\d{4}-\d{4}$/ });
    await expect(heading).toBeVisible();
    const number = (await heading.textContent())!.replace("Invoice ", "");
    const detail = page.getByRole("region", { name: "Invoice" });
    await expect(detail).toContainText("Logo refresh");
    await expect(detail.locator('dt:has-text("Balance due") + dd').last()).toHaveText("$250.00");

    // The client has it to pay.
    await client.goto("/dashboard?tab=billing");
    const row = dataRows(billingTab(client).getByRole("table")).filter({ hasText: number });
    await expect(withStatus(row, "Open")).toHaveCount(1);
    await expect(billingTab(client)).toContainText("Outstanding balance: $250.00");

    await detail.getByRole("button", { name: "Record payment" }).click();
    const payment = page.getByRole("dialog", { name: "Record a payment" });
    await expect(payment.getByLabel("Amount ($)")).toHaveValue("250");
    await payment.getByRole("button", { name: "Record payment" }).click();
    await expect(payment).toContainText("Choose how it was paid");
    await payment.getByRole("combobox", { name: "Method" }).click();
    await page.getByRole("option", { name: "Check" }).click();
    await payment.getByLabel("Reference (optional)").fill("1042");
    await payment.getByRole("button", { name: "Record payment" }).click();
    await expect(payment).toHaveCount(0);
    await expect(detail.locator('dt:has-text("Balance due") + dd').last()).toHaveText("$0.00");
    await expect(detail).toContainText("Check");
    await expect(detail).toContainText("Ref. 1042");

    // The client sees it paid, and the payment.
    await client.reload();
    await expect(withStatus(row, "Paid")).toHaveCount(1);
    await expect(billingTab(client)).toContainText("Outstanding balance: $0.00");
    const payments = billingTab(client).getByRole("region", { name: "Payments" });
    await expect(payments).toContainText(`Invoice ${number}`);
    await expect(payments).toContainText("$250.00");

    // The invoices page lists it, found by its client.
    await page.goto(`/admin/invoices?companyId=${id}`);
    await expect(page.getByText("1 invoice", { exact: true })).toBeVisible();
    await expect(dataRows(page.getByRole("table"))).toContainText(number);
  } finally {
    await close();
  }
});

for (const width of [375, 1280]) {
  test(`axe finds no WCAG 2.2 AA violation on the invoices pages at ${width} px`, async ({
    page,
    signIn,
  }) => {
    test.setTimeout(60_000);
    await signIn("admin");
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/admin/invoices");
    await expect(page.getByRole("heading", { level: 1, name: "Invoices" })).toBeVisible();
    await expect(page.getByText("Revenue this month")).toBeVisible();
    await expect(page.getByText(/HL-\d{4}-\d{4}/).first()).toBeVisible();
    await expectNoViolations(page, "invoices list");

    // The demo client's latest month of hosting is past due: the figure leads to the late ones.
    await page.getByRole("button", { name: /^Show (it|them)$/ }).click();
    await expect(page).toHaveURL("/admin/invoices?overdue=true");
    const late = dataRows(page.getByRole("table", { name: "Invoices, newest first" }));
    await expect(withStatus(late, "Overdue").first()).toBeVisible();
    await expect(
      late.filter({ hasNot: page.getByRole("cell", { name: "Overdue", exact: true }) }),
    ).toHaveCount(0);
    await page.goto("/admin/invoices");

    await page
      .getByRole("link", { name: /^HL-\d{4}-\d{4}$/ })
      .first()
      .click();
    await expect(page.getByRole("heading", { level: 1, name: /^Invoice HL-/ })).toBeVisible();
    await expectNoViolations(page, "invoice");

    await page.goto("/admin/invoices/new");
    await page.getByRole("button", { name: "Issue and email" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Choose a client" })).toBeVisible();
    await expectNoViolations(page, "new invoice form with errors");
  });
}

test("staff void an invoice, mark one uncollectible and delete a draft", async ({
  page,
  signIn,
}) => {
  test.setTimeout(90_000);
  await signIn("admin");
  const invited = await page.request.post("/api/admin/clients", {
    data: { email: `void.${unique()}@harbor.example`, companyName: `Void Test ${unique()}` },
  });
  const { id: companyId } = (await invited.json()) as { id: string };
  const create = async (issue: boolean) => {
    const created = await page.request.post("/api/admin/invoices", {
      data: {
        companyId,
        issue,
        lines: [{ description: "Extra page", quantity: 1, unitPriceCents: 30000 }],
      },
    });
    expect(created.status()).toBe(201);
    return ((await created.json()) as { id: string }).id;
  };

  for (const [action, status] of [
    ["Void", "Void"],
    ["Mark uncollectible", "Uncollectible"],
  ] as const) {
    await page.goto(`/admin/invoices/${await create(true)}`);
    const detail = page.getByRole("region", { name: "Invoice" });
    await detail.getByRole("button", { name: action }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText(/^(Void|Mark) HL-\d{4}-\d{4}/);
    await confirm
      .getByRole("button", { name: action === "Void" ? "Void invoice" : action })
      .click();
    await expect(page.getByRole("heading", { level: 1 }).locator("xpath=..")).toContainText(status);
    await expect(detail.getByRole("button", { name: "Record payment" })).toHaveCount(0);
  }

  await page.goto(`/admin/invoices/${await create(false)}`);
  await page.getByRole("button", { name: "Delete draft" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete draft" }).click();
  await expect(page).toHaveURL(`/admin/clients/${companyId}`);
  const billing = page.getByRole("region", { name: "Plans and billing" });
  await expect(billing.getByRole("link", { name: /^HL-/ })).toHaveCount(2);
  await expect(billing).not.toContainText("Draft");
});
