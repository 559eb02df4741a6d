import { wcagViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";

/*
 * Where a status page is run: the owner's panel in the portal's Team tab, and staff's incident
 * updates in the back office's monitoring view, with the demo's page and its past incident.
 */

for (const width of [375, 1280]) {
  test(`the owner's status page panel at ${width} px`, async ({ page, signIn }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width, height: 900 });
    await signIn("client");
    await page.goto("/dashboard?tab=team");
    const panel = page.getByRole("region", { name: "Status page" });
    await expect(panel).toBeVisible();
    await expect(panel.getByLabel("Show the status page publicly")).toBeChecked();
    await expect(panel.getByLabel("riverabakery.example")).toBeChecked();
    await expect(panel.getByRole("link", { name: "Open page" })).toHaveAttribute(
      "href",
      "/status/rivera-bakery",
    );
    // Owners set no host name: staff do.
    await expect(panel.getByLabel("Client's own host name")).toHaveCount(0);
    await panel.getByLabel("Address").fill("Not OK!");
    await panel.getByRole("button", { name: "Save status page" }).click();
    await expect(panel.getByText(/Address must be 3 to 60 lower-case letters/)).toBeVisible();
    expect(await wcagViolations(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`panel-${width}.png`), fullPage: true });
  });
}

test("staff see the incidents with their updates in the monitoring view", async ({
  page,
  signIn,
}) => {
  test.setTimeout(60_000);
  await signIn("admin");
  await page.goto("/admin/monitoring");
  const updates = page.getByRole("region", { name: "Incident updates" });
  await expect(updates).toBeVisible();
  await expect(
    updates.getByText("The web server ran out of memory", { exact: false }),
  ).toBeVisible();
  await expect(page.getByRole("region", { name: "Open an incident" })).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath("monitoring.png"), fullPage: true });
});
