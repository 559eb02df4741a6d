import type { Browser, Page } from "@playwright/test";
import { startSmtpSink, type ReceivedEmail, type SmtpSink } from "../support/smtp-sink";
import { OWN_SERVER_START_MS, startOwnServer, type OwnServer } from "./support/own-server";
import { expect, test } from "./support/fixtures";
import { wcagViolations } from "./support/axe";

/*
 * A heartbeat missed and then recovered, in the browser, on a server of its own that sends its
 * mail to a real SMTP sink and runs the monitor's pass every second: staff add a heartbeat to
 * the demo site, see its URL once, a minute and its grace pass without a beat, the incident shows
 * and the alert arrives; a good beat through the URL closes it, the recovery email arrives, and
 * the client's site page shows the job on time.
 */

const agencyInbox = "studio@harborline.example";
const domain = "riverabakery.example";
const shots = process.env.E2E_SCREENSHOTS;

let sink: SmtpSink;
let server: OwnServer;

test.beforeAll(async () => {
  test.setTimeout(OWN_SERVER_START_MS);
  sink = await startSmtpSink();
  server = await startOwnServer("heartbeat", {
    mail: sink,
    // The shortest interval: a monitor pass every second, so a missed beat is seen at once.
    env: { AGENCY_INBOX: agencyInbox, MONITOR_INTERVAL: "10" },
  });
});

test.afterAll(async () => {
  await server?.close();
  await sink?.stop();
});

async function mailTo(to: string, subject: RegExp, timeoutMs = 20_000): Promise<ReceivedEmail> {
  try {
    return await sink.waitForMail(
      (mail) => mail.to.includes(to) && subject.test(mail.subject),
      0,
      timeoutMs,
    );
  } catch {
    const arrived = sink.received.map((mail) => `${mail.to.join(", ")}: ${mail.subject}`);
    throw new Error(`no email to ${to} matching ${subject}; arrived:\n${arrived.join("\n")}`);
  }
}

async function signedInPage(browser: Browser, as: "admin" | "client", width: number) {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width, height: 900 },
  });
  const page = await context.newPage();
  expect((await page.request.post("/api/login/demo", { data: { as } })).status()).toBe(200);
  return page;
}

async function expectNoViolations(page: Page, what: string) {
  expect(await wcagViolations(page), what).toEqual([]);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow, `horizontal scroll: ${what}`).toBeLessThanOrEqual(0);
}

