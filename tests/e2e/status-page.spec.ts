import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";
import { OWN_SERVER_START_MS, startOwnServer, type OwnServer } from "./support/own-server";
import { wcagViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";

/*
 * The demo client's public status page, on a server of its own that sends its mail to a real SMTP
 * sink: readable and accessible on a phone and a desktop with no script, and a visitor's
 * subscription confirmed through the emailed link (double opt-in).
 */

let sink: SmtpSink;
let server: OwnServer;

// One server for the three tests: they run in order in one worker.
test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(OWN_SERVER_START_MS);
  sink = await startSmtpSink();
  server = await startOwnServer("status", { mail: sink });
});

test.afterAll(async () => {
  await server?.close();
  await sink?.stop();
});

for (const width of [375, 1280]) {
  test(`the demo's status page at ${width} px shows its site, bars and past incident, with no script`, async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: { width, height: 900 },
    });
    const page = await context.newPage();
    const answer = await page.goto("/status/rivera-bakery");
    expect(answer?.status()).toBe(200);
    expect((await answer!.body()).length).toBeLessThan(30 * 1024);
    await expect(
      page.getByRole("heading", { level: 1, name: "Rivera Bakery status" }),
    ).toBeVisible();
    await expect(
      page.getByRole("heading", { name: "riverabakery.example", exact: true }),
    ).toBeVisible();
    // The demo's window next week, under its own heading.
    await expect(page.getByRole("heading", { name: "Scheduled maintenance" })).toBeVisible();
    await expect(page.getByText(/riverabakery\.example · .* to /)).toBeVisible();
    await expect(page.getByText(/uptime over the last 90 days/)).toBeVisible();
    await expect(
      page
        .getByRole("list", { name: "riverabakery.example: daily uptime, last 90 days" })
        .getByRole("listitem"),
    ).toHaveCount(90);
    await expect(
      page.getByText("The web server ran out of memory", { exact: false }),
    ).toBeVisible();
    expect(await page.locator("script").count()).toBe(0);
    // Nothing wider than the screen.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await wcagViolations(page)).toEqual([]);
    await page.screenshot({
      path: test.info().outputPath(`status-page-${width}.png`),
      fullPage: true,
    });
    await context.close();
  });
}

test("a visitor subscribes, and the subscription is confirmed through the emailed link", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  // The page has no script of its own: the form is a plain HTML form.
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await page.goto("/status/rivera-bakery");
  await page.getByRole("textbox", { name: "Email" }).fill("regular.customer@example.com");
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByRole("heading", { name: "Almost done" })).toBeVisible();

  const mail = await sink.waitForMail(
    (m) =>
      m.to.includes("regular.customer@example.com") && /Confirm your subscription/.test(m.subject),
    0,
    20_000,
  );
  const link = /http:\/\/127\.0\.0\.1:\d+\/status\/rivera-bakery\/confirm\?token=[\w-]+/.exec(
    mail.text,
  )?.[0];
  expect(link).toBeTruthy();
  await page.goto(link!);
  await expect(page.getByRole("heading", { name: "Subscription confirmed" })).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);
  await context.close();
});
