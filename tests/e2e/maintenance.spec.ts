import http from "node:http";
import type { Browser, Page } from "@playwright/test";
import { close, listen } from "../support/local-server";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";
import { OWN_SERVER_START_MS, startOwnServer, type OwnServer } from "./support/own-server";
import { wcagViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";

/*
 * A maintenance window suppresses the alert: on a server of its own that checks sites every 10 s
 * and sends mail to a real SMTP sink, staff schedule a window on one of two sites in the back
 * office; both sites then fail. The other site's down email arrives; the one in maintenance is
 * seen down by the monitor but opens no incident and sends no down email, and the client is
 * told the maintenance started. The portal shows the maintenance on the dashboard and the site.
 */

const agencyInbox = "studio@harborline.example";
const unique = `${Date.now().toString(36)}`;
const inMaintenance = `maint-${unique}.example`;
const control = `control-${unique}.example`;

let sink: SmtpSink;
let server: OwnServer;
/** The sites' stand-in: answers 200 until the test makes it fail. */
const target = { failing: false, url: "", server: undefined as unknown as http.Server };

test.beforeAll(async () => {
  test.setTimeout(OWN_SERVER_START_MS);
  sink = await startSmtpSink();
  target.server = http.createServer((_req, res) => {
    res.writeHead(target.failing ? 503 : 200).end(target.failing ? "down" : "ok");
  });
  target.url = await listen(target.server);
  server = await startOwnServer("maintenance", {
    mail: sink,
    env: { AGENCY_INBOX: agencyInbox, MONITOR_INTERVAL: "10" },
  });
});

test.afterAll(async () => {
  await server?.close();
  await sink?.stop();
  if (target.server) await close(target.server);
});

async function signedIn(browser: Browser, as: "admin" | "client", width: number): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width, height: 900 },
  });
  const page = await context.newPage();
  expect((await page.request.post("/api/login/demo", { data: { as } })).status()).toBe(200);
  return page;
}

const subjects = () => sink.received.map((mail) => mail.subject);

test("a maintenance window keeps a failing site's alert back, and the client sees the maintenance", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const staff = await signedIn(browser, "admin", 1280);
  const clients = await staff.request.get("/api/admin/clients?q=Rivera");
  const [company] = (await clients.json()) as { id: string }[];
  const siteIds: Record<string, string> = {};
  for (const domain of [inMaintenance, control]) {
    const added = await staff.request.post(`/api/admin/clients/${company!.id}/websites`, {
      data: {
        domain,
        plan: "Starter Hosting",
        status: "active",
        checkUrl: `${target.url}/${domain}`,
      },
    });
    expect(added.status()).toBe(200);
    const page = (await added.json()) as { websites: { id: string; domain: string }[] };
    siteIds[domain] = page.websites.find((site) => site.domain === domain)!.id;
  }

  // Staff schedule the window on the client's page; a window ending before it starts is refused.
  await staff.goto(`/admin/clients/${company!.id}`);
  const panel = staff.getByRole("region", { name: "Maintenance windows" });
  const local = (offsetMs: number) =>
    staff.evaluate((offset) => {
      const at = new Date(Date.now() + offset);
      const pad = (n: number) => String(n).padStart(2, "0");
      return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
    }, offsetMs);
  await panel.getByRole("checkbox", { name: inMaintenance }).check();
  await panel.getByLabel("Starts").fill(await local(0));
  await panel.getByLabel("Ends").fill(await local(-3_600_000));
  await panel.getByLabel("Note for the client").fill("Moving the site to a faster server.");
  await panel.getByRole("button", { name: "Schedule maintenance" }).click();
  await expect(panel.getByText("End must be after the start")).toBeVisible();
  // Nothing stored: the list holds the demo's window of next week alone.
  const scheduled = panel.getByRole("list", { name: "Maintenance windows" });
  await expect(scheduled.getByRole("listitem")).toHaveCount(1);
  await panel.getByLabel("Ends").fill(await local(2 * 3_600_000));
  await panel.getByRole("button", { name: "Schedule maintenance" }).click();
  await expect(scheduled.getByRole("listitem")).toHaveCount(2);
  await expect(scheduled.getByRole("listitem").first()).toContainText(inMaintenance);
  await expect(scheduled.getByRole("listitem").first()).toContainText("Ongoing");
  expect(await wcagViolations(staff), "client page with maintenance").toEqual([]);
  const shots = process.env.E2E_SCREENSHOTS;
  if (shots) await panel.screenshot({ path: `${shots}/maintenance-staff-1280.png` });

  // Both sites fail. The control site's down email arrives; by then the monitor has seen the
  // site in maintenance down too, and no incident nor email came of it.
  target.failing = true;
  await sink.waitForMail((mail) => mail.subject === `${control} is down`, 0, 90_000);
  await expect(async () => {
    const overview = await (await staff.request.get("/api/admin/monitoring")).json();
    const site = overview.sites.find((s: { domain: string }) => s.domain === inMaintenance);
    expect(site.status).toBe("down");
    expect(overview.openIncidents.map((i: { domain: string }) => i.domain)).toContain(control);
    expect(overview.openIncidents.map((i: { domain: string }) => i.domain)).not.toContain(
      inMaintenance,
    );
  }).toPass({ timeout: 60_000 });
  expect(subjects()).not.toContain(`${inMaintenance} is down`);
  // The client was told the maintenance started.
  await sink.waitForMail(
    (mail) =>
      mail.to.includes("demo@example.com") &&
      mail.subject === `Maintenance has started on ${inMaintenance}`,
    0,
    20_000,
  );

  // The portal shows the maintenance on the dashboard and on the site's page.
  for (const width of [375, 1280]) {
    const client = await signedIn(browser, "client", width);
    await client.goto("/dashboard");
    const planned = client.getByRole("list", { name: "Planned maintenance" });
    await expect(planned).toContainText(inMaintenance);
    await expect(planned).toContainText("Under maintenance");
    await client.goto(`/dashboard/sites/${siteIds[inMaintenance]}`);
    const windows = client.getByRole("list", { name: "Maintenance windows" });
    await expect(windows).toContainText("Moving the site to a faster server.");
    await expect(client.getByText(/maintenance on 1 day, not counted/)).toBeAttached();
    expect(await wcagViolations(client), `site page at ${width}`).toEqual([]);
    if (shots) {
      await client.screenshot({ path: `${shots}/maintenance-site-${width}.png`, fullPage: true });
    }
    await client.context().close();
  }
  expect(subjects()).not.toContain(`${inMaintenance} is down`);
});