test("staff add a heartbeat; a missed beat alerts, and a good beat through its URL recovers it", async ({
  browser,
}) => {
  // A minute and ten seconds must pass without a beat.
  test.setTimeout(240_000);
  const staff = await signedInPage(browser, "admin", 1280);
  const clients = (await (await staff.request.get("/api/admin/clients?q=Rivera")).json()) as {
    id: string;
  }[];
  await staff.goto(`/admin/clients/${clients[0]!.id}`);
  await staff.getByRole("button", { name: `Heartbeats of ${domain}` }).click();
  const dialog = staff.getByRole("dialog", { name: `Heartbeats · ${domain}` });
  // The demo's nightly backup is there already.
  await expect(dialog.getByRole("list", { name: `Heartbeats of ${domain}` })).toContainText(
    "Nightly backup",
  );

  // A grace of 0 is refused with what to fix; nothing is added.
  await dialog.getByLabel("Job's name").fill("Offsite copy");
  await dialog.getByRole("textbox", { name: "Runs every" }).fill("1");
  await dialog.getByRole("combobox", { name: "Runs every: unit" }).selectOption("minutes");
  await dialog.getByRole("textbox", { name: "Grace" }).fill("0");
  await dialog.getByRole("button", { name: "Add heartbeat" }).click();
  await expect(dialog).toContainText("Grace must be a whole number of seconds from 10");
  await expect(dialog.getByRole("list", { name: `Heartbeats of ${domain}` })).not.toContainText(
    "Offsite copy",
  );
  await dialog.getByRole("textbox", { name: "Grace" }).fill("10");
  await dialog.getByRole("combobox", { name: "Grace: unit" }).selectOption("seconds");
  await expectNoViolations(staff, "heartbeat form");
  await dialog.getByRole("button", { name: "Add heartbeat" }).click();

  // The URL, once, with the line a job ends with.
  await expect(dialog).toContainText("Heartbeat “Offsite copy” added");
  const url = await dialog.getByLabel("The heartbeat's URL").inputValue();
  expect(url).toMatch(new RegExp(`^${server.url}/api/heartbeats/hlb_[\\w-]{43}$`));
  await expect(dialog.locator("pre")).toContainText(`curl -fsS -m 10 --retry 3 ${url}`);
  await expectNoViolations(staff, "new heartbeat");
  if (shots) await staff.screenshot({ path: `${shots}/heartbeat-created-1280.png` });
  await dialog.getByRole("button", { name: "I have copied it" }).click();
  await expect(dialog).not.toContainText(url);
  const listed = dialog.getByRole("list", { name: `Heartbeats of ${domain}` });
  await expect(listed).toContainText("Offsite copy");
  await expect(listed).toContainText("No beat yet");
  await staff.keyboard.press("Escape");

  // No beat in the minute and its 10 s of grace: an incident and one alert.
  const missed = await mailTo(agencyInbox, /Offsite copy missed its heartbeat/, 150_000);
  expect(missed.subject).toBe(`${domain}: Offsite copy missed its heartbeat`);
  expect(missed.text).toContain("no beat in 1 minute and 10 seconds of grace");
  await staff.goto("/admin/monitoring");
  const jobs = staff.getByRole("table", { name: /Heartbeats of the live sites/ });
  await expect(jobs.getByRole("row").filter({ hasText: "Offsite copy" })).toContainText("Missed");
  const open = staff.getByRole("table", { name: /Open incidents|open incidents/i });
  await expect(open).toContainText("Heartbeat missed or failed · Offsite copy");

  // The job runs: a good beat through the URL closes the incident.
  const beat = await fetch(url, { method: "POST" });
  expect(beat.status).toBe(200);
  const recovered = await mailTo(agencyInbox, /Offsite copy is running again/);
  expect(recovered.subject).toMatch(/^riverabakery\.example: Offsite copy is running again/);
  await staff.reload();
  await expect(jobs.getByRole("row").filter({ hasText: "Offsite copy" })).toContainText("On time");
  await expect(staff.getByRole("table", { name: /closed this week/i })).toContainText(
    "Heartbeat missed or failed",
  );
  await expectNoViolations(staff, "monitoring with heartbeats");
  if (shots)
    await staff.screenshot({ path: `${shots}/heartbeats-monitoring-1280.png`, fullPage: true });
  // Exactly one alert and one recovery for the incident.
  expect(
    sink.received.filter(
      (mail) => mail.subject === missed.subject && mail.to.includes(agencyInbox),
    ),
  ).toHaveLength(1);

  // A wrong token changes nothing.
  expect((await fetch(`${url}x`)).status).toBe(404);

  // The client sees the job beside the site's checks, at both widths.
  for (const width of [375, 1280]) {
    const client = await signedInPage(browser, "client", width);
    await client.goto("/dashboard");
    await client.getByRole("link", { name: `Details of ${domain}` }).click();
    const list = client.getByRole("list", { name: "Scheduled jobs" });
    await expect(list).toContainText("Nightly backup", { timeout: 15_000 });
    await expect(list.getByRole("listitem").filter({ hasText: "Offsite copy" })).toContainText(
      "On time",
    );
    await expectNoViolations(client, `site page at ${width}`);
    if (shots) {
      await list.scrollIntoViewIfNeeded();
      await client.screenshot({ path: `${shots}/site-heartbeats-${width}.png` });
    }
    await client.context().close();
  }
});
