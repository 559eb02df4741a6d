import { OWN_SERVER_START_MS, startOwnServer, type OwnServer } from "./support/own-server";
import { startStripeStandIn, type StripeStandIn } from "../support/stripe-stand-in";
import { expect, test } from "./support/fixtures";

/*
 * Paying an invoice by card and saving a card, in the browser, on a server of its own whose Stripe is the local
 * stand-in: Pay now opens the stand-in's checkout page (as Stripe Checkout would open), its Pay
 * button sends the app the signed payment_intent.succeeded event and returns to the portal, where
 * the invoice now reads Paid.
 */

// One server and one stand-in for the file's journeys.
test.describe.configure({ mode: "serial" });

let stripe: StripeStandIn;
let server: OwnServer;

test.beforeAll(async () => {
  test.setTimeout(OWN_SERVER_START_MS);
  stripe = await startStripeStandIn();
  server = await startOwnServer("card", {
    env: {
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_URL: stripe.url,
    },
  });
  stripe.webhookUrl = `${server.url}/api/stripe/webhook`;
});

test.afterAll(async () => {
  await server?.close();
  await stripe?.close();
});

test("the demo client pays the open invoice by card and comes back to see it paid", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  const signedIn = await page.request.post("/api/login/demo", { data: { as: "client" } });
  expect(signedIn.status()).toBe(200);

  await page.goto("/dashboard?tab=billing");
  const panel = page.getByRole("tabpanel", { name: "Billing" });
  await expect(panel).toContainText("Outstanding balance: $24.99");
  const rows = panel
    .getByRole("table", { name: "Your invoices, newest first" })
    .getByRole("row")
    .filter({ has: page.locator("td") });
  const open = rows.filter({ has: page.getByRole("cell", { name: /^(Open|Overdue)$/ }) });
  await expect(open).toHaveCount(1);
  const number = (await open.getByRole("link", { name: /^Open invoice / }).textContent())!.trim();

  await open.getByRole("button", { name: "Pay now" }).click();
  await expect(page).toHaveURL(new RegExp(`^${stripe.url}/pay/cs_test_`));
  await expect(page.getByRole("heading", { name: "Pay $24.99" })).toBeVisible();
  const [asked] = stripe.requestsTo("POST /v1/checkout/sessions");
  expect(asked!.body).toMatchObject({
    mode: "payment",
    line_items: [
      { price_data: { unit_amount: "2499", product_data: { name: `Invoice ${number}` } } },
    ],
  });

  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\?tab=billing&invoice=[\w-]+&paid=1$/);
  await expect(page.getByText("Thank you for your payment")).toBeVisible();
  const dialog = page.getByRole("dialog", { name: `Invoice ${number}` });
  await expect(dialog).toContainText("Paid");
  await expect(dialog.getByRole("button", { name: "Pay now" })).toHaveCount(0);
  await page.keyboard.press("Escape");

  const paid = rows.filter({ has: page.getByRole("link", { name: `Open invoice ${number}` }) });
  await expect(paid.getByRole("cell", { name: "Paid", exact: true })).toBeVisible();
  await expect(panel).toContainText("Outstanding balance: $0.00");
  await context.close();
});

test("the demo client replaces the card on file through Stripe and sees the new one", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  stripe.card = { brand: "mastercard", last4: "5100", exp_month: 9, exp_year: 2031 };
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  const signedIn = await page.request.post("/api/login/demo", { data: { as: "client" } });
  expect(signedIn.status()).toBe(200);

  await page.goto("/dashboard?tab=billing");
  const panel = page.getByRole("tabpanel", { name: "Billing" });
  await expect(panel).toContainText("Visa ending in 4242");
  await panel.getByRole("button", { name: "Update Payment Method" }).click();
  await expect(page).toHaveURL(new RegExp(`^${stripe.url}/pay/cs_test_`));
  await page.getByRole("button", { name: "Save card" }).click();

  await expect(page).toHaveURL(/\/dashboard\?tab=billing&card=saved$/);
  await expect(page.getByText("Your card is saved")).toBeVisible();
  await expect(panel).toContainText("Mastercard ending in 5100");
  await expect(panel).not.toContainText("Visa ending in 4242");
  await context.close();
});
